import { describe, expect, it } from 'vitest';
import { durabilityOf } from './durability.js';

describe('durabilityOf', () => {
  it('a commit is durable when fsync is on and synchronous_commit flushes the WAL locally', () => {
    for (const level of ['on', 'local', 'remote_write', 'remote_apply']) {
      expect(durabilityOf({ fsync: 'on', synchronous_commit: level })).toEqual({ durable: true });
    }
  });

  it('synchronous_commit = off answers before the WAL is flushed: not durable, and says so', () => {
    const found = durabilityOf({ fsync: 'on', synchronous_commit: 'off' });
    expect(found.durable).toBe(false);
    expect(found.durable ? '' : found.reason).toMatch(/^synchronous_commit = off: /);
  });

  it('fsync = off forces nothing to disk: not durable, whatever synchronous_commit says', () => {
    const found = durabilityOf({ fsync: 'off', synchronous_commit: 'on' });
    expect(found.durable ? '' : found.reason).toMatch(/^fsync = off: /);
  });

  it('settings that could not be read are not taken for durable', () => {
    expect(durabilityOf(undefined).durable).toBe(false);
  });
});
