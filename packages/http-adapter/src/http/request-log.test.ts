import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../process/logger.js';
import { accessLogger, writeRequestLine } from './request-log.js';
import { captureLog, testApp } from '../../test/support/app.js';
import { fakeBilling } from '../../test/support/fake-billing.js';
import { authHeaders, signToken } from '../../test/support/tokens.js';

describe('examples: request logs and ids', () => {
  it('one JSON line per request with request id, method, path, status and duration', async () => {
    const log = captureLog();
    const res = await testApp(fakeBilling(), { logger: log.logger }).request('/no-such-page');
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const [line] = log.lines();
    expect(line).toMatchObject({ requestId: id, method: 'GET', path: '/no-such-page', status: 404, msg: 'request' });
    expect(typeof line?.['durationMs']).toBe('number');
  });

  it('a sane X-Request-ID is honored and echoed; an unsafe one is replaced', async () => {
    const log = captureLog();
    const app = testApp(fakeBilling(), { logger: log.logger });
    const kept = await app.request('/no-such-page', { headers: { 'x-request-id': 'abc-123' } });
    expect(kept.headers.get('x-request-id')).toBe('abc-123');
    // NOTE: the unsafe id holds letters a new id (a UUID, hex) cannot: 'bad' once matched a random UUID.
    const replaced = await app.request('/no-such-page', { headers: { 'x-request-id': 'unsafe id\twith spaces' } });
    expect(replaced.headers.get('x-request-id')).not.toContain('unsafe');
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(log.lines().map((l) => l['requestId'])).toEqual(['abc-123', replaced.headers.get('x-request-id')]);
  });

  it('an answered health check writes no line (it still carries its id); a failing one is logged at error', async () => {
    const log = captureLog();
    const billing = fakeBilling();
    const app = testApp(billing, { logger: log.logger });
    const live = await app.request('/healthz', { headers: { 'x-request-id': 'probe-1' } });
    const ready = await app.request('/readyz');
    billing.ready = false;
    const down = await app.request('/readyz', { headers: { 'x-request-id': 'probe-3' } });
    expect({ live: live.status, id: live.headers.get('x-request-id'), ready: ready.status, down: down.status }).toEqual({ live: 200, id: 'probe-1', ready: 200, down: 503 });
    expect(log.lines().map((l) => [l['requestId'], l['path'], l['status'], l['msg']])).toEqual([['probe-3', '/readyz', 503, 'request failed']]);
  });

  it('errors carry the request id too, and headers and signatures are never logged', async () => {
    const log = captureLog();
    const token = await signToken();
    const app = testApp(fakeBilling(), { logger: log.logger });
    const res = await app.request('/api/v1/webhooks/stripe', {
      method: 'POST',
      body: '{}',
      headers: { ...authHeaders(token), 'stripe-signature': 't=1,v1=deadbeefcafe' },
    });
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(log.text()).not.toContain('deadbeefcafe');
    expect(log.text()).not.toContain(token);
    expect(log.lines()[0]).toMatchObject({ path: '/api/v1/webhooks/stripe', status: 200 });
  });

  it('the access line skips the redaction but writes what the redacting logger writes; other lines stay redacted', () => {
    const written: string[] = [];
    const logger = createLogger('info', new Writable({ write: (chunk, _encoding, done) => (written.push(String(chunk)), done()) }));
    writeRequestLine(logger, 'abc-123', 'POST', '/v1/plans:calculate', 200, 1.5);
    writeRequestLine(accessLogger(logger), 'abc-123', 'POST', '/v1/plans:calculate', 200, 1.5);
    logger.info({ token: 'tok_secret', secrets: ['whsec_x'] }, 'a line of the app');
    const [viaRoot, viaAccess, other] = written.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect({ ...viaAccess, time: 0 }).toEqual({ ...viaRoot, time: 0 });
    expect(other).toMatchObject({ token: '[redacted]', secrets: '[redacted]' });
  });
});
