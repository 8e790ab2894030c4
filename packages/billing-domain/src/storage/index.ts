export { openStore, DEFAULT_DATA_DIR } from './open-store.js';
export { groupCommit, DEFAULT_GROUP_COMMIT } from './group-commit.js';
export type { GroupCommit, GroupCommitOptions } from './group-commit.js';
export type { OpenStoreOptions } from './open-store.js';
export { openPgliteStore } from './pglite-store.js';
export { openPostgresStore } from './postgres-store.js';
export type { PostgresStoreOptions } from './postgres-store.js';
export { applyMigrations, loadMigrations } from './migrate.js';
export type { Migration } from './migrate.js';
