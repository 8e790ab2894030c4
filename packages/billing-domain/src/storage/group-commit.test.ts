import { describe, expect, it } from 'vitest';
import { groupCommit } from './group-commit.js';
import type { BillingStore, UnitOfWork } from '../domain/ports.js';

/** A store that counts its transactions and lets a test fail them; savepoints just run the work. */
function fakeStore(failTransaction: (n: number) => unknown = () => undefined) {
  const log: string[] = [];
  let n = 0;
  const uow = { savepoint: (work: (u: UnitOfWork) => Promise<unknown>) => work(uow) } as unknown as UnitOfWork;
  const store = {
    kind: 'postgres',
    async transaction(work: (u: UnitOfWork) => Promise<unknown>) {
      n += 1;
      log.push(`begin ${n}`);
      const result = await work(uow);
      const failure = failTransaction(n);
      if (failure !== undefined) throw failure;
      log.push(`commit ${n}`);
      return result;
    },
  } as unknown as BillingStore;
  return { store, log, count: () => n };
}

const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });

describe('groupCommit', () => {
  it('window 0: one transaction per piece', async () => {
    const { store, count } = fakeStore();
    const group = groupCommit(store, { maxSize: 64, windowMs: 0 });
    expect(await Promise.all([1, 2, 3].map((i) => group.run(String(i), async () => i)))).toEqual([1, 2, 3]);
    expect(count()).toBe(3);
  });

  it('at most maxSize pieces per transaction', async () => {
    const { store, count } = fakeStore();
    const group = groupCommit(store, { maxSize: 2, windowMs: 50, maxConcurrent: 1 });
    await Promise.all([1, 2, 3, 4, 5].map((i) => group.run(String(i), async () => i)));
    expect(count()).toBe(3);
  });

  it('a group runs its pieces in order of their key, equal keys in arrival order', async () => {
    const { store } = fakeStore();
    const group = groupCommit(store, { maxSize: 64, windowMs: 20 });
    const ran: string[] = [];
    await Promise.all(['b', 'a', 'c', 'a'].map((key, i) => group.run(key, async () => ran.push(`${key}${i}`))));
    expect(ran).toEqual(['a1', 'a3', 'b0', 'c2']);
  });

  it('a piece failing with a deadlock is run again alone, after its group committed', async () => {
    const { store, log } = fakeStore();
    const group = groupCommit(store, { maxSize: 64, windowMs: 20 });
    let tries = 0;
    const flaky = group.run('a', async () => {
      tries += 1;
      if (tries === 1) throw deadlock;
      return 'second try';
    });
    const other = group.run('b', async () => 'fine');
    expect(await Promise.all([flaky, other])).toEqual(['second try', 'fine']);
    expect(log).toEqual(['begin 1', 'commit 1', 'begin 2', 'commit 2']);
  });

  it('a whole group failing with a deadlock: each piece run again alone; any other failure rejects them all', async () => {
    const retried = fakeStore((n) => (n === 1 ? deadlock : undefined));
    const group = groupCommit(retried.store, { maxSize: 64, windowMs: 20 });
    expect(await Promise.all(['a', 'b'].map((k) => group.run(k, async () => k)))).toEqual(['a', 'b']);
    expect(retried.count()).toBe(3);

    const down = fakeStore(() => new Error('connection lost'));
    const failing = groupCommit(down.store, { maxSize: 64, windowMs: 20 });
    const outcomes = await Promise.allSettled(['a', 'b'].map((k) => failing.run(k, async () => k)));
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect(down.count()).toBe(1);
  });
});
