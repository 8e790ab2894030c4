import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteClient, PreparedStatements, simpleCommand } from './pglite-client.js';
import { startPgliteEngine, type PgliteEngine } from './pglite-engine.js';

describe('examples: PGlite in a thread of its own', () => {
  let engine: PgliteEngine;
  beforeAll(async () => {
    engine = await startPgliteEngine('memory://');
  });
  afterAll(async () => {
    await engine.close();
  });

  it('a statement that keeps the engine busy for a second leaves the calling thread free: a 50 ms timer set meanwhile fires on time', async () => {
    const started = performance.now();
    let firedAfter = Number.POSITIVE_INFINITY;
    const timer = new Promise<void>((resolve) =>
      setTimeout(() => {
        firedAfter = performance.now() - started;
        resolve();
      }, 50),
    );
    await Promise.all([engine.runExclusive(() => simpleCommand(engine, 'SELECT pg_sleep(1)')), timer]);
    // On the calling thread (PGlite's own way), the engine would hold it for the whole second.
    expect(performance.now() - started).toBeGreaterThanOrEqual(990);
    expect(firedAfter).toBeLessThan(500);
  });

  it('answers are parsed as PGlite parses them: numbers, bigints as numbers, text arrays, JSON and timestamps', async () => {
    const sql = pgliteClient(engine, new PreparedStatements());
    const [row] = await engine.runExclusive(() =>
      sql.query<Record<string, unknown>>(`SELECT 1::int4 AS i, 9007199254740991::int8 AS b, '1.20'::numeric AS n, ARRAY['a','b']::text[] AS t, '{"k":[1]}'::jsonb AS j, '2026-01-02T03:04:05Z'::timestamptz AS ts, $1::text AS p`, ['x']),
    );
    expect(row).toEqual({ i: 1, b: 9007199254740991, n: '1.20', t: ['a', 'b'], j: { k: [1] }, ts: new Date('2026-01-02T03:04:05Z'), p: 'x' });
  });

  it('an error names its cause and leaves the connection usable', async () => {
    const sql = pgliteClient(engine, new PreparedStatements());
    await expect(engine.runExclusive(() => sql.query('SELECT * FROM no_such_table'))).rejects.toMatchObject({ code: '42P01' });
    expect(await engine.runExclusive(() => simpleCommand(engine, 'SELECT 1'))).toBe('SELECT 1');
  });
});
