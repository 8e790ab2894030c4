#!/usr/bin/env node
// `pnpm check:packages` (run by CI after `pnpm build`): packs every publishable package and
// checks what a user of npm gets. Each tarball holds only dist (and migrations), README.md,
// LICENSE and CHANGELOG.md; publint --strict and are-the-types-wrong find no problem; and
// @billing/pricing-core, installed with npm into a fresh project, works from require(), from
// import, from a browser bundle (size checked) and from its /testing kit, and its types compile
// in a NodeNext project; @billing/client, installed the same way, calls through a fetch stand-in
// from require() and import, verifies an event, and its types compile in a NodeNext project.
// Both type checks run with skipLibCheck off, as a strict user compiles.
// NOTE: the checks run in two lanes at once (each package's own checks, then a consumer project),
// as most of them wait on one single-threaded command; each line is printed as its check ends.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { BUNDLE_SIZE_LIMIT_KB, describeBundle, measureBundle } from '../packages/pricing-core/scripts/bundle-size.mjs';
import { CLIENT_CONSUMER_FILES, CONSUMER_FILES } from './consumer-files.mjs';
import { checkPackagingDoc, measureTarball } from './packaging-figures.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const REPOSITORY = 'https://github.com/billing-engine/billing';
// NOTE: the server is ESM only (docs/packaging.md), so are-the-types-wrong checks it with its
// esm-only profile (no CommonJS or node10 resolution); the libraries get every resolution.
const PACKAGES = [
  { dir: 'pricing-core', attw: [] },
  { dir: 'billing-domain', attw: [] },
  { dir: 'http-adapter', attw: ['--profile', 'esm-only'] },
  { dir: 'client', attw: [] },
];
const ALLOWED = /^package\/(package\.json|README\.md|LICENSE|CHANGELOG\.md|dist\/[^/]+\.(js|cjs|d\.ts|d\.cts)|migrations\/[^/]+\.sql)$/;
// NOTE: the server also serves its pages: the calculator's files and the browser build of the
// engine it loads (/calculator); and its two bins are files of their own that import dist.
const SERVER_PAGES = /^package\/(assets\/calculator\/[^/]+\.(html|js|css)|dist\/browser\/pricing-core\.js|bin\/(billing|billing-server)\.js)$/;
const REQUIRED = ['package/package.json', 'package/README.md', 'package/LICENSE', 'package/CHANGELOG.md'];

const failures = [];
const started = Date.now();
const log = (message) => console.log(`[${((Date.now() - started) / 1000).toFixed(1)}s] ${message}`);
const execFileAsync = promisify(execFile);
const run = async (command, args, cwd) => (await execFileAsync(command, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })).stdout;

/** Runs a check; a thrown error (or a failed command) is recorded with its output. */
async function check(name, body) {
  try {
    const note = await body();
    log(`ok   ${name}${note ? ` (${note})` : ''}`);
  } catch (error) {
    const output = [error.stdout, error.stderr].filter(Boolean).join('\n').trim();
    failures.push(name);
    log(`FAIL ${name}: ${error.message.split('\n')[0]}${output ? `\n${output}` : ''}`);
  }
}

const work = mkdtempSync(join(tmpdir(), 'billing-packages-'));
const tarballs = {};

/** A package's own checks: its tarball's contents, its manifest, publint and are-the-types-wrong. */
async function checkPackage({ dir, attw }) {
  const cwd = join(ROOT, 'packages', dir);
  await check(`${dir}: pnpm pack holds only what a user needs`, async () => {
    const out = (await run('pnpm', ['pack', '--pack-destination', work], cwd)).trim().split('\n');
    const tarball = out.at(-1).trim();
    tarballs[dir] = tarball;
    const files = (await run('tar', ['tzf', tarball])).trim().split('\n');
    const extra = files.filter((file) => !ALLOWED.test(file) && !(dir === 'http-adapter' && SERVER_PAGES.test(file)));
    const missing = REQUIRED.filter((file) => !files.includes(file));
    if (extra.length > 0 || missing.length > 0) {
      throw new Error(`unexpected: ${extra.join(', ') || 'none'}; missing: ${missing.join(', ') || 'none'}`);
    }
    return `${files.length} files, ${(statSync(tarball).size / 1024).toFixed(1)} KB packed`;
  });
  await check(`${dir}: publishConfig.exports = exports without the source condition`, () => {
    const manifest = JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8'));
    const strip = (value) =>
      value !== null && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).filter(([key]) => key !== 'source').map(([key, v]) => [key, strip(v)]))
        : value;
    const expected = JSON.stringify(strip(manifest.exports));
    if (JSON.stringify(manifest.publishConfig?.exports) !== expected) throw new Error(`publishConfig.exports should be ${expected}`);
  });
  await check(`${dir}: repository, homepage and bugs point at the repository; the README links absolutely`, () => {
    const manifest = JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8'));
    const wrong = [];
    if (manifest.repository?.url !== `git+${REPOSITORY}.git` || manifest.repository?.directory !== `packages/${dir}`) wrong.push('repository');
    if (typeof manifest.homepage !== 'string' || !manifest.homepage.startsWith(REPOSITORY)) wrong.push('homepage');
    if (manifest.bugs?.url !== `${REPOSITORY}/issues`) wrong.push('bugs');
    // NOTE: npm shows the README away from the repository, where a relative link leads nowhere.
    const relative = [...readFileSync(join(cwd, 'README.md'), 'utf8').matchAll(/\]\((?!https?:|#)([^)]+)\)/g)].map((m) => m[1]);
    if (relative.length > 0) wrong.push(`README links ${relative.join(', ')}`);
    if (wrong.length > 0) throw new Error(`wrong or missing: ${wrong.join('; ')}`);
  });
  await check(`${dir}: publint --strict`, async () => {
    const out = await run('pnpm', ['exec', 'publint', '--strict', '--pack', 'pnpm', cwd], ROOT);
    if (!out.includes('All good')) throw new Error(out);
  });
  await check(`${dir}: are-the-types-wrong${attw.length ? ` ${attw.join(' ')}` : ''}`, async () => {
    if (!tarballs[dir]) throw new Error('no tarball');
    await run('pnpm', ['exec', 'attw', ...attw, '--format', 'ascii', tarballs[dir]], ROOT);
  });
}

/** @billing/pricing-core installed with npm into a fresh project: require, import, /testing, types, browser bundle. */
async function checkPricingCoreConsumer() {
  const project = join(work, 'consumer');
  await check('pricing-core: npm install of the tarball (and fast-check) in a fresh project', async () => {
    await run('mkdir', ['-p', project]);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, version: '0.0.0' }));
    for (const [name, text] of Object.entries(CONSUMER_FILES)) writeFileSync(join(project, name), text);
    await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', tarballs['pricing-core'], 'fast-check@^4'], project);
  });
  await check('pricing-core: require() from CommonJS', async () => (await run('node', ['require.cjs'], project)).trim());
  await check('pricing-core: import from ESM', async () => (await run('node', ['import.mjs'], project)).trim());
  await check('pricing-core: /testing laws with fast-check', async () => (await run('node', ['laws.mjs'], project)).trim());
  await check('pricing-core: its types compile in a NodeNext project, ESM and CommonJS (tsc, no skipLibCheck)', async () => {
    await run(join(ROOT, 'node_modules/.bin/tsc'), ['-p', project], project);
  });
  try {
    const measured = await measureBundle({ resolveDir: project });
    log(describeBundle(measured));
    await check(`pricing-core: browser bundle of calculatePlan < ${BUNDLE_SIZE_LIMIT_KB} KB, without zod`, () => {
      if (measured.withZod) throw new Error('zod is in calculatePlan\'s runtime path');
      if (measured.bytes >= BUNDLE_SIZE_LIMIT_KB * 1024) throw new Error(`${(measured.bytes / 1024).toFixed(1)} KB`);
    });
  } catch (error) {
    failures.push('pricing-core: browser bundle');
    log(`FAIL pricing-core: browser bundle: ${error.message}`);
  }
}

/** @billing/client installed with npm into a fresh project: require, import, types. */
async function checkClientConsumer() {
  const clientProject = join(work, 'client-consumer');
  await check('client: npm install of the tarball in a fresh project', async () => {
    await run('mkdir', ['-p', clientProject]);
    writeFileSync(join(clientProject, 'package.json'), JSON.stringify({ name: 'client-consumer', private: true, version: '0.0.0' }));
    for (const [name, text] of Object.entries(CLIENT_CONSUMER_FILES)) writeFileSync(join(clientProject, name), text);
    await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', tarballs['client']], clientProject);
  });
  await check('client: require() from CommonJS', async () => (await run('node', ['require.cjs'], clientProject)).trim());
  await check('client: import from ESM', async () => (await run('node', ['import.mjs'], clientProject)).trim());
  await check('client: its types compile in a NodeNext project (tsc, no skipLibCheck)', async () => {
    await run(join(ROOT, 'node_modules/.bin/tsc'), ['-p', clientProject], clientProject);
  });
}

const [pricingCore, billingDomain, httpAdapter, client] = PACKAGES;
try {
  // NOTE: each consumer needs only its own package's tarball; the packaging figures need them all.
  await Promise.all([
    (async () => {
      await checkPackage(pricingCore);
      await checkPackage(billingDomain);
      await checkPricingCoreConsumer();
    })(),
    (async () => {
      await checkPackage(client);
      await checkPackage(httpAdapter);
      await checkClientConsumer();
    })(),
  ]);
  await check('docs/packaging.md: the tarball and migration counts are the measured ones', () =>
    checkPackagingDoc(PACKAGES.map(({ dir }) => measureTarball(dir, tarballs[dir]))),
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}

log(failures.length === 0 ? 'packages: all checks passed' : `packages: ${failures.length} failed: ${failures.join('; ')}`);
process.exit(failures.length === 0 ? 0 : 1);
