import { PGlite } from '@electric-sql/pglite';
const db = await PGlite.create();
const dump = await db.dumpDataDir('gzip');
console.log('gz size', dump.size);
let t=performance.now();
const db2 = await PGlite.create({loadDataDir: dump});
console.log('create from gz dump', (performance.now()-t).toFixed(0));
