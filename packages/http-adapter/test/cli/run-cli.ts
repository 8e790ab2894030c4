import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PLAN_REQUEST_EXAMPLE } from '../../src/routes/plan-example.js';
import { processBuild, REPO_ROOT } from '../support/server-process.js';

/** The CLI's entry: `src/cli/main.ts` bundled at the start of this test run. */
export const CLI_ENTRY = processBuild().cli;

/** The CLI as a shell command line, for tests that need a shell (pipes, a terminal). */
export const CLI_COMMAND = `${process.execPath} ${CLI_ENTRY}`;

const OWN_ENV = /^(BILLING_|DATABASE_URL$|PORT$|HOST$|LOG_LEVEL$|NODE_ENV$)/i;

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A data folder no development server uses: the CLI must not find the credentials of one a developer runs in the repository. */
const NO_DEVELOPMENT_SERVER = join(tmpdir(), 'billing-cli-test-no-development-server');

/**
 * Runs the `billing` CLI as a process (built from the sources), with only the given variables
 * configuring it (BILLING_DATA_DIR, unless given, a folder without a development server).
 */
export function runCli(args: string[], options: { env?: Record<string, string>; stdin?: string; cwd?: string } = {}): Promise<CliRun> {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !OWN_ENV.test(k)));
  const child = spawn(process.execPath, [CLI_ENTRY, ...args], {
    cwd: options.cwd ?? REPO_ROOT,
    env: { ...inherited, BILLING_DATA_DIR: NO_DEVELOPMENT_SERVER, ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(options.stdin ?? '');
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A small valid plan request: two instances, an add-on, pooled egress, 10% off, 20% tax (the OpenAPI example). */
export const SAMPLE_PLAN = PLAN_REQUEST_EXAMPLE;
