import { describe, expect, it } from 'vitest';
import { groupCommit } from './group-commit.js';
import type { BillingStore, ClaimRequest, EventClaim, UnitOfWork, WebhookEventRecord } from '../domain/ports.js';

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

/** A store whose unit of work claims together (`claimAll`, logged) and logs savepoints; `failClaimAll` makes claimAll throw. */
function claimingStore(failClaimAll = false) {
  const log: string[] = [];
  const answer = (r: ClaimRequest): EventClaim => ({ found: null, pending: [], created: r.event.eventId !== 'none' });
  const uow = {
    webhookEvents: {
      claim: async (event: WebhookEventRecord) => (log.push(`claim ${event.eventId}`), answer({ event, withPending: false })),
      claimAll: async (requests: readonly ClaimRequest[]) => {
        log.push(`claimAll ${requests.map((r) => r.event.eventId).join(',')}`);
        if (failClaimAll) throw new Error('value out of range');
        return requests.map(answer);
      },
    },
    savepoint: (work: (u: UnitOfWork) => Promise<unknown>) => (log.push('savepoint'), work(uow)),
    flush: async () => void log.push('flush'),
  } as unknown as UnitOfWork;
  const store = {
    kind: 'postgres',
    async transaction(work: (u: UnitOfWork) => Promise<unknown>) {
      log.push('begin');
      try {
        const result = await work(uow);
        log.push('commit');
        return result;
      } catch (error) {
        log.push('rollback');
        throw error;
      }
    },
  } as unknown as BillingStore;
  return { store, log };
}

const request = (eventId: string, subscription: string): ClaimRequest => ({
  event: { organizationId: 'o', provider: 'stripe', eventId, subscriptionExternalId: subscription } as WebhookEventRecord,
  withPending: false,
});
const claiming = (r: ClaimRequest) => async (uow: UnitOfWork) => {
  const claim = await uow.webhookEvents.claim(r.event, r);
  return `${r.event.eventId} ${claim?.created}`;
};

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

  it('pieces that announce their claim are claimed together, one per subscription; a later one of a subscription runs in a savepoint', async () => {
    const { store, log } = claimingStore();
    const group = groupCommit(store, { maxSize: 64, windowMs: 20 });
    const pieces = [request('e3', 's2'), request('e1', 's1'), request('e2', 's1')];
    const results = await Promise.all(pieces.map((r) => group.run(`${r.event.subscriptionExternalId} ${r.event.eventId}`, claiming(r), r)));
    expect(results).toEqual(['e3 true', 'e1 true', 'e2 true']);
    expect(log).toEqual(['begin', 'claimAll e1,e3', 'flush', 'savepoint', 'claim e2', 'commit']);
  });

  it('when the claim together fails, the transaction is rolled back and every piece runs again in its own savepoint', async () => {
    const { store, log } = claimingStore(true);
    const fallbacks: [number, unknown][] = [];
    const group = groupCommit(store, { maxSize: 64, windowMs: 20, onFallback: (size, error) => fallbacks.push([size, error]) });
    const pieces = [request('e1', 's1'), request('e2', 's2')];
    const results = await Promise.all(pieces.map((r) => group.run(r.event.eventId, claiming(r), r)));
    expect(results).toEqual(['e1 true', 'e2 true']);
    expect(log).toEqual(['begin', 'claimAll e1,e2', 'rollback', 'begin', 'savepoint', 'claim e1', 'savepoint', 'claim e2', 'commit']);
    expect(fallbacks).toEqual([[2, new Error('value out of range')]]);
  });

  it('a store without claimAll: every piece in its own savepoint, in one transaction', async () => {
    const { store, log } = claimingStore();
    const plain: BillingStore = {
      ...store,
      transaction: (work) => store.transaction((uow) => work({ ...uow, webhookEvents: { ...uow.webhookEvents, claimAll: undefined } })),
    };
    const group = groupCommit(plain, { maxSize: 64, windowMs: 20 });
    const pieces = [request('e1', 's1'), request('e2', 's2')];
    expect(await Promise.all(pieces.map((r) => group.run(r.event.eventId, claiming(r), r)))).toEqual(['e1 true', 'e2 true']);
    expect(log).toEqual(['begin', 'savepoint', 'claim e1', 'savepoint', 'claim e2', 'commit']);
  });
});
