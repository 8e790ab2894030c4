import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { processBuild, REPO_ROOT } from '../support/server-process.js';

/** Runs support/guarded-process.ts (bundled at the start of the test run) in the given mode. */
function run(mode: string): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, [processBuild().guardedProcess, mode], { cwd: REPO_ROOT });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, out })));
}

describe('process-level errors', () => {
  it('an unhandled rejection is logged (error, with its stack) and the process keeps serving', async () => {
    const { code, out } = await run('rejection');
    expect(out).toMatch(/"level":50.*unhandled promise rejection \(kept serving\)/);
    expect(out).toContain('abandoned work failed');
    expect(out).toContain('still serving');
    expect(code).toBe(0);
  });

  it('an uncaught exception is logged (fatal), the server drains, and the process exits 1', async () => {
    const { code, out } = await run('exception');
    expect(out).toMatch(/"level":60.*uncaught exception: draining and exiting/);
    expect(out).toContain('bug outside any request');
    expect(out).toContain('drained');
    expect(out).not.toContain('still serving');
    expect(code).toBe(1);
  });
});
