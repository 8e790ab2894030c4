import { describe, expect, it } from 'vitest';
import { groupCommit, type ClaimedWork, type IngestRequest } from './group-commit.js';
import type { BillingStore, ClaimAnswer, ClaimRequest, EventClaim, FoldedState, UnitOfWork, WebhookEventRecord } from '../domain/ports.js';

/**
 * A store whose unit of work logs its claims, savepoints, flushes and transactions; `answer` says
 * what the claim answers for each request, `failCommit` makes the nth commit throw, `failClaim`
 * makes a call claiming that event throw.
 */
function fakeStore(options: { answer?: (r: ClaimRequest, i: number) => ClaimAnswer; failCommit?: (n: number) => unknown; failClaim?: string } = {}) {
  const log: string[] = [];
  let n = 0;
  const answer = options.answer ?? ((): ClaimAnswer => ({ found: null, pending: [], created: false }));
  const uow = {
    webhookEvents: {
      claimAll: async (requests: readonly ClaimRequest[]) => {
        log.push(`claim ${requests.map((r) => `${r.event.eventId}${r.creates ? '+' : ''}`).join(',')}`);
        if (requests.some((r) => r.event.eventId === options.failClaim)) throw new Error('value out of range');
        return requests.map(answer);
      },
    },
    savepoint: (work: (u: UnitOfWork) => Promise<unknown>) => (log.push('savepoint'), work(uow)),
    flush: async () => void log.push('flush'),
    endChange: () => undefined,
  } as unknown as UnitOfWork;
  const store = {
    kind: 'postgres',
    async transaction(work: (u: UnitOfWork) => Promise<unknown>) {
      n += 1;
      log.push('begin');
      try {
        const result = await work(uow);
        const failure = options.failCommit?.(n);
        if (failure !== undefined) throw failure;
        log.push('commit');
        return result;
      } catch (error) {
        log.push('rollback');
        throw error;
      }
    },
  } as unknown as BillingStore;
  return { store, log, count: () => n };
}

const request = (eventId: string, subscription = `sub_${eventId}`, creates = false, built: string[] = []): IngestRequest => ({
  event: { organizationId: 'o', provider: 'stripe', eventId, subscriptionExternalId: subscription } as WebhookEventRecord,
  ...(creates ? { creates: () => (built.push(eventId), { subscription: {} as FoldedState['subscription'], addons: [] }) } : {}),
});

/** Work that answers its event id and what its claim said, and leaves a state named after it. */
const work = (ran: string[] = []): ClaimedWork<string> => async (_uow, claim) => {
  const found = claim?.found?.subscription.id;
  ran.push(found === undefined ? 'new' : `after ${found}`);
  return { result: found ?? 'none', state: { subscription: { id: String(ran.length) } as FoldedState['subscription'], addons: [] } };
};

describe('groupCommit', () => {
  it('window 0: each delivery claimed alone, one transaction each', async () => {
    const { store, log, count } = fakeStore();
    const group = groupCommit(store, { maxSize: 64, windowMs: 0 });
    expect(await Promise.all(['a', 'b', 'c'].map((id) => group.run(request(id), work())))).toEqual(['none', 'none', 'none']);
    expect(count()).toBe(3);
    expect(log.filter((l) => l.startsWith('claim'))).toEqual(['claim a', 'claim b', 'claim c']);
  });

  it('at most maxSize pieces per transaction', async () => {
    const { store, count } = fakeStore();
    const group = groupCommit(store, { maxSize: 2, windowMs: 50, maxConcurrent: 1 });
    await Promise.all(['1', '2', '3', '4', '5'].map((id) => group.run(request(id), work())));
    expect(count()).toBe(3);
  });

  it('a group is claimed in one call, by subscription, the events of each in arrival order, then flushed once', async () => {
    const { store, log } = fakeStore();
    const group = groupCommit(store, { maxSize: 64, windowMs: 20 });
    await Promise.all([request('e2', 's2'), request('e9', 's1'), request('e1', 's2'), request('e8', 's1')].map((r) => group.run(r, work())));
    expect(log).toEqual(['begin', 'claim e9,e8,e2,e1', 'flush', 'commit']);
  });

  it('a piece whose claim follows an earlier one gets the state that one left (no read); only the first snapshot of a subscription carries its rows', async () => {
    const follows = (r: ClaimRequest): ClaimAnswer => (r.event.eventId === 'e1' ? { found: null, pending: [], created: true } : 'follows');
    const { store, log } = fakeStore({ answer: follows });
    const group = groupCommit(store, { maxSize: 64, windowMs: 20 });
    const ran: string[] = [];
    const results = await Promise.all([request('e1', 's', true), request('e2', 's', true), request('e3', 's')].map((r) => group.run(r, work(ran))));
    expect(ran).toEqual(['new', 'after 1', 'after 2']);
    expect(results).toEqual(['none', '1', '2']);
    expect(log).toEqual(['begin', 'claim e1+,e2,e3', 'flush', 'commit']);
  });

  it('a snapshot of a subscription a committed claim found or created builds no rows; one no longer stored runs the group again, with its rows', async () => {
    const stored = { found: null, pending: [], created: true };
    const answer = (r: ClaimRequest): ClaimAnswer => (r.event.eventId !== 'e3' || r.creates !== undefined ? stored : { found: null, pending: [], created: false });
    const { store, log } = fakeStore({ answer });
    const group = groupCommit(store, { maxSize: 64, windowMs: 0, onFallback: () => undefined });
    const built: string[] = [];
    for (const id of ['e1', 'e2', 'e3', 'e4']) await group.run(request(id, 's', true, built), work());
    expect(built).toEqual(['e1', 'e3']);
    expect(log.filter((l) => l.startsWith('claim'))).toEqual(['claim e1+', 'claim e2', 'claim e3', 'claim e3+', 'claim e4']);
  });

  it('when a claim or a piece fails, the group is rolled back and runs again, each piece claimed alone in a savepoint; the failing one fails alone', async () => {
    const { store, log } = fakeStore({ failClaim: 'e2' });
    const fallbacks: [number, unknown][] = [];
    const group = groupCommit(store, { maxSize: 64, windowMs: 20, onFallback: (size, error) => fallbacks.push([size, error]) });
    const outcomes = await Promise.allSettled(['e1', 'e2', 'e3'].map((id) => group.run(request(id, 's', true), work())));
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(log).toEqual(['begin', 'claim e1+,e2,e3', 'rollback', 'begin', 'savepoint', 'claim e1+', 'savepoint', 'claim e2+', 'savepoint', 'claim e3+', 'commit']);
    expect(fallbacks).toEqual([[3, new Error('value out of range')]]);
  });

  it('a group whose commit fails rejects every piece and is not run again', async () => {
    const { store, count } = fakeStore({ failCommit: () => new Error('connection lost') });
    const group = groupCommit(store, { maxSize: 64, windowMs: 20 });
    const outcomes = await Promise.allSettled(['a', 'b'].map((id) => group.run(request(id), work())));
    expect(outcomes.map((o) => o.status === 'rejected' && (o.reason as Error).message)).toEqual(['connection lost', 'connection lost']);
    expect(count()).toBe(1);
  });

  it('a claim that follows nothing fails the group, which then runs one by one', async () => {
    const { store, log } = fakeStore({ answer: (_r, i) => (i === 0 ? ('follows' as const) : ({ found: null, pending: [], created: false } as EventClaim)) });
    const group = groupCommit(store, { maxSize: 64, windowMs: 20, onFallback: () => undefined });
    const outcomes = await Promise.allSettled([group.run(request('a'), work())]);
    expect(outcomes[0]?.status).toBe('rejected');
    expect(log).toEqual(['begin', 'claim a', 'rollback', 'begin', 'savepoint', 'claim a', 'commit']);
  });
});
