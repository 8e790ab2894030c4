import type { Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { drain, listen } from '../../src/process/http-server.js';
import { testApp } from '../support/app.js';
import { fakeBilling } from '../support/fake-billing.js';

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  if (server) await drain(server, 0);
  server = undefined;
});

async function serve(limits: { headersTimeoutMs: number; requestTimeoutMs: number; maxConnections: number }) {
  const running = await listen(testApp(fakeBilling()).fetch, 0, '127.0.0.1', limits);
  server = running.server;
  return running.address.port;
}

/** A raw connection: what the server sent, and whether (and when) it closed. */
function open(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  const connected = new Promise<void>((resolve) => socket.on('connect', () => resolve()));
  return { socket, connected, closed, received: () => received };
}

/** Resolves true when `closed` settles within `ms` (a bound for the test to end, not a measured speed). */
const closesWithin = (closed: Promise<void>, ms: number) =>
  Promise.race([closed.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

describe('slow clients and connection limits (a real listening server)', () => {
  it('headers not complete within BILLING_HEADERS_TIMEOUT_MS: 408 and the connection closed', async () => {
    const port = await serve({ headersTimeoutMs: 300, requestTimeoutMs: 600, maxConnections: 100 });
    const conn = open(port);
    await conn.connected;
    conn.socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n');
    expect(await closesWithin(conn.closed, 5_000)).toBe(true);
    expect(conn.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('body not complete within BILLING_BODY_TIMEOUT_MS: 408 and the connection closed', async () => {
    const port = await serve({ headersTimeoutMs: 300, requestTimeoutMs: 600, maxConnections: 100 });
    const conn = open(port);
    await conn.connected;
    conn.socket.write('POST /api/v1/webhooks/stripe HTTP/1.1\r\nHost: localhost\r\nStripe-Signature: t=1,v1=00\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{');
    expect(await closesWithin(conn.closed, 5_000)).toBe(true);
    expect(conn.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('over BILLING_MAX_CONNECTIONS: the extra connection is closed, the others still served', async () => {
    const port = await serve({ headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, maxConnections: 2 });
    const first = open(port);
    const second = open(port);
    await Promise.all([first.connected, second.connected]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const third = open(port);
    expect(await closesWithin(third.closed, 5_000)).toBe(true);
    expect(third.received()).toBe('');
    first.socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(await closesWithin(first.closed, 5_000)).toBe(true);
    expect(first.received()).toMatch(/^HTTP\/1\.1 200 /);
    second.socket.destroy();
  });
});
