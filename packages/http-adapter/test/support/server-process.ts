import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import type { ProcessBuild } from './process-build.js';
import { createTestDatabase, postgresAvailability } from './postgres.js';

/** The repository root. */
export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../../..');

const OWN_ENV = /^(BILLING_|DATABASE_URL$|PORT$|HOST$|LOG_LEVEL$|NODE_ENV$)/;

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  /** Sends the signal and resolves with how the process ended. */
  stop: (signal?: NodeJS.Signals) => Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** The processes this test run built from the sources (test/support/global-setup.ts). */
export function processBuild(): ProcessBuild {
  const built = inject('processBuild');
  if (built === undefined) throw new Error("no process build: the project's vitest config must list test/support/global-setup.ts in globalSetup");
  return built;
}

// A server that a test left running must not outlive the test file's process (it would keep its port,
// its data folder and a share of the CPU for the rest of the run).
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * The server as a user starts it (`node main.js`): bundled from the sources at the start of the
 * test run, or the published build (`dist/main.js`) when BILLING_E2E_DIST=1. Only the given
 * variables configure it. `wrapper` runs it under another program (`['strace', ...]`).
 */
export function spawnServer(env: Record<string, string>, wrapper: readonly string[] = []) {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !OWN_ENV.test(k)));
  const dist = join(REPO_ROOT, 'packages/http-adapter/dist/main.js');
  const entry = process.env['BILLING_E2E_DIST'] === '1' && existsSync(dist) ? dist : processBuild().server;
  const [command = process.execPath, ...args] = [...wrapper, process.execPath, entry];
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    env: { ...inherited, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, stdout: () => out, stderr: () => err, exited };
}

/**
 * `DATABASE_URL: SCRATCH_STORE` asks startServer for a store of the server's own for a test about
 * HTTP, the CLI, the pages or hostile input rather than about the embedded store: a new database on
 * the test PostgreSQL when it answers (dropped once the server has stopped), else PGlite in memory.
 * NOTE: a server on PostgreSQL is ready in well under a second; on PGlite in memory it first creates
 * its cluster, about 4 s of CPU on every start, which a run of some 40 servers pays on 2 cores.
 */
export const SCRATCH_STORE = 'scratch-store-for-this-test';

let postgresAnswers: boolean | undefined;

/** The database behind SCRATCH_STORE, and how to remove it. */
function scratchStore(): { url: string; drop: () => void } {
  postgresAnswers ??= postgresAvailability().ok;
  return postgresAnswers ? createTestDatabase('billing_http_scratch') : { url: 'memory://', drop: () => undefined };
}

/** Spawns the server and waits until it listens and /readyz answers 200. */
export async function startServer(env: Record<string, string>, wrapper: readonly string[] = []): Promise<ServerProcess> {
  const scratch = env['DATABASE_URL'] === SCRATCH_STORE ? scratchStore() : undefined;
  const proc = spawnServer(scratch === undefined ? env : { ...env, DATABASE_URL: scratch.url }, wrapper);
  if (scratch !== undefined) void proc.exited.then(scratch.drop);
  let ended: { code: number | null } | null = null;
  void proc.exited.then((e) => (ended = e));
  let url = '';
  for (;;) {
    if (ended) throw new Error(`server exited (${JSON.stringify(ended)}):\n${proc.stderr()}\n${proc.stdout()}`);
    const port = /"msg":"listening"/.test(proc.stdout()) ? /"port":(\d+)/.exec(proc.stdout())?.[1] : undefined;
    if (port) {
      url = `http://127.0.0.1:${port}`;
      const ready = await fetch(`${url}/readyz`).then((r) => r.status === 200, () => false);
      if (ready) break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    child: proc.child,
    stdout: proc.stdout,
    stderr: proc.stderr,
    stop: async (signal = 'SIGTERM') => {
      if (proc.child.exitCode === null && proc.child.signalCode === null) proc.child.kill(signal);
      return proc.exited;
    },
  };
}
