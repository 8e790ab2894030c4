import { describe, expect, it } from 'vitest';
import { validatePlanRequestJson } from '../index.js';

/** The violations of a request as `field: description` lines, or [] when it is valid. */
function reported(request: unknown): string[] {
  const outcome = validatePlanRequestJson(request);
  return outcome.success ? [] : outcome.violations.map((v) => `${v.field}: ${v.description}`);
}

const NOT_USAGE = 'Must be a number, an array of numbers, or a map from metric name to a number or an array of numbers.';

describe('examples', () => {
  it('a map is a plain object of named values: an enumerable symbol key or a class instance is refused; a hidden symbol or a null prototype is not', () => {
    const hidden = Object.defineProperty({}, Symbol('x'), { value: 1, enumerable: false });
    expect(reported({ instances: [{ usage: { [Symbol('x')]: 1 } }] })).toEqual([`instances[0].usage: ${NOT_USAGE}`]);
    expect(reported({ instances: [{ usage: hidden }] })).toEqual([]);
    expect(reported({ instances: [{ usage: Object.assign(Object.create(null) as object, { cpu: 1 }) }] })).toEqual([]);
    expect(reported({ instances: [{ usage: new Date() }, new Date()] })).toEqual([`instances[0].usage: ${NOT_USAGE}`]);
  });

  it('an object whose prototype is not a plain one has every field read, a getter on its class included; a plain or null-prototype object has its keys read', () => {
    class Instance {
      get region() {
        return 42;
      }
    }
    expect(reported({ instances: [new Instance()] })).toEqual(['instances[0].region: Must be a string.']);
    expect(reported({ instances: [Object.assign(Object.create(null) as object, { region: 42, quantty: 1 })] })).toEqual([
      'instances[0].region: Must be a string.',
      'instances[0].quantty: Unknown field: did you mean "quantity"?',
    ]);
    expect(reported({ instances: [Object.create({ region: 42 }) as object] })).toEqual(['instances[0].region: Must be a string.']);
  });

  it('the shape is listed first, in field order, then the rules: a wrong type reads as unset to the rules', () => {
    expect(reported({ instances: [{ addons: [{ usage: 1 }, { code: 'x', usage: { a: [1, null] } }] }] })).toEqual([
      'instances[0].addons[0].code: Must be a string.',
      `instances[0].addons[1].usage: ${NOT_USAGE}`,
      'instances[0].addons[1].code: No ADDON price has the addonCode "x"; the plan has no ADDON price.',
    ]);
    expect(reported({ planConfig: { prices: [{ pricingModel: 'PER_UNIT', unitAmmount: '1' }] }, instances: [{ usage: { 'cpu-hours': -1 } }], extra: 1 })).toEqual([
      'planConfig.prices[0].pricingModel: "PER_UNIT" is not a pricing model; did you mean "PRICING_MODEL_PER_UNIT"?',
      'planConfig.prices[0].unitAmmount: Unknown field: did you mean "unitAmount"?',
      'extra: Unknown field: not part of the request format.',
      'instances[0].usage["cpu-hours"]: Must not be negative.',
    ]);
  });

  it('calcConfig is read before the instances (its cycle resolves the prices) but listed after them, before the unknown fields of the root', () => {
    expect(reported({ calcConfig: { taxrate: 1 }, instances: [JSON.parse('{"__proto__": 1, "qty": 2}') as object], extra: 1 })).toEqual([
      'instances[0].__proto__: Unknown field: not part of the request format.',
      'instances[0].qty: Unknown field: not part of the request format.',
      'calcConfig.taxrate: Unknown field: did you mean "taxRate"?',
      'extra: Unknown field: not part of the request format.',
    ]);
  });

  it('an inherited enumerable field is unknown, as a strict schema finds it', () => {
    expect(reported({ instances: [Object.assign(Object.create({ inherited: 1 }) as object, { quantity: 1 })] })).toEqual([
      'instances[0].inherited: Unknown field: not part of the request format.',
    ]);
  });
});
