import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { limitBody } from './body-limit.js';

const app = new Hono();
app.use('*', limitBody({ maxSize: 10, onError: (c) => c.text('too large', 413) }));
app.on(['GET', 'POST'], '/', async (c) => c.text(`read ${(await c.req.text()).length}`));

const stream = (chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });
const post = (body: string | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
  app.request('/', { method: 'POST', headers, body, duplex: 'half' } as RequestInit);

describe('examples: limitBody', () => {
  it('a declared Content-Length over the limit: 413', async () => {
    const res = await post('x'.repeat(11), { 'content-length': '11' });
    expect([res.status, await res.text()]).toEqual([413, 'too large']);
  });

  it('a declared Content-Length at the limit: the handler reads the body', async () => {
    const res = await post('x'.repeat(10), { 'content-length': '10' });
    expect([res.status, await res.text()]).toEqual([200, 'read 10']);
  });

  it('no Content-Length (streamed): counted as it arrives, 413 past the limit, read below it', async () => {
    expect((await post(stream(['xxxxxx', 'xxxxxx']))).status).toBe(413);
    const small = await post(stream(['xxx', 'xxx']));
    expect([small.status, await small.text()]).toEqual([200, 'read 6']);
  });

  it('Content-Length with Transfer-Encoding: the bytes are counted, not the header', async () => {
    const res = await post(stream(['xxxxxx', 'xxxxxx']), { 'content-length': '2', 'transfer-encoding': 'chunked' });
    expect(res.status).toBe(413);
  });

  it('GET has no body: passes', async () => {
    const res = await app.request('/');
    expect([res.status, await res.text()]).toEqual([200, 'read 0']);
  });
});
