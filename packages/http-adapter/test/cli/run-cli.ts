import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { PLAN_REQUEST_EXAMPLE } from '../../src/routes/plan-example.js';
import { REPO_ROOT } from '../support/server-process.js';

const ENTRY = join(REPO_ROOT, 'packages/http-adapter/src/cli/main.ts');

/** The CLI as a shell command line, for tests that need a shell (pipes). */
export const CLI_COMMAND = `${process.execPath} --conditions=source --import tsx ${ENTRY}`;

const OWN_ENV = /^(BILLING_|DATABASE_URL$|PORT$|HOST$|LOG_LEVEL$|NODE_ENV$)/i;

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the `billing` CLI as a process from its source entry, with only the given variables configuring it. */
export function runCli(args: string[], options: { env?: Record<string, string>; stdin?: string; cwd?: string } = {}): Promise<CliRun> {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !OWN_ENV.test(k)));
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', ENTRY, ...args], {
    cwd: options.cwd ?? REPO_ROOT,
    env: { ...inherited, ...options.env },
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
