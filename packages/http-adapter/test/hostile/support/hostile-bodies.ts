import fc from 'fast-check';

// NOTE: an arbitrary yields a small recipe (a closure); the body, up to ~1 MiB, is built only
// when it is sent, so 10,000 samples never sit in memory at once.

/** A body to send, built on demand. */
export type BodyRecipe = { label: string; build: () => Buffer };

const MIB = 1024 * 1024;
const recipe = (label: string, build: () => Buffer | string): BodyRecipe => ({
  label,
  build: () => {
    const body = build();
    return typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  },
});

/** Numbers at and beyond every bound, as raw JSON tokens: numbers and strings. */
export const NUMBER_TOKENS = [
  '0', '-0', '1', '1.5', '-1', '1e-7', '0.000000000001', '0.0000000000001', '999999999999999', '-999999999999999',
  '1000000000000000', '999999999999999.999999999999', '1e15', '1e21', '1e300', '-1e300', '1e-300', '5e-324',
  '1.7976931348623157e308', '123456789012345678901234567890', '0.1234567890123456789',
  '"0"', '"-0"', '"1e-7"', '"1e-999999999"', '"1e999999999"', '"1e+999999"', '"-1e-999999"', '"999999999999999.999999999999"',
  '"1000000000000000"', '"0.0000000000001"', '"NaN"', '"Infinity"', '"-Infinity"', '"0x10"', '" 1"', '"1_000"', '""',
  '"\u0661"', '"1.2.3"', '"+1"', '"."', '"1e"', `"${'9'.repeat(5000)}"`, `"0.${'0'.repeat(5000)}1"`,
];

/** Templates with one `@` where the hostile token goes. */
export const TEMPLATES = [
  '{"planConfig":{"prices":[{"pricingModel":"PRICING_MODEL_PER_UNIT","unitAmount":@}]},"instances":[{}]}',
  '{"planConfig":{"prices":[{"pricingModel":"PRICING_MODEL_PER_UNIT","unitAmount":"1","unitQuantity":@}]},"instances":[{"quantity":2}]}',
  '{"planConfig":{"prices":[{"pricingModel":"PRICING_MODEL_PER_UNIT","unitAmount":"1","metricName":"cpu","freeUnits":@,"prorate":true}]},"instances":[{"usage":{"cpu":5}}]}',
  '{"planConfig":{"prices":[{"pricingModel":"PRICING_MODEL_PACKAGE","packageSize":@,"packagePrice":"2"}]},"instances":[{"quantity":3}]}',
  '{"planConfig":{"prices":[{"pricingModel":"PRICING_MODEL_PACKAGE","packageSize":10,"packagePrice":@}]},"instances":[{"quantity":3}]}',
  '{"planConfig":{"prices":[{"pricingModel":"PRICING_MODEL_TIERED","tiers":[{"startInclusive":0,"endExclusive":@,"unitAmount":"1"},{"startInclusive":@,"unitAmount":"2"}]}]},"instances":[{"quantity":7}]}',
  '{"planConfig":{"prices":[{"pricingModel":"PRICING_MODEL_TIERED","tiers":[{"tierOrder":@,"startInclusive":0,"unitAmount":"1","flatFee":true,"flatFeeAmount":@}]}]},"instances":[{}]}',
  '{"planConfig":{"prices":[{"pricingModel":"PRICING_MODEL_FLAT","unitAmount":"3","minimumCharge":@,"maximumCharge":@}]},"instances":[{}]}',
  '{"planConfig":{"prices":[{"pricingModel":"PRICING_MODEL_FLAT","unitAmount":"3","billingInterval":@,"billingPeriod":"BILLING_PERIOD_YEARLY"}]},"instances":[{}]}',
  '{"planConfig":{"prices":[{"pricingModel":"PRICING_MODEL_FLAT","unitAmount":"3","prorate":true}]},"instances":[{"quantity":@,"hoursUsed":@}]}',
  '{"planConfig":{"prices":[{"pricingModel":"PRICING_MODEL_PER_UNIT","unitAmount":"1","metricName":"cpu","metricAggregation":"METRIC_AGGREGATION_AVERAGE"}]},"instances":[{"usage":{"cpu":[1,@,2]}}]}',
  '{"planConfig":{"prices":[{"pricingModel":"PRICING_MODEL_PER_UNIT","unitAmount":"1","metricName":"cpu"}]},"instances":[{"usage":@}]}',
  '{"planConfig":{"prices":[{"productType":"PRODUCT_TYPE_ADDON","addonCode":"b","pricingModel":"PRICING_MODEL_PER_UNIT","unitAmount":"1","metricName":"gb"}]},"instances":[{"addons":[{"code":"b","usage":@}]}]}',
  '{"planConfig":{"prices":[{"productType":"PRODUCT_TYPE_USAGE","pricingModel":"PRICING_MODEL_PER_UNIT","unitAmount":"1","metricName":"egress","overagePrice":@}]},"instances":[{"usage":{"egress":9}}],"calcConfig":{"overageRates":{"egress":@}}}',
  '{"planConfig":{"prices":[{"pricingModel":"PRICING_MODEL_FLAT","unitAmount":"10"}]},"instances":[{}],"calcConfig":{"capHours":@,"discountPercent":@}}',
  '{"planConfig":{"prices":[{"pricingModel":"PRICING_MODEL_FLAT","unitAmount":"10"}]},"instances":[{}],"calcConfig":{"couponValue":@,"taxRate":@}}',
  '{"planConfig":{"prices":[{"pricingModel":"PRICING_MODEL_FORMULA","pricingFormula":"units * @"}]},"instances":[{}]}',
];

const fill = (template: string, token: string) => template.replaceAll('@', token);

const numeric = fc.tuple(fc.constantFrom(...TEMPLATES), fc.constantFrom(...NUMBER_TOKENS)).map(([t, n]) => recipe(`number ${n.slice(0, 30)} in ${t.slice(30, 110)}`, () => fill(t, n)));

const wrongTypes = fc
  .tuple(fc.constantFrom(...TEMPLATES), fc.oneof(fc.constantFrom('[]', '{}', 'true', 'null', '"x"', '[[1]]', '{"a":{"b":1}}', '-1', '[null]'), fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v))))
  .map(([t, v]) => recipe(`wrong type ${v.slice(0, 30)}`, () => fill(t, v)));

/** Deep nesting at a few places, within the body limit. */
const deep = fc
  .tuple(fc.constantFrom('usage', 'tiers', 'top', 'object', 'calc'), fc.integer({ min: 1, max: 120_000 }))
  .map(([where, depth]) =>
    recipe(`nesting ${depth} in ${where}`, () => {
      const arrays = `${'['.repeat(depth)}${']'.repeat(depth)}`;
      if (where === 'usage') return `{"instances":[{"usage":{"cpu":${arrays}}}]}`;
      if (where === 'tiers') return `{"planConfig":{"prices":[{"pricingModel":"PRICING_MODEL_TIERED","tiers":${arrays}}]}}`;
      if (where === 'object') return `{"instances":[{"usage":${'{"a":'.repeat(Math.min(depth, 150_000))}1${'}'.repeat(Math.min(depth, 150_000))}}]}`;
      if (where === 'calc') return `{"calcConfig":{"overageRates":${'{"x":'.repeat(depth)}"1"${'}'.repeat(depth)}}}`;
      return arrays;
    }),
  );

/** Huge arrays, each built to stay under 1 MiB. */
const huge = fc
  .tuple(fc.constantFrom('instances', 'prices', 'tiers', 'addons', 'usage', 'violations'), fc.integer({ min: 9_990, max: 300_000 }))
  .map(([what, n]) =>
    recipe(`huge ${what} ${n}`, () => {
      const cap = (unit: number) => Math.min(n, Math.floor((MIB - 400) / unit)); // unit: bytes per element, comma included
      if (what === 'instances') return `{"instances":[${Array(cap(3)).fill('{}').join(',')}]}`;
      if (what === 'prices') return `{"planConfig":{"prices":[${Array(cap(56)).fill('{"pricingModel":"PRICING_MODEL_FLAT","unitAmount":"1"}').join(',')}]},"instances":[{}]}`;
      if (what === 'tiers') {
        const count = cap(80);
        const tiers = Array.from({ length: count }, (_, i) => `{"startInclusive":${i}${i < count - 1 ? `,"endExclusive":${i + 1}` : ''},"unitAmount":"1"}`);
        return `{"planConfig":{"prices":[{"pricingModel":"PRICING_MODEL_TIERED","tiers":[${tiers.join(',')}]}]},"instances":[{"quantity":${count}}]}`;
      }
      if (what === 'addons') return `{"planConfig":{"prices":[{"productType":"PRODUCT_TYPE_ADDON","addonCode":"b","pricingModel":"PRICING_MODEL_FLAT","unitAmount":"1"}]},"instances":[{"addons":[${Array(cap(13)).fill('{"code":"b"}').join(',')}]}]}`;
      if (what === 'usage') return `{"planConfig":{"prices":[{"pricingModel":"PRICING_MODEL_PER_UNIT","unitAmount":"1","metricName":"c","metricAggregation":"METRIC_AGGREGATION_UNIQUE_COUNT"}]},"instances":[{"usage":{"c":[${Array.from({ length: cap(7) }, (_, i) => i).join(',')}]}}]}`;
      return `{"instances":[${Array(cap(17)).fill('{"quantity":"x"}').join(',')}]}`;
    }),
  );

/** Long strings in text fields and formulas. */
const longStrings = fc
  .tuple(fc.constantFrom('region', 'addonCode', 'currency', 'metricName', 'formula-parens', 'formula-sum', 'formula-text', 'key'), fc.integer({ min: 1_000, max: 900_000 }))
  .map(([where, n]) =>
    recipe(`long ${where} ${n}`, () => {
      const s = 'x'.repeat(n);
      if (where === 'region') return `{"instances":[{"region":"${s}"}]}`;
      if (where === 'addonCode') return `{"instances":[{"addons":[{"code":"${s}"}]}]}`;
      if (where === 'currency') return `{"planConfig":{"currency":"${s}"}}`;
      if (where === 'metricName') return `{"planConfig":{"prices":[{"pricingModel":"PRICING_MODEL_PER_UNIT","unitAmount":"1","metricName":"${s}"}]},"instances":[{"usage":{"${s.slice(0, 1000)}":1}}]}`;
      const formula = where === 'formula-parens' ? `${'('.repeat(n / 2)}1${')'.repeat(n / 2)}` : where === 'formula-sum' ? `${'cycleHours*'.repeat(n / 11)}1` : s;
      if (where === 'key') return `{"${s}":1}`;
      return `{"planConfig":{"prices":[{"pricingModel":"PRICING_MODEL_FORMULA","pricingFormula":"${formula}"}]},"instances":[{}]}`;
    }),
  );

const BAD_UTF8 = [[0xff], [0xfe], [0xc3, 0x28], [0xed, 0xa0, 0x80], [0xc0, 0xaf], [0xf8, 0x88, 0x80, 0x80, 0x80], [0x00], [0xef, 0xbb, 0xbf]];

/** A template with invalid UTF-8 bytes inside a string or outside any. */
const badBytes = fc
  .tuple(fc.constantFrom(...TEMPLATES), fc.constantFrom(...BAD_UTF8), fc.boolean())
  .map(([t, bytes, inString]) =>
    recipe(`bytes ${bytes.map((b) => b.toString(16)).join(' ')} ${inString ? 'in a string' : 'bare'}`, () => {
      const [before, after] = fill(t, inString ? '"@@"' : '@@').split('@@') as [string, string];
      return Buffer.concat([Buffer.from(before), Buffer.from(bytes), Buffer.from(after)]);
    }),
  );

const randomJson = fc.jsonValue({ maxDepth: 6 }).map((v) => recipe('random JSON', () => JSON.stringify(v)));
const garbage = fc.uint8Array({ maxLength: 2_000 }).map((bytes) => recipe('random bytes', () => Buffer.from(bytes)));

/** Hostile bodies for POST /v1/plans:calculate. */
export const hostileBodies: fc.Arbitrary<BodyRecipe> = fc.oneof(
  { weight: 40, arbitrary: numeric },
  { weight: 15, arbitrary: wrongTypes },
  { weight: 2, arbitrary: deep },
  { weight: 1, arbitrary: huge },
  { weight: 2, arbitrary: longStrings },
  { weight: 15, arbitrary: badBytes },
  { weight: 10, arbitrary: randomJson },
  { weight: 5, arbitrary: garbage },
);
