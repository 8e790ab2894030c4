import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestHeader, requestHeaders } from './request-header.js';

// requestHeader must read what `c.req.header()` reads, through node's raw header list.
const NAMES = ['authorization', 'x-organization-id', 'content-type', 'x-request-id', 'x-absent'];
const app = new Hono();
app.all('/h', (c) => c.json({ raw: NAMES.map((n) => requestHeader(c, n) ?? null), web: NAMES.map((n) => c.req.header(n) ?? null) }));
app.all('/all', (c) => {
  const raw = requestHeaders(c);
  const web: Record<string, string> = {};
  c.req.raw.headers.forEach((value, name) => (web[name] = value));
  return c.json({ raw, web });
});
let server: ReturnType<typeof serve>;
let port = 0;

beforeAll(async () => {
  server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends `head` (header lines) as written, and returns the JSON answer. */
function send<T = { raw: unknown[]; web: unknown[] }>(head: string[], path = '/h'): Promise<T> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('end', () => resolve(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as T));
    socket.on('error', reject);
    socket.write([`GET ${path} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close', ...head, '', ''].join('\r\n'));
  });
}

describe('requestHeader', () => {
  it('reads any case, and what is absent is undefined, like c.req.header()', async () => {
    const answer = await send(['AUTHORIZATION: Bearer abc', 'x-Organization-Id: org_a', 'Content-Type: application/json']);
    expect(answer.raw).toEqual(['Bearer abc', 'org_a', 'application/json', null, null]);
    expect(answer.raw).toEqual(answer.web);
  });

  it('joins repeated headers with ", " as Headers.get does: two Authorization headers are one value, not the first', async () => {
    const answer = await send(['Authorization: Bearer first', 'Authorization: Bearer second', 'X-Request-ID: a', 'x-request-id: b']);
    expect(answer.raw).toEqual(['Bearer first, Bearer second', null, null, 'a, b', null]);
    expect(answer.raw).toEqual(answer.web);
  });
});

describe('requestHeaders', () => {
  it('every header as web Headers has it (names lower case, repeats joined with ", "), read from node without building Headers', async () => {
    const answer = await send<{ raw: Record<string, string>; web: Record<string, string> }>(
      ['Stripe-Signature: t=1,v1=ab', 'X-Request-ID: a', 'x-request-id: b', 'Authorization: Bearer first', 'Authorization: Bearer second'],
      '/all',
    );
    expect(answer.raw).toMatchObject({ 'stripe-signature': 't=1,v1=ab', 'x-request-id': 'a, b', authorization: 'Bearer first, Bearer second' });
    expect(answer.raw).toEqual(answer.web);
  });
});
