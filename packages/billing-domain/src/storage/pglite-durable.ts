import { closeSync, existsSync, fsyncSync, openSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import type { PgliteModules } from './pglite-modules.js';

/** The parts of emscripten's NODEFS this file reaches into (not in PGlite's types). */
interface NodeFsInternals {
  stream_ops: { fsync?: (stream: { nfd: number }) => number };
  tryFSOperation<T>(operation: () => T): T;
}

/**
 * PGlite's Node file system with a working fsync.
 * NOTE: emscripten's NODEFS has no `fsync` stream operation, so PostgreSQL's fsync() returns at
 * once without reaching the disk (and its fdatasync() is a no-op in emscripten's system calls).
 * Here every file PGlite opens in the folder gets an fsync that calls the host's fsync(2) on its
 * descriptor; a failure becomes PostgreSQL's I/O error, on which it stops rather than carry on.
 * Nothing else of the file system changes.
 */
class SyncingNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: Parameters<NodeFS['init']>[1]) {
    const { emscriptenOpts } = await super.init(pg, opts);
    const preRun = [
      ...(emscriptenOpts.preRun ?? []),
      (mod: { NODEFS: unknown }) => {
        const nodefs = mod.NODEFS as NodeFsInternals;
        nodefs.stream_ops.fsync = (stream) => nodefs.tryFSOperation(() => (fsyncSync(stream.nfd), 0));
      },
    ];
    return { emscriptenOpts: { ...emscriptenOpts, preRun } as typeof emscriptenOpts };
  }
}

/**
 * PGlite's own start parameters without `-F` (fsync off), and with the WAL synced by fsync(): the
 * only sync call the file system above carries. With them, PostgreSQL's commit returns only after
 * its WAL record is on disk, as `synchronous_commit = on` (the default) promises.
 */
export const DURABLE_START_PARAMS: readonly string[] = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'wal_sync_method=fsync',
];

/** fsync(2) of every file and folder under `dir` (folders after their contents), then of `dir`'s parent. */
function syncTree(dir: string): void {
  const syncPath = (path: string) => {
    const fd = openSync(path, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  };
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) syncPath(path);
    }
    syncPath(folder);
  };
  walk(dir);
  syncPath(dirname(dir));
}

/**
 * Opens PGlite on a data folder so that a commit is on disk when it returns: fsync on, the WAL
 * synced with fsync(2) through the file system above. A folder PGlite creates here is synced
 * whole once it is made: PGlite writes the new cluster's files itself, not through PostgreSQL,
 * and they must survive a power cut as much as the commits that follow.
 * @example const db = await openDurablePglite('./.billing-data')
 */
export async function openDurablePglite(dataDir: string, modules?: PgliteModules): Promise<PGlite> {
  const root = resolve(dataDir);
  const fresh = !existsSync(join(root, 'PG_VERSION'));
  const db = await PGlite.create({ ...modules, fs: new SyncingNodeFS(root), startParams: [...DURABLE_START_PARAMS] });
  if (fresh) syncTree(root);
  return db;
}
