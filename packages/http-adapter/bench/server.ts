import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../test/support/server-process.js';

/** A server process under load; its log goes to a file, so reading it costs the load generator nothing. */
export interface BenchServer {
  url: string;
  child: ChildProcess;
  /** The server's own process (`child`, or the program `wrapper` started). */
  pid: number;
  stop: () => Promise<void>;
}

/** The first child process of `pid` (Linux /proc), or undefined. */
function childOf(pid: number | undefined): number | undefined {
  try {
    const first = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/)[0];
    return first ? Number(first) : undefined;
  } catch {
    return undefined;
  }
}

const DIST = join(REPO_ROOT, 'packages/http-adapter/dist/main.js');

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith('.ts') || entry.name.endsWith('.sql')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

let entry: { args: string[]; label: string } | undefined;

/**
 * The built server, as `pnpm start` runs it: the packages are built first when a dist is missing
 * or older than its sources (the sources through tsx cost about 40% more CPU per webhook delivery,
 * which would be measured as the server's own). `BENCH_SOURCES=1` measures the sources instead;
 * `BENCH_SERVER=<path of a built main.js>` another build (another checkout, for before and after).
 */
export function serverEntry(): { args: string[]; label: string } {
  if (entry !== undefined) return entry;
  const other = process.env['BENCH_SERVER'];
  if (other !== undefined && other !== '') {
    entry = { args: [other], label: `${other} (BENCH_SERVER)` };
    return entry;
  }
  if (process.env['BENCH_SOURCES'] === '1') {
    entry = {
      args: ['--conditions=source', '--import', 'tsx', join(REPO_ROOT, 'packages/http-adapter/src/main.ts')],
      label: 'sources through tsx (BENCH_SOURCES=1)',
    };
    return entry;
  }
  const packages = ['pricing-core', 'billing-domain', 'http-adapter'].map((p) => join(REPO_ROOT, 'packages', p));
  const fresh = () =>
    existsSync(DIST) &&
    packages.every((p) => {
      const dist = join(p, 'dist/index.js');
      return existsSync(dist) && statSync(dist).mtimeMs >= newestSource(join(p, 'src'));
    });
  let label = 'built dist (packages/http-adapter/dist/main.js)';
  if (!fresh()) {
    process.stderr.write('building the packages first (a dist is missing or older than its sources)...\n');
    const built = spawnSync('pnpm', ['build'], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    if (built.status !== 0 || !fresh()) throw new Error('pnpm build failed; the benchmark measures the built server');
    label = 'built dist (packages/http-adapter/dist/main.js, built for this run)';
  }
  entry = { args: [DIST], label };
  return entry;
}

/**
 * Starts `node <entry>` (this build's server unless `entry` names another) on 127.0.0.1 with a free
 * port and waits for /readyz; under `wrapper` (`['strace', ...]`) when given. The port is read from
 * the server's "listening" line, or is `env.PORT` when that names one (a server whose LOG_LEVEL
 * writes no such line).
 */
export async function startBenchServer(
  env: Record<string, string>,
  options: { cpuProfDir?: string; entry?: string[]; wrapper?: string[] } = {},
): Promise<BenchServer> {
  const logDir = mkdtempSync(join(tmpdir(), 'billing-bench-log-'));
  const logPath = join(logDir, 'server.log');
  const log = openSync(logPath, 'w');
  const profile = options.cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfDir}`] : [];
  const wrapper = options.wrapper ?? [];
  const [command = process.execPath, ...args] = [...wrapper, process.execPath, ...profile, ...(options.entry ?? serverEntry().args)];
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', NODE_ENV: 'production', ...env },
    stdio: ['ignore', log, log],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // NOTE: BENCH_START_SECONDS (default 180): a busy machine starts the server slowly (tsx compiles the sources with BENCH_SOURCES=1).
  const startSeconds = Number(process.env['BENCH_START_SECONDS'] ?? 180);
  const deadline = Date.now() + startSeconds * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited at start:\n${readFileSync(logPath, 'utf8').slice(-2000)}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start within ${startSeconds} s`);
    }
    const fixedPort = env['PORT'] !== undefined && env['PORT'] !== '0' ? env['PORT'] : undefined;
    const port = fixedPort ?? (/"msg":"listening"/.test(readFileSync(logPath, 'utf8')) ? /"port":(\d+)/.exec(readFileSync(logPath, 'utf8'))?.[1] : undefined);
    if (port) {
      const url = `http://127.0.0.1:${port}`;
      if (await fetch(`${url}/readyz`).then((r) => r.status === 200, () => false)) {
        const pid = (wrapper.length > 0 ? childOf(child.pid) : child.pid) ?? 0;
        return {
          url,
          child,
          pid,
          stop: async () => {
            // NOTE: a wrapper (strace) passes no signal on: the server itself is stopped.
            if (child.exitCode === null) {
              if (pid > 0) process.kill(pid, 'SIGTERM');
              else child.kill('SIGTERM');
            }
            await exited;
          },
        };
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
