import { calculatePlanJson } from '@billing/pricing-core';
import { describe, expect, it } from 'vitest';
import { commitmentSet, planTable } from './plan-table.js';

const flat = { pricingModel: 'PRICING_MODEL_FLAT', unitAmount: '10' };
const plan = (minimumCommitment?: unknown, calcConfig: object = {}) => ({ planConfig: { prices: [flat], minimumCommitment }, instances: [{}, {}], calcConfig });
const row = (table: string, label: string) => table.split('\n').find((line) => line.startsWith(label));
const tableOf = (request: object) => planTable(calculatePlanJson(request), commitmentSet(request));

describe('planTable', () => {
  it('shows the commitment true-up after the overage when a commitment is set: 50.00 over 20.00 is 30.00', () => {
    const table = tableOf(plan('50.00'));
    const labels = table.split('\n').map((line) => line.split(/\s{2,}/)[0]);
    expect(labels.indexOf('Commitment true-up')).toBe(labels.indexOf('Overage') + 1);
    expect(row(table, 'Commitment true-up')).toMatch(/\s30\.00 USD$/);
    expect(row(table, 'Total')).toMatch(/\s50\.00 USD$/);
  });
  it('shows a zero true-up when the commitment is met', () => {
    expect(row(tableOf(plan('15')), 'Commitment true-up')).toMatch(/\s0\.00 USD$/);
  });
  it.each([undefined, null, '0', '0.00', 0])('has no true-up row without a commitment (%j)', (commitment) => {
    expect(row(tableOf(plan(commitment)), 'Commitment')).toBeUndefined();
  });
  it('counts discounts from the committed amount: 10% and a 5.00 coupon off 50.00 are -10.00', () => {
    expect(row(tableOf(plan('50', { discountPercent: 10, couponValue: '5' })), 'Discounts')).toMatch(/\s-10\.00 USD$/);
  });
});
