import { describe, expect, it } from 'vitest';
import { mapProviderStatus } from './status.js';

describe('examples', () => {
  it.each([
    ['active', 'ADDON_STATUS_ACTIVE'],
    ['trialing', 'ADDON_STATUS_ACTIVE'],
    ['incomplete', 'ADDON_STATUS_PENDING'],
    ['pending', 'ADDON_STATUS_PENDING'],
    ['paused', 'ADDON_STATUS_PENDING'],
    ['past_due', 'ADDON_STATUS_PAST_DUE'],
    ['unpaid', 'ADDON_STATUS_PAST_DUE'],
    ['canceled', 'ADDON_STATUS_CANCELED'],
    ['incomplete_expired', 'ADDON_STATUS_CANCELED'],
    [' Active ', 'ADDON_STATUS_ACTIVE'],
  ])('%j -> %s', (status, expected) => {
    expect(mapProviderStatus(status)).toBe(expected);
  });

  it('knows no other status, including inherited object keys', () => {
    expect(mapProviderStatus('cancelled')).toBeUndefined();
    expect(mapProviderStatus('toString')).toBeUndefined();
    expect(mapProviderStatus('')).toBeUndefined();
  });
});
