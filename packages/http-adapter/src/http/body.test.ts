import { request as httpRequest } from 'node:http';
import type { Server } from 'node:http';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../test/support/app.js';
import { fakeBilling } from '../../test/support/fake-billing.js';
import { authHeaders, signToken } from '../../test/support/tokens.js';
import { listen } from '../process/http-server.js';
import { readBody } from './body.js';
import { declaredBodyFits } from './body-limit.js';

const app = new Hono();
app.on(['GET', 'POST'], '/', async (c) => {
  if (declaredBodyFits(c.req.header('content-length'), c.req.header('transfer-encoding'), 10) === false) return c.text('too large', 413);
  const read = await readBody(c, 10);
  return read.ok ? c.text(`read ${read.bytes.byteLength}`) : c.text('too large', 413);
});

const stream = (chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });
const post = (body: string | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
  app.request('/', { method: 'POST', headers, body, duplex: 'half' } as RequestInit);

describe('examples: the body limit (a web Request)', () => {
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

describe("examples: the body limit on node's request stream (a listening server)", () => {
  let server: Server;
  let port = 0;
  const headers: Record<string, string> = {};
  beforeAll(async () => {
    Object.assign(headers, authHeaders(await signToken()), { 'content-type': 'application/json' });
    const running = await listen(testApp(fakeBilling(), { bodyLimitBytes: 64 }).fetch, 0, '127.0.0.1');
    server = running.server;
    port = running.address.port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** Sends `chunks` as a chunked body (no Content-Length); resolves with the status and body. */
  const chunked = (chunks: string[]) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest({ port, host: '127.0.0.1', method: 'POST', path: '/v1/plans:calculate', headers: { ...headers, 'transfer-encoding': 'chunked' } }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      for (const chunk of chunks) req.write(chunk);
      req.end();
    });

  it('a chunked body within the limit is read and priced: 200', async () => {
    const answer = await chunked(['{"instan', 'ces":[]}']);
    expect(answer.status).toBe(200);
  });

  it('a chunked body past the limit: 413 PAYLOAD_TOO_LARGE, whatever follows', async () => {
    const answer = await chunked(['{"instances":[', '{},'.repeat(30), '{}]}']);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 413, message: 'the request body is larger than 64 bytes (BILLING_BODY_LIMIT_BYTES)' } });
  });
});
