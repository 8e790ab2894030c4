#!/usr/bin/env node
// `pnpm docs:packaging` (after `pnpm build`): packs each published package as a user gets it,
// measures its files and sizes and counts billing-domain's migrations, and writes them into
// docs/packaging.md between its `packaging-figures` markers, so the document is re-measured by
// this script, never by hand. With --check it changes nothing and exits 1 when the document's
// counts (files per tarball, migrations) are not the measured ones; sizes, which move with every
// change of code, are written but not compared. `pnpm check:packages` runs the same check on the
// tarballs it packs.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DOC = join(ROOT, 'docs/packaging.md');
export const PACKAGES = ['pricing-core', 'billing-domain', 'http-adapter', 'client'];
const START = '<!-- packaging-figures:start (written by scripts/packaging-figures.mjs) -->';
const END = '<!-- packaging-figures:end -->';

/** Files, packed bytes and unpacked bytes of a tarball. */
export function measureTarball(dir, tarball) {
  // `tar tzv` lists each entry as "mode owner size date time name".
  const entries = execFileSync('tar', ['tzvf', tarball], { encoding: 'utf8' }).trim().split('\n');
  const unpacked = entries.reduce((sum, line) => sum + Number(line.trim().split(/\s+/)[2] ?? 0), 0);
  return { dir, files: entries.length, packed: statSync(tarball).size, unpacked };
}

/** The tarball `pnpm pack` makes of one package, in `work`. */
function pack(dir, work) {
  const cwd = join(ROOT, 'packages', dir);
  return execFileSync('pnpm', ['pack', '--pack-destination', work], { cwd, encoding: 'utf8' }).trim().split('\n').at(-1).trim();
}

const kb = (bytes) => `${Math.round(bytes / 1024)} KB`;

function block(figures, migrations) {
  return [
    START,
    '| package | files | packed | unpacked |',
    '|---|---|---|---|',
    ...figures.map((f) => `| \`@billing/${f.dir}\` | ${f.files} | ${kb(f.packed)} | ${kb(f.unpacked)} |`),
    '',
    `billing-domain's tarball holds its ${migrations} migrations (\`migrations/*.sql\`).`,
    END,
  ].join('\n');
}

const migrationCount = () => readdirSync(join(ROOT, 'packages/billing-domain/migrations')).filter((f) => f.endsWith('.sql')).length;

/** The figures block of the document: [start, end, text]. */
function documented() {
  const doc = readFileSync(DOC, 'utf8');
  const at = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (at < 0 || end < at) throw new Error(`${DOC} has no ${START} ... ${END} block`);
  return { doc, at, end };
}

const counts = (text) => [...text.matchAll(/^\| `@billing\/([\w-]+)` \| (\d+) \|/gm)].map((m) => `${m[1]} ${m[2]}`).concat(/its (\d+) migrations/.exec(text)?.[1] ?? '');

/**
 * Throws when the counts docs/packaging.md gives (files per tarball, migrations) are not those of
 * `figures` (from `measureTarball`); returns them when they are.
 * @example checkPackagingDoc(PACKAGES.map((dir) => measureTarball(dir, tarballs[dir])))
 */
export function checkPackagingDoc(figures) {
  const { doc, at, end } = documented();
  const written = counts(doc.slice(at, end));
  const now = counts(block(figures, migrationCount()));
  if (JSON.stringify(written) !== JSON.stringify(now)) {
    throw new Error(`docs/packaging.md says ${written.join(', ')}; measured ${now.join(', ')}: run pnpm docs:packaging`);
  }
  return now.join(', ');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const work = mkdtempSync(join(tmpdir(), 'billing-figures-'));
  try {
    const figures = PACKAGES.map((dir) => measureTarball(dir, pack(dir, work)));
    if (process.argv.includes('--check')) {
      console.log(`docs/packaging.md figures current: ${checkPackagingDoc(figures)}`);
    } else {
      const { doc, at, end } = documented();
      const measured = block(figures, migrationCount());
      writeFileSync(DOC, doc.slice(0, at) + measured + doc.slice(end + END.length));
      console.log(measured);
    }
  } catch (error) {
    console.error(error.message);
    process.exitCode = 1;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
