import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { data as ISO_4217, publishDate } from 'currency-codes';
import { describe, expect, it } from 'vitest';
import { calculatePlanJson, PricingValidationError } from '../index.js';
import { billableCurrencies, CODES_WITHOUT_MINOR_UNIT, CURRENCY_TABLE_DATE, currencyMinorDigits, normalizeCurrency } from './currency.js';
import { ISO_4217_ENTRIES } from './iso-4217-table.js';

/** The violations of a refused request. */
function violations(request: unknown): { field: string; description: string }[] {
  try {
    calculatePlanJson(request);
  } catch (error) {
    if (error instanceof PricingValidationError) return error.violations;
    throw error;
  }
  return [];
}

const flat = (currency: string) => ({
  planConfig: { currency, prices: [{ pricingModel: 'PRICING_MODEL_FLAT', unitAmount: '12.34565' }] },
  instances: [{}],
});

describe('currency table (ISO 4217 via currency-codes, not Intl)', () => {
  it.each([
    ['USD', 2, '12.35'],
    ['JPY', 0, '12'],
    ['KWD', 3, '12.346'],
    ['HUF', 2, '12.35'],
    ['IDR', 2, '12.35'],
    ['COP', 2, '12.35'],
    ['ISK', 0, '12'],
    ['CLF', 4, '12.3457'],
  ])('%s has %i minor digits; 12.34565 prices as %s', (code, digits, total) => {
    expect(currencyMinorDigits(code)).toBe(digits);
    expect(currencyMinorDigits(code.toLowerCase())).toBe(digits);
    const result = calculatePlanJson(flat(code.toLowerCase()));
    expect(result.currency).toBe(code);
    expect(result.total).toBe(total);
  });

  it('an unknown code is a violation on planConfig.currency', () => {
    expect(normalizeCurrency('ZZZ')).toBeUndefined();
    expect(violations(flat('ZZZ'))).toEqual([
      { field: 'planConfig.currency', description: 'Unknown currency "ZZZ": use an ISO 4217 code such as USD, EUR or JPY.' },
    ]);
    expect(() => currencyMinorDigits('ZZZ')).toThrow(RangeError);
  });

  it.each([...CODES_WITHOUT_MINOR_UNIT])('%s (no minor unit in ISO 4217) is refused with its own message', (code) => {
    expect(normalizeCurrency(code)).toBeUndefined();
    expect(() => currencyMinorDigits(code)).toThrow(RangeError);
    const [violation, ...rest] = violations(flat(code.toLowerCase()));
    expect(rest).toEqual([]);
    expect(violation?.field).toBe('planConfig.currency');
    expect(violation?.description).toContain(`Currency "${code}" has no minor unit in ISO 4217`);
  });

  it('agrees with the ISO list the package ships: same codes, same minor units, N.A. exactly the refused codes', () => {
    const require = createRequire(import.meta.url);
    const xmlPath = require.resolve('currency-codes/iso-4217-list-one.xml');
    const xml = readFileSync(xmlPath, 'utf8');
    const iso = new Map<string, string>();
    for (const [, entry] of xml.matchAll(/<CcyNtry>([\s\S]*?)<\/CcyNtry>/g)) {
      const code = /<Ccy>([A-Z]{3})<\/Ccy>/.exec(entry ?? '')?.[1];
      const units = /<CcyMnrUnts>([^<]*)<\/CcyMnrUnts>/.exec(entry ?? '')?.[1];
      if (code !== undefined && units !== undefined) iso.set(code, units);
    }
    expect(iso.size).toBeGreaterThan(150);
    const notApplicable = [...iso].filter(([, units]) => units === 'N.A.').map(([code]) => code).sort();
    expect(notApplicable).toEqual([...CODES_WITHOUT_MINOR_UNIT].sort());
    const billable = [...iso].filter(([, units]) => units !== 'N.A.');
    expect(billableCurrencies().sort()).toEqual(billable.map(([code]) => code).sort());
    for (const [code, units] of billable) expect([code, currencyMinorDigits(code)]).toEqual([code, Number(units)]);
  });

  it('the generated table is the currency-codes package, entry for entry (regenerate with scripts/generate-currency-table.mjs)', () => {
    const generated = (ISO_4217_ENTRIES.match(/.{4}/g) ?? []).map((entry) => [entry.slice(0, 3), Number(entry[3])]);
    const fromPackage = [...ISO_4217].sort((a, b) => a.code.localeCompare(b.code)).map((e) => [e.code, e.digits]);
    expect(generated).toEqual(fromPackage);
    expect(CURRENCY_TABLE_DATE).toBe(publishDate);
  });
});
