import { PROVIDERS, WEBHOOK_PROVIDERS } from '@billing/billing-domain';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.js';

/** One log line written by the production logger, as text. */
function logged(fields: Record<string, unknown>): string {
  let line = '';
  createLogger('info', { write: (chunk: string) => void (line += chunk) }).info(fields, 'a delivery');
  return line;
}

describe('examples: the log never shows a credential or a signature', () => {
  const headers = Object.fromEntries(
    PROVIDERS.flatMap((provider) => WEBHOOK_PROVIDERS[provider].deliveryHeaders.map((h) => [h.name.toLowerCase(), `value-of-${h.name}`])),
  );

  it.each(PROVIDERS)("%s: each signature header from the provider's registry entry is redacted, under headers and req.headers", (provider) => {
    const signatures = WEBHOOK_PROVIDERS[provider].deliveryHeaders.filter((h) => h.signature);
    expect(signatures.length).toBeGreaterThan(0);
    for (const at of [{ headers }, { req: { headers } }]) {
      const line = logged(at);
      for (const h of signatures) expect(line).not.toContain(`value-of-${h.name}`);
      expect(line).toContain('[redacted]');
    }
  });

  it('the bearer token and cookies are redacted; a header that is no secret (webhook-id) stays readable', () => {
    const line = logged({ req: { headers: { ...headers, authorization: 'Bearer eyJ.secret.token', cookie: 'session=abc' } } });
    expect(line).not.toContain('eyJ.secret.token');
    expect(line).not.toContain('session=abc');
    expect(line).toContain('value-of-webhook-id');
  });
});

describe('examples: the fields of every line (docs/operations.md, "Logs")', () => {
  it('level as a number, time in ISO 8601 UTC to the millisecond, service, msg', () => {
    const line = JSON.parse(logged({ requestId: 'abc-123' })) as Record<string, unknown>;
    expect({ ...line, time: typeof line['time'] === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(line['time']) }).toEqual({
      level: 30,
      time: true,
      service: 'billing',
      requestId: 'abc-123',
      msg: 'a delivery',
    });
  });
});
