import { describe, expect, it } from 'vitest';
import { paginate } from './pages.js';

const collect = async <T>(items: AsyncIterable<T>) => {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
};

describe('paginate', () => {
  it('follows nextPageToken until it is empty, passing each token once', async () => {
    const pages: Record<string, { items: number[]; nextPageToken: string }> = {
      '': { items: [1, 2], nextPageToken: 'a' },
      a: { items: [3], nextPageToken: 'b' },
      b: { items: [], nextPageToken: 'c' },
      c: { items: [4], nextPageToken: '' },
    };
    const asked: (string | undefined)[] = [];
    const items = await collect(paginate(async (token) => (asked.push(token), pages[token ?? ''] ?? { items: [], nextPageToken: '' }), (p) => p.items));
    expect(items).toEqual([1, 2, 3, 4]);
    expect(asked).toEqual([undefined, 'a', 'b', 'c']);
  });

  it('a token given twice stops with an error instead of looping', async () => {
    const pages: Record<string, { items: number[]; nextPageToken: string }> = {
      '': { items: [1], nextPageToken: 'a' },
      a: { items: [2], nextPageToken: 'b' },
      b: { items: [3], nextPageToken: 'a' },
    };
    await expect(collect(paginate(async (token) => pages[token ?? '']!, (p) => p.items))).rejects.toThrow(/page token "a" twice/);
  });
});
