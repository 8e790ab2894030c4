import type { PlanResult } from '@billing/pricing-core';
import { subtractDecimals } from './decimal-text.js';

/**
 * The priced plan as an aligned text table: a row per line item, then the totals with the currency.
 * @example planTable(calculatePlan(request))
 */
export function planTable(result: PlanResult): string {
  const header = ['Line item', 'Qty', 'Base', 'Add-ons', 'Subtotal'];
  const rows = result.lineItems.map((item) => [item.instanceLabel, String(item.quantity), item.base, item.addons, item.subtotal]);
  const discount = subtractDecimals(addText(result.subtotal, result.overageCost), result.discounted);
  const totals: Array<[string, string]> = [
    ['Subtotal', result.subtotal],
    ['Overage', result.overageCost],
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
