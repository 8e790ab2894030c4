import type { Server } from 'node:http';
import { connect } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen } from '../../src/process/http-server.js';
import { answerProblems } from './support/shapes.js';
import { leakedInto, securityWorld, seed, type SecurityWorld } from './support/world.js';

// A smaller fuzz against a real listening server (node:http + @hono/node-server, as the server runs):
// raw bytes on a socket, where the HTTP parser itself is in play.

let world: SecurityWorld;
let server: Server;
let port = 0;
let auth = '';

beforeAll(async () => {
  world = await securityWorld();
  await seed(world, 'raw');
  const listening = await listen(world.app.fetch, 0, '127.0.0.1');
  server = listening.server;
  port = listening.address.port;
  auth = `Authorization: Bearer ${await world.token(['org_a'])}\r\nX-Organization-ID: org_a\r\n`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await world.close();
});

/** Writes raw bytes, half-closes, and collects the answer (empty when the server just closed). */
function raw(bytes: Buffer | string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const done = () => resolve(Buffer.concat(chunks).toString('latin1'));
    socket.setTimeout(3000, () => socket.destroy());
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('close', done);
    socket.on('error', () => undefined);
    socket.end(bytes);
  });
}

/**
 * Problems of a raw answer (one or more pipelined responses): no answer is fine (the server may
 * close); node's own 4xx (no X-Request-ID: the app never saw the request) is fine; a 5xx, or an
 * app answer in no documented shape, is not.
 */
function rawProblems(request: { method: string; path: string }, answer: string): string[] {
  if (answer === '') return [];
  if (!answer.startsWith('HTTP/1.1 ')) return [`not an HTTP answer: ${answer.slice(0, 80)}`];
  return answer.split(/(?=HTTP\/1\.1 \d{3} )/).flatMap((response) => {
    const code = Number(response.slice(9, 12));
    const head = response.indexOf('\r\n\r\n');
    const headers = response.slice(0, head).toLowerCase();
    let body = response.slice(head + 4);
    if (headers.includes('transfer-encoding: chunked')) body = body.replace(/(?:^|\r\n)[0-9a-f]+\r\n/g, '').replace(/\r\n$/, '');
    if (!headers.includes('x-request-id')) return code >= 400 && code < 500 ? [] : [`node answered ${code}`];
    return answerProblems(request, code, body);
  });
}

const PLAN = '{"planConfig":{"prices":[{"pricingModel":"PRICING_MODEL_PER_UNIT","unitAmount":"10.00"}]},"instances":[{"quantity":2}]}';
const twoPlans = `POST /v1/plans:calculate HTTP/1.1\r\nHost: x\r\n{{auth}}Content-Type: application/json\r\nContent-Length: ${PLAN.length}\r\nConnection: keep-alive\r\n\r\n${PLAN}`;

const SHAPES: [string, string][] = [
  ['plain GET', `GET /v1/addon-subscriptions HTTP/1.1\r\nHost: x\r\n{{auth}}Connection: close\r\n\r\n`],
  ['NUL in the path', `GET /v1/addon-subscriptions/a%00b HTTP/1.1\r\nHost: x\r\n{{auth}}Connection: close\r\n\r\n`],
  ['raw bytes >= 0x80 in the path', `GET /v1/addon-subscriptions/\xff\xfe HTTP/1.1\r\nHost: x\r\n{{auth}}Connection: close\r\n\r\n`],
  ['absolute-form target', `GET http://evil.test/v1/addon-subscriptions HTTP/1.1\r\nHost: x\r\n{{auth}}Connection: close\r\n\r\n`],
  ['dot segments', `GET /v1/../v1/./addon-subscriptions/%2e%2e HTTP/1.1\r\nHost: x\r\n{{auth}}Connection: close\r\n\r\n`],
  ['both Content-Length and chunked', `POST /v1/plans:calculate HTTP/1.1\r\nHost: x\r\n{{auth}}Content-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n`],
  ['two Content-Lengths', `POST /v1/plans:calculate HTTP/1.1\r\nHost: x\r\n{{auth}}Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}`],
  ['short body', `POST /v1/plans:calculate HTTP/1.1\r\nHost: x\r\n{{auth}}Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{}`],
  ['bad chunk size', `POST /api/v1/webhooks/stripe HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`],
  ['chunked webhook', `POST /api/v1/webhooks/stripe HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n2\r\n{}\r\n0\r\n\r\n`],
  ['invalid UTF-8 body on a webhook', `POST /api/v1/webhooks/paddle HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nConnection: close\r\n\r\n\xff\xfe\xc3\x28`],
  ['obs-fold header', `GET /healthz HTTP/1.1\r\nHost: x\r\nX-A: a\r\n b\r\nConnection: close\r\n\r\n`],
  ['a 64 KiB header', `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(65_536)}\r\nConnection: close\r\n\r\n`],
  ['HTTP/1.0 without Host', `GET /readyz HTTP/1.0\r\n\r\n`],
  ['pipelined requests', `GET /healthz HTTP/1.1\r\nHost: x\r\n\r\nGET /v1/addon-subscriptions/x HTTP/1.1\r\nHost: x\r\n{{auth}}Connection: close\r\n\r\n`],
  ['two plans pipelined', `${twoPlans}${twoPlans.replace('keep-alive', 'close')}`],
  ['unknown method', `BREW /v1/plans:calculate HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`],
  ['garbage request line', `\x00\x01\x02 / HTTP/9.9\r\n\r\n`],
];

describe('examples: raw requests to a listening server', () => {
  // NOTE: `{{auth}}` stands for the Authorization and X-Organization-ID headers: the token exists only once beforeAll has run.
  it.each(SHAPES)('%s: an HTTP answer below 500 in a documented shape, or a closed connection', async (_, shape) => {
    const request = shape.replaceAll('{{auth}}', auth);
    const [method = '', path = ''] = request.split(' ');
    expect(rawProblems({ method, path }, await raw(Buffer.from(request, 'latin1')))).toEqual([]);
  });
});

describe('examples: plans pipelined on a raw socket', () => {
  it('two plans pipelined on one connection: two answers of 200 with the same total, in order', async () => {
    const request = `${twoPlans}${twoPlans.replace('keep-alive', 'close')}`.replaceAll('{{auth}}', auth);
    const answers = (await raw(Buffer.from(request, 'latin1'))).split(/(?=HTTP\/1\.1 \d{3} )/);
    expect(answers.map((a) => [a.slice(9, 12), /"total":"([^"]+)"/.exec(a)?.[1]])).toEqual([
      ['200', '20.00'],
      ['200', '20.00'],
    ]);
  });
});

describe('properties', () => {
  it('robust parser edge: ∀ bytes after a request line. answer < 500 ∨ closed', async () => {
    const line = fc.constantFrom('POST /v1/plans:calculate HTTP/1.1\r\n', 'POST /api/v1/webhooks/stripe HTTP/1.1\r\n', 'GET /v1/addon-subscriptions HTTP/1.1\r\n', 'POST /v1/addon-subscriptions/x:cancel HTTP/1.1\r\n');
    const headers = fc.array(fc.tuple(fc.constantFrom('Content-Length', 'Transfer-Encoding', 'Content-Type', 'Expect', 'X-Request-ID', 'Connection', 'Host'), fc.string({ maxLength: 20 })), { maxLength: 4 });
    await fc.assert(
      fc.asyncProperty(line, headers, fc.uint8Array({ maxLength: 200 }), async (first, hs, tail) => {
        const head = `${first}Host: x\r\n${auth}${hs.map(([k, v]) => `${k}: ${v.replace(/[\r\n]/g, '')}`).join('\r\n')}${hs.length ? '\r\n' : ''}\r\n`;
        const [method = '', path = ''] = first.split(' ');
        const problems = rawProblems({ method, path }, await raw(Buffer.concat([Buffer.from(head, 'latin1'), tail])));
        if (problems.length > 0) throw new Error(`${JSON.stringify(head)}\n  ${problems.join('\n  ')}`);
      }),
      { numRuns: 150 },
    );
  });

  it('alive after it all: GET /healthz = 200 ∧ log ∩ secrets = ∅ ∧ no error logged', async () => {
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    expect(leakedInto(world.logText(), world.sensitive)).toEqual([]);
    expect(world.logText().split('\n').filter((l) => l.includes('"level":50'))).toEqual([]);
  });
});
