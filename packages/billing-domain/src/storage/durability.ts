import type { StoreDurability } from '../domain/ports.js';

/** The settings a commit's durability rests on, as the store's own connection sees them. */
export const DURABILITY_SETTINGS = "SELECT current_setting('fsync') AS fsync, current_setting('synchronous_commit') AS synchronous_commit";

/** A row of DURABILITY_SETTINGS. */
export interface DurabilitySettings {
  fsync: string;
  synchronous_commit: string;
}

/**
 * Whether a commit is on disk when it returns, by PostgreSQL's settings: `fsync` off writes
 * nothing to disk on purpose, and `synchronous_commit = off` answers a commit before its WAL is
 * flushed (every other value flushes it locally first).
 * @example durabilityOf({ fsync: 'on', synchronous_commit: 'off' }) // { durable: false, reason: 'synchronous_commit = off: ...' }
 */
export function durabilityOf(settings: DurabilitySettings | undefined): StoreDurability {
  if (settings === undefined) return { durable: false, reason: 'the durability settings could not be read' };
  if (settings.fsync !== 'on') {
    return { durable: false, reason: 'fsync = off: PostgreSQL does not force its writes to disk, so a power cut can lose acknowledged commits and corrupt the database' };
  }
  if (settings.synchronous_commit === 'off') {
    return { durable: false, reason: 'synchronous_commit = off: a commit returns before its WAL is flushed, so a crash of the database server or a power cut can lose the last acknowledged commits' };
  }
  return { durable: true };
}
