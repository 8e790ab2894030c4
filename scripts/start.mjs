#!/usr/bin/env node
// `pnpm start`: builds the packages when their dist is missing or older than their sources,
// then runs the server, forwarding signals and its exit code.
// NOTE: package.json runs it as `exec node scripts/start.mjs`: pnpm runs scripts with sh, and
// dash dies of the Ctrl-C that the server handles (draining, exit 0), so pnpm would report a
// failure (ELIFECYCLE) for a clean stop; with exec this process is pnpm's child and its code counts.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PACKAGES = ['pricing-core', 'billing-domain', 'http-adapter'];
const OUTPUTS = { 'http-adapter': ['dist/index.js', 'dist/main.js'] };
const SERVER = join(root, 'packages/http-adapter/dist/main.js');

/** Newest modification time under `dir` (0 when it does not exist). */
function newest(dir) {
  if (!existsSync(dir)) return 0;
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

/** Why a package needs building, or null when its dist is current. */
function staleReason(name) {
  const pkg = join(root, 'packages', name);
  const outputs = (OUTPUTS[name] ?? ['dist/index.js']).map((file) => join(pkg, file));
  const missing = outputs.find((file) => !existsSync(file));
  if (missing) return `${name}: ${missing.slice(root.length + 1)} is missing`;
  const built = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  const sources = Math.max(
    newest(join(pkg, 'src')),
    ...['package.json', 'tsup.config.ts'].map((f) => (existsSync(join(pkg, f)) ? statSync(join(pkg, f)).mtimeMs : 0)),
  );
  return sources > built ? `${name}: sources changed since the last build` : null;
}

function build(reasons) {
  process.stderr.write(`Building first (${reasons.join('; ')})...\n`);
  // NOTE: under `pnpm start`, npm_execpath is pnpm itself; otherwise pnpm must be on PATH.
  const execPath = process.env.npm_execpath;
  const [command, args] = execPath && /pnpm/.test(execPath) ? [process.execPath, [execPath, 'build']] : ['pnpm', ['build']];
  const result = spawnSync(command, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], shell: process.platform === 'win32' });
  if (result.error) {
    process.stderr.write(`Build could not run: ${result.error.message}\n`);
    process.exit(1);
  }
  if (result.status !== 0) {
    process.stderr.write(`Build failed (exit ${result.status}).\n`);
    process.exit(result.status ?? 1);
  }
}

const reasons = PACKAGES.map(staleReason).filter((r) => r !== null);
if (reasons.length > 0) build(reasons);

const child = spawn(process.execPath, [SERVER], { cwd: root, stdio: 'inherit', env: process.env });
const forward = (signal) => {
  if (child.exitCode === null && child.signalCode === null) child.kill(signal);
};
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => forward(signal));
child.on('error', (error) => {
  process.stderr.write(`Server could not start: ${error.message}\n`);
  process.exit(1);
});
child.on('exit', (code, signal) => {
  if (signal) {
    // NOTE: die of the same signal so a supervisor sees what the server saw.
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  } else {
    process.exit(code ?? 1);
  }
});
