import type { PlanResult } from '@billing/pricing-core';
import { subtractDecimals } from './decimal-text.js';

/**
 * Whether a valid request sets a minimum commitment (present and not zero: "0" means none).
 * @example commitmentSet({ planConfig: { minimumCommitment: '0.00' } }) // false
 */
export function commitmentSet(request: unknown): boolean {
  const value = (request as { planConfig?: { minimumCommitment?: unknown } | null } | null)?.planConfig?.minimumCommitment;
  return value !== undefined && value !== null && !/^[0.]+$/.test(String(value));
}

/**
 * The priced plan as an aligned text table: a row per line item, then the totals with the
 * currency; the commitment's true-up has a row when the plan sets a commitment.
 * @example planTable(calculatePlan(request), commitmentSet(request))
 */
export function planTable(result: PlanResult, committed = false): string {
  const header = ['Line item', 'Qty', 'Base', 'Add-ons', 'Subtotal'];
  const rows = result.lineItems.map((item) => [item.instanceLabel, String(item.quantity), item.base, item.addons, item.subtotal]);
  const discount = subtractDecimals(addText(addText(result.subtotal, result.overageCost), result.commitmentTrueUp), result.discounted);
  const totals: Array<[string, string]> = [
    ['Subtotal', result.subtotal],
    ['Overage', result.overageCost],
    ...(committed ? [['Commitment true-up', result.commitmentTrueUp] as [string, string]] : []),
    ['Discounts', /^0(\.0+)?$/.test(discount) ? discount : `-${discount}`],
    ['Tax', result.tax],
    ['Total', result.total],
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[0] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ');
  const tableWidth = widths.reduce((a, b) => a + b, 0) + 2 * (widths.length - 1);
  const amountWidth = Math.max(...totals.map(([, v]) => v.length));
  const out = [line(header), '-'.repeat(tableWidth), ...rows.map(line), '-'.repeat(tableWidth)];
  for (const [label, value] of totals) {
    const right = `${value.padStart(amountWidth)} ${result.currency}`;
    out.push(`${label}${' '.repeat(Math.max(2, tableWidth - label.length - right.length))}${right}`);
  }
  const metrics = Object.keys(result.pooledUsage);
  if (metrics.length > 0) {
    out.push('', 'Pooled usage (metric: usage / free allowance):');
    for (const metric of metrics) out.push(`  ${metric}: ${result.pooledUsage[metric]} / ${result.pooledAllowances[metric] ?? 0}`);
  }
  return `${out.join('\n')}\n`;
}

function addText(a: string, b: string): string {
  return subtractDecimals(a, b.startsWith('-') ? b.slice(1) : `-${b}`);
}
