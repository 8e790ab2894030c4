import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const PACKAGES = join(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Where each package's test build goes: beside its `dist/`, so paths relative to the module (`../migrations/`) hold. */
const OUT_DIR = '.test-dist';

/** The programs the tests start as processes, built from the working tree's sources at the start of the run. */
export interface ProcessBuild {
  /** The server (`src/main.ts`). */
  server: string;
  /** The `billing` command line (`src/cli/main.ts`). */
  cli: string;
  /** test/e2e/support/guarded-process.ts. */
  guardedProcess: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    processBuild: ProcessBuild;
  }
}

interface PackageBuild {
  dir: string;
  entries: Record<string, string>;
}

// NOTE: each package is bundled on its own with its dependencies external, as `pnpm build` does,
// so a bundle resolves them from its own package's node_modules and the workspace packages it
// imports are one copy each (the other packages' test builds).
const BUILDS: PackageBuild[] = [
  { dir: 'pricing-core', entries: { index: 'src/index.ts', schema: 'src/schema/index.ts' } },
  // The PGlite store starts `pglite-thread.js` beside the module that starts it.
  { dir: 'billing-domain', entries: { index: 'src/index.ts', 'pglite-thread': 'src/storage/pglite-thread.ts' } },
  {
    dir: 'http-adapter',
    // The worker pool loads `calculate-worker.js` beside the module that starts it.
    entries: { main: 'src/main.ts', cli: 'src/cli/main.ts', 'calculate-worker': 'src/calculation/calculate-worker.ts', 'guarded-process': 'test/e2e/support/guarded-process.ts' },
  },
];

const WORKSPACE_IMPORTS: Record<string, string> = {
  '@billing/pricing-core': 'pricing-core/index.js',
  '@billing/pricing-core/schema': 'pricing-core/schema.js',
  '@billing/billing-domain': 'billing-domain/index.js',
};

const outPath = (pkgAndFile: string) => {
  const [pkg, file] = pkgAndFile.split('/') as [string, string];
  return join(PACKAGES, pkg, OUT_DIR, file);
};

/** Bare imports stay imports: a workspace package's to its test build, any other to node_modules. */
const externals: Plugin = {
  name: 'externals',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (!args.path.startsWith('@billing/')) return { path: args.path, external: true };
      const target = WORKSPACE_IMPORTS[args.path];
      if (target === undefined) return { errors: [{ text: `${args.path} has no test build (add it to WORKSPACE_IMPORTS)` }] };
      return { path: outPath(target), external: true };
    });
  },
};

async function buildPackage({ dir, entries }: PackageBuild): Promise<void> {
  const root = join(PACKAGES, dir);
  const result = await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, join(root, file)])),
    outdir: join(root, OUT_DIR),
    bundle: true,
    // NOTE: a dynamic import stays lazy only in a chunk of its own (as in tsup's build of dist/).
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    conditions: ['source'],
    keepNames: true,
    plugins: [externals],
    logLevel: 'silent',
    write: false,
  });
  await mkdir(join(root, OUT_DIR), { recursive: true });
  // NOTE: written beside and renamed, so a process started by another run at the same moment
  // never reads half a file.
  await Promise.all(
    result.outputFiles.map(async (file) => {
      const temporary = `${file.path}.${process.pid}.tmp`;
      await writeFile(temporary, file.contents);
      await rename(temporary, file.path);
    }),
  );
}

/**
 * Bundles the server, the CLI and the test helper processes from the sources (about a second),
 * so each process the tests start loads one file instead of compiling the sources with tsx.
 * @example const { server } = await buildProcesses()
 */
export async function buildProcesses(): Promise<ProcessBuild> {
  await Promise.all(BUILDS.map(buildPackage));
  return {
    server: outPath('http-adapter/main.js'),
    cli: outPath('http-adapter/cli.js'),
    guardedProcess: outPath('http-adapter/guarded-process.js'),
  };
}
