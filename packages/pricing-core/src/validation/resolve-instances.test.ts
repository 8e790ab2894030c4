import { describe, expect, it } from 'vitest';
import { calculatePlanJson } from '../index.js';
import { resolveOptions } from '../limits.js';
import { analyzeRequest } from './analyze.js';

const prices = [
  { pricingModel: 'PRICING_MODEL_PER_UNIT', metricName: 'cpu', unitAmount: '1' },
  { productType: 'PRODUCT_TYPE_ADDON', addonCode: 'ip', pricingModel: 'PRICING_MODEL_PER_UNIT', metricName: 'gb', unitAmount: '1' },
  { productType: 'PRODUCT_TYPE_ADDON', addonCode: 'disk', pricingModel: 'PRICING_MODEL_FLAT', unitAmount: '1' },
];

/** The violations the walk reports for one instance of the plan, as `field: description` lines. */
function reported(item: unknown): string[] {
  const analysis = analyzeRequest({ planConfig: { prices }, instances: [item] });
  return analysis.ok ? [] : analysis.violations.map((violation) => `${violation.field}: ${violation.description}`);
}

describe('examples', () => {
  it('hands each instance to the sink as it is read and resolved, in order, and none after the first violation', () => {
    const labels: string[] = [];
    const instances = [{ region: 'a' }, { region: 'b' }, { quantity: -1 }, { region: 'd' }];
    const analysis = analyzeRequest({ planConfig: { prices }, instances }, resolveOptions(), () => ({ add: (instance) => labels.push(instance.label) }));
    expect(labels).toEqual(['instance-1 (a)', 'instance-2 (b)']);
    expect(analysis.ok ? [] : analysis.violations.map((violation) => violation.field)).toEqual(['instances[2].quantity']);
  });

  it('one pass per instance: its add-on codes and their usage, its measurements, its usage, then the typo guard on its usage maps', () => {
    expect(reported({ quantity: 2, hoursUsed: 100.25, usage: { cpu: 12.5 }, addons: [{ code: 'ip', usage: { gb: 3 } }, { code: 'disk' }] })).toEqual([]);
    expect(reported({ usage: { cpu: -1 } })).toEqual(['instances[0].usage.cpu: Must not be negative.']);
    expect(reported({ addons: [{ code: 'nope' }] })).toHaveLength(1);
    expect(reported({ usage: { Cpu: 1 } })).toHaveLength(1);
    expect(reported({ quantity: -1, usage: { cpu: -1 }, addons: [{ code: 'nope' }, { code: 'ip', usage: { gbb: 1, transfer: -1 } }] }).map((line) => line.split(':')[0])).toEqual([
      'instances[0].addons[0].code',
      'instances[0].addons[1].usage.transfer',
      'instances[0].quantity',
      'instances[0].usage.cpu',
      'instances[0].addons[1].usage.gbb',
    ]);
  });

  it('a usage key hidden from Object.keys is neither checked nor read: priced as absent', () => {
    const request = (usage: object) => ({ planConfig: { prices }, instances: [{ usage }] });
    const hidden = Object.defineProperty({ gb: 1 }, 'cpu', { value: 5, enumerable: false });
    expect(calculatePlanJson(request(hidden)).total).toBe(calculatePlanJson(request({ gb: 1 })).total);
    expect(calculatePlanJson(request({ gb: 1, cpu: 5 })).total).not.toBe(calculatePlanJson(request({ gb: 1 })).total);
  });
});
