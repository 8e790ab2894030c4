import { describe, expect, it } from 'vitest';
import { webhookAuthMessage } from './webhook-auth-messages.js';

describe('examples: webhook authentication refusals in header terms', () => {
  it('401 says whether a token came and was invalid or none came', () => {
    expect(webhookAuthMessage('webhook.unauthenticated', 'standard', 'invalid_credentials')).toBe(
      'standard webhook endpoints require a bearer token: the bearer token is invalid',
    );
    expect(webhookAuthMessage('webhook.unauthenticated', 'standard', 'no_credentials')).toBe(
      'standard webhook endpoints require a bearer token: a bearer token is required',
    );
  });

  it('400 names the X-Organization-ID header; other outcomes keep the domain message', () => {
    expect(webhookAuthMessage('webhook.missing_organization', 'paddle', 'no_organization')).toMatch(/X-Organization-ID header$/);
    expect(webhookAuthMessage('webhook.invalid_signature', 'paddle', undefined)).toBeUndefined();
    expect(webhookAuthMessage('webhook.applied', 'paddle', undefined)).toBeUndefined();
  });
});
