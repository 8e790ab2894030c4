import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI_COMMAND } from '../cli/run-cli.js';
import { REPO_ROOT, startServer, type ServerProcess } from '../support/server-process.js';

/** One step of the README's quick start: the command after `$ ` and the output shown under it. */
interface Step {
  command: string;
  expected: string[];
}

/** The `console` blocks of the README's "Quick start" section, in order. */
function quickStartSteps(): Step[] {
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  const section = /^## Quick start[^\n]*\n([\s\S]*?)^## /m.exec(readme)?.[1] ?? '';
  return [...section.matchAll(/```console\n([\s\S]*?)```/g)].map(([, block]) => {
    const lines = block!.split('\n').map((line) => line.trim()).filter((line) => line !== '');
    return { command: lines[0]!.replace(/^\$ /, ''), expected: lines.slice(1) };
  });
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** What differs from run to run, replaced by a placeholder on both sides. */
function masked(text: string): string {
  return text
    .replace(UUID, '<uuid>')
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g, '<time>')
    .replace(/eyJ[\w-]+\.[\w-]+\.[\w-]+/g, '<token>')
    .replace(/\b(evt_cli_|evt_|evd_)[0-9a-f]+/g, '$1<hex>')
    .replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:<port>')
    .replace(/\(key [0-9a-f]{12}\)/g, '(key <key>)');
}

/** Each shown line, `...` within a line matching anything, must match a line of the output, in order; returns the first that does not. */
function firstUnmatched(expected: string[], output: string): string | undefined {
  const actual = masked(output).split('\n').map((line) => line.trim());
  let at = 0;
  for (const line of expected) {
    if (line === '...') continue;
    const pattern = new RegExp(`^${masked(line).split('...').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
    while (at < actual.length && !pattern.test(actual[at]!)) at++;
    if (at === actual.length) return line;
    at++;
  }
  return undefined;
}

const dir = mkdtempSync(join(tmpdir(), 'billing-readme-'));
const dataDir = join(dir, 'data');
let server: ServerProcess | undefined;
let listener: ChildProcess | undefined;
afterAll(async () => {
  listener?.kill('SIGINT');
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** The command as the README writes it, run by bash from the repository, `pnpm billing` being this run's build of the CLI and 8080 this server's port. */
function shellCommand(command: string, url: string, ids: Map<string, string>): string {
  let line = command.replace(/pnpm (-s )?billing/g, CLI_COMMAND).replaceAll('http://127.0.0.1:8080', url);
  for (const [shown, real] of ids) line = line.replaceAll(shown, real);
  return line;
}

function run(command: string): ChildProcess & { output: () => string; done: Promise<number | null> } {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(BILLING_|DATABASE_URL$|PORT$|HOST$|NODE_ENV$)/.test(k)));
  const child = spawn('bash', ['-c', command], { cwd: REPO_ROOT, env: { ...inherited, BILLING_DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const done = new Promise<number | null>((resolve) => child.on('close', resolve));
  return Object.assign(child, { output: () => output.replaceAll(dataDir, '.billing-data'), done });
}

describe("the README's quick start", () => {
  it('runs as written against a development server from this checkout, each command printing what the README shows', async () => {
    const steps = quickStartSteps();
    expect(steps.map((s) => s.command.split(' ').slice(0, 4).join(' '))).toEqual([
      'pnpm start',
      'pnpm billing listen',
      'curl -sS -X POST',
      'pnpm billing webhook send',
      'pnpm billing addons list',
      'pnpm billing addons cancel',
      'pnpm billing addons undo-cancel',
      "curl -sS -o /dev/null",
    ]);
    // The README's add-on id (the first shown) stands for the one this run makes.
    const shownId = steps.flatMap((s) => s.expected).join('\n').match(UUID)?.[0] ?? '';
    const ids = new Map<string, string>();
    let listening: ReturnType<typeof run> | undefined;
    for (const step of steps) {
      if (step.command === 'pnpm start') {
        server = await startServer({ BILLING_DATA_DIR: dataDir });
        expect(firstUnmatched(step.expected, server.stdout().replaceAll(dataDir, '.billing-data'))).toBeUndefined();
        continue;
      }
      const command = shellCommand(step.command, server!.url, ids);
      if (step.command.startsWith('pnpm billing listen')) {
        listening = run(command);
        listener = listening;
        await expect.poll(() => listening!.output(), { timeout: 30_000 }).toMatch(/^Ready: /m);
        continue;
      }
      const child = run(command);
      const code = await child.done;
      expect({ command: step.command, code, output: child.output() }).toMatchObject({ code: 0 });
      expect(firstUnmatched(step.expected, child.output()), `${step.command}\n${child.output()}`).toBeUndefined();
      const made = child.output().match(UUID)?.[0];
      if (made !== undefined && !ids.has(shownId)) ids.set(shownId, made);
    }
    const listenStep = steps.find((s) => s.command.startsWith('pnpm billing listen'))!;
    await expect.poll(() => firstUnmatched(listenStep.expected, listening!.output()), { timeout: 30_000 }).toBeUndefined();
  }, 240_000); // NOTE: eight processes one after another; a busy machine takes minutes.
});
