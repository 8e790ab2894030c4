import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import * as fs from 'node:fs';
class SyncingNodeFS extends NodeFS {
  async init(pg, opts) {
    const { emscriptenOpts } = await super.init(pg, opts);
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...emscriptenOpts.preRun, (mod) => {
      mod.NODEFS.stream_ops.fsync = (stream) => { fs.fsyncSync(stream.nfd); return 0; };
    }] } };
  }
}
const dir = process.argv[2];
const params = PGlite.defaultStartParams.filter((p) => p !== '-F').concat(process.argv[3] === 'plain' ? [] : ['-c', 'wal_sync_method=fsync']);
const db = await PGlite.create({ fs: new SyncingNodeFS(dir), startParams: params });
console.log((await db.query("select current_setting('fsync') f, current_setting('wal_sync_method') m, current_setting('synchronous_commit') s")).rows);
await db.exec('create table if not exists t (id serial primary key, v text)');
const n = 200; const t0 = performance.now();
for (let i = 0; i < n; i++) await db.query('insert into t (v) values ($1)', ['x']);
console.log('ms per commit', (performance.now() - t0) / n);
await db.close();
