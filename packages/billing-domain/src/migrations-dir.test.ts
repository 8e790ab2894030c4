import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { migrationsDirectory } from './migrations-dir.js';
import { loadMigrations } from './storage/migrate.js';

const packageRoot = fileURLToPath(new URL('../', import.meta.url));

describe('examples', () => {
  it('finds the package migrations from the source tree', async () => {
    expect(fileURLToPath(migrationsDirectory())).toBe(`${packageRoot}migrations/`);
    const names = (await loadMigrations()).map((m) => m.name);
    expect(names[0]).toBe('0001_initial.sql');
    expect(names).toEqual([...names].sort());
  });

  it('the same relative URL from the bundle in dist/ names the same folder', () => {
    const fromDist = new URL('../migrations/', pathToFileURL(`${packageRoot}dist/index.js`));
    expect(fileURLToPath(fromDist)).toBe(fileURLToPath(migrationsDirectory()));
    expect(readdirSync(fromDist).filter((n) => n.endsWith('.sql')).length).toBeGreaterThan(0);
  });
});
