// The page's two pictures, drawn as SVG by hand (no chart library to load, nothing inline for the
// CSP to refuse). Every amount they show is a string the engine returned; floats are used only to
// place pixels.
import { isZero, plus, toPixelNumber } from './decimal.js';
import { isObject, niceCeil } from './dom.js';

const SVG = 'http://www.w3.org/2000/svg';
/** Line items drawn one bar each; the rest are folded into one bar so the picture stays readable. */
export const WATERFALL_MAX_BARS = 12;
/** Usage positions priced for one curve (plus the tier boundaries and the current usage). */
export const USAGE_CHART_STEPS = 20;
/**
 * Above this many instances x prices the usage picture is not drawn: it prices the plan about 30
 * times on every edit, and a plan that large would make each keystroke slow.
 */
export const USAGE_CHART_MAX_CELLS = 10_000;

function svg(tag, attributes = {}, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined) node.setAttribute(name, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * Whether a request sets a minimum commitment ("0" means none).
 * @example commitmentSet({ planConfig: { minimumCommitment: '50.00' } }) // true
 */
export const commitmentSet = (request) => request?.planConfig?.minimumCommitment != null && !isZero(String(request.planConfig.minimumCommitment));

/**
 * The steps from nothing to the total: a bar per line item (base, then add-ons), then overage,
 * the commitment's true-up (when the plan sets a commitment), discount (down) and tax, then the total.
 * @example waterfallSteps(calculatePlan(request)).at(-1) // { kind: 'total', from: '0', to: result.total, ... }
 */
export function waterfallSteps(result, committed = false) {
  const steps = [];
  let running = '0';
  const items = result.lineItems;
  const shown = items.length > WATERFALL_MAX_BARS ? items.slice(0, WATERFALL_MAX_BARS - 1) : items;
  for (const item of shown) {
    const to = plus(running, item.subtotal);
    steps.push({ kind: 'line-item', label: item.instanceLabel, amount: item.subtotal, from: running, to, parts: [item.base, item.addons] });
    running = to;
  }
  if (shown.length < items.length) {
    const rest = items.slice(shown.length);
    const base = rest.reduce((sum, item) => plus(sum, item.base), '0');
    const addons = rest.reduce((sum, item) => plus(sum, item.addons), '0');
    const amount = plus(base, addons);
    const to = plus(running, amount);
    steps.push({ kind: 'line-item', label: `${rest.length} more instances`, amount, from: running, to, parts: [base, addons] });
    running = to;
  }
  // NOTE: the amount before discounts and the discounts are the engine's (its debug totals), not re-derived.
  const { pre, percentOff, couponOff } = result.debug.totals;
  const off = [percentOff, couponOff].filter((amount) => !isZero(amount)).map((amount) => `-${amount}`);
  const charged = plus(result.subtotal, result.overageCost);
  steps.push({ kind: 'overage', label: 'Overage', amount: result.overageCost, from: result.subtotal, to: charged });
  if (committed) steps.push({ kind: 'commitment', label: 'Commitment true-up', amount: result.commitmentTrueUp, from: charged, to: pre });
  steps.push({ kind: 'discount', label: isZero(couponOff) ? 'Discount' : 'Discount, coupon', amount: off.length > 0 ? off.join(' ') : '0', from: pre, to: result.discounted });
  steps.push({ kind: 'tax', label: 'Tax', amount: result.tax, from: result.discounted, to: result.total });
  steps.push({ kind: 'total', label: 'Total', amount: result.total, from: '0', to: result.total });
  return steps;
}

/** Draws "where the total comes from" into `container` (an element holding one SVG). */
export function drawWaterfall(container, result, committed = false) {
  const steps = waterfallSteps(result, committed);
  const width = Math.max(280, container.clientWidth || 480);
  const row = 26;
  const labelWidth = Math.min(140, Math.round(width * 0.34));
  const amountWidth = 78;
  const plot = width - labelWidth - amountWidth;
  const top = Math.max(...steps.map((s) => toPixelNumber(s.to)), ...steps.map((s) => toPixelNumber(s.from)));
  const x = (value) => labelWidth + (top > 0 ? (toPixelNumber(value) / top) * plot : 0);
  const chart = svg('svg', { width, height: steps.length * row + 8, viewBox: `0 0 ${width} ${steps.length * row + 8}`, role: 'img', 'aria-labelledby': 'waterfall-title', 'data-testid': 'waterfall' });
  steps.forEach((step, i) => {
    const y = 4 + i * row;
    const g = svg('g', { class: `step step-${step.kind}`, 'data-testid': 'waterfall-step', 'data-kind': step.kind, 'data-label': step.label, 'data-amount': step.amount, 'data-from': step.from, 'data-to': step.to });
    g.append(svg('title', {}, `${step.label}: ${step.amount} ${result.currency}`));
    g.append(svg('text', { x: labelWidth - 6, y: y + row / 2 + 4, 'text-anchor': 'end', class: 'label' }, step.label));
    const left = Math.min(x(step.from), x(step.to));
    const right = Math.max(x(step.from), x(step.to));
    if (step.parts) {
      // NOTE: a line item's bar is its base, then its add-ons, in two shades.
      const split = x(plus(step.from, step.parts[0]));
      g.append(svg('rect', { x: left, y: y + 4, width: Math.max(1, split - left), height: row - 8, class: 'bar base' }));
      if (!isZero(step.parts[1])) g.append(svg('rect', { x: split, y: y + 4, width: Math.max(1, right - split), height: row - 8, class: 'bar addons' }));
    } else {
      g.append(svg('rect', { x: left, y: y + 4, width: Math.max(1, right - left), height: row - 8, class: 'bar' }));
    }
    if (i > 0 && step.kind !== 'total') g.append(svg('line', { x1: x(step.from), x2: x(step.from), y1: y - row + 4, y2: y + 4, class: 'connector' }));
    g.append(svg('text', { x: width - 4, y: y + row / 2 + 4, 'text-anchor': 'end', class: 'amount' }, step.amount));
    chart.append(g);
  });
  container.replaceChildren(chart);
  // NOTE: a label longer than its column (a phone's narrow screen) is cut with an ellipsis, the
  // whole label staying in the step's title; measured once the SVG is in the page.
  for (const label of chart.querySelectorAll('text.label')) fitText(label, labelWidth - 8);
}

/** Shortens an SVG text with an ellipsis until it is at most `width` pixels wide. */
function fitText(node, width) {
  const full = node.textContent;
  if (typeof node.getComputedTextLength !== 'function' || node.getComputedTextLength() <= width) return;
  let keep = full.length;
  while (keep > 1 && node.getComputedTextLength() > width) node.textContent = `${full.slice(0, --keep)}…`;
}

/**
 * The plan priced at a range of usages of one metric on one instance, every point by the
 * engine: `{ points, boundaries, current }`, or `{ reason }` when the curve cannot be drawn.
 * Tier boundaries come from the price's tiers, moved by the free units and the other instances'
 * usage that the engine's FULL view reports for the current plan.
 * @example usageSeries(calculatePlan, request, { priceIndex: 2, instanceIndex: 0 })
 */
export function usageSeries(calculatePlan, request, { priceIndex, instanceIndex }) {
  const price = request.planConfig?.prices?.[priceIndex];
  const instance = request.instances?.[instanceIndex];
  if (!isObject(price) || !isObject(instance)) return { reason: 'Add an instance and a metered price to see this picture.' };
  const metric = price.metricName;
  const cells = request.instances.length * request.planConfig.prices.length;
  if (cells > USAGE_CHART_MAX_CELLS) return { reason: `The plan has ${cells} instances x prices, more than the ${USAGE_CHART_MAX_CELLS} this picture redraws on every edit.` };
  if (instance.usage != null && !isObject(instance.usage)) return { reason: 'The instance gives its usage as a bare value; give it per metric to see this picture.' };
  const value = instance.usage?.[metric];
  if (value != null && typeof value !== 'number') return { reason: `The usage of ${metric} is not a single number on this instance.` };
  const current = value ?? 0;
  const at = (usage) => {
    const instances = request.instances.map((entry, i) => (i === instanceIndex ? { ...entry, usage: { ...entry.usage, [metric]: usage } } : entry));
    return calculatePlan({ ...request, instances }).total;
  };
  const full = calculatePlan(request, { view: 'FULL' });
  let offset = 0;
  if (price.productType === 'PRODUCT_TYPE_USAGE') {
    const pooled = full.debug.pooled?.find((d) => d.priceIndex === priceIndex);
    if (pooled) offset = toPixelNumber(pooled.freeUnits) - (toPixelNumber(pooled.units) - current);
  } else {
    const own = full.debug.instances?.[instanceIndex]?.prices.find((d) => d.priceIndex === priceIndex);
    if (own) offset = toPixelNumber(own.freeUnits);
  }
  const marks = [];
  if (offset > 0) marks.push({ usage: offset, label: 'free units used up' });
  for (const tier of Array.isArray(price.tiers) ? price.tiers : []) {
    const end = Number(tier?.endExclusive);
    if (Number.isFinite(end) && end > 0) marks.push({ usage: end + offset, label: `tier boundary at ${end} units` });
  }
  const max = niceCeil(Math.max(100, current * 2, ...marks.map((m) => m.usage * 1.25)));
  const boundaries = marks.filter((m) => m.usage > 0 && m.usage <= max);
  const usages = new Set([current]);
  for (let i = 0; i <= USAGE_CHART_STEPS; i += 1) usages.add((max / USAGE_CHART_STEPS) * i);
  // NOTE: volume tiers jump just past a boundary; a point on each side shows the jump.
  for (const b of boundaries) usages.add(b).add(Math.min(max, b + max / 1000));
  const points = [...usages].filter((u) => u >= 0).sort((a, b) => a - b).map((usage) => ({ usage, total: at(usage) }));
  return { metric, max, points, boundaries, current: { usage: current, total: at(current) }, floor: commitmentFloor(calculatePlan, request) };
}

/**
 * The least total a plan with a minimum commitment bills, however little is used: the engine's
 * total for the plan with no prices and no instances (so pre is the commitment), after the
 * plan's discount, coupon and tax; null without a commitment.
 * @example commitmentFloor(calculatePlan, { planConfig: { minimumCommitment: '50' } }) // '50.00'
 */
export function commitmentFloor(calculatePlan, request) {
  if (!commitmentSet(request)) return null;
  const calcConfig = isObject(request.calcConfig) ? { ...request.calcConfig, overageRates: undefined } : request.calcConfig;
  return calculatePlan({ ...request, planConfig: { ...request.planConfig, prices: [] }, instances: [], calcConfig }).total;
}

/** Draws "what if usage changes" from `usageSeries`' answer. */
export function drawUsageChart(container, series, currency) {
  if (series.reason) {
    container.replaceChildren(Object.assign(document.createElement('p'), { className: 'hint', textContent: series.reason }));
    return;
  }
  const width = Math.max(280, container.clientWidth || 480);
  const height = 220;
  // NOTE: the left margin holds the longest amount on the axis (about 7 px a character at 12 px).
  const longest = series.points.reduce((most, p) => Math.max(most, String(p.total).length), 1);
  const margin = { left: Math.max(64, 12 + longest * 7), right: 14, top: 26, bottom: 40 };
  const totals = series.points.map((p) => toPixelNumber(p.total));
  const top = Math.max(...totals) || 1;
  const x = (usage) => margin.left + (usage / series.max) * (width - margin.left - margin.right);
  const y = (total) => height - margin.bottom - (toPixelNumber(total) / top) * (height - margin.top - margin.bottom);
  const chart = svg('svg', { width, height, viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-labelledby': 'usage-chart-title', 'data-testid': 'usage-chart', 'data-metric': series.metric });
  const highest = series.points.reduce((best, p) => (toPixelNumber(p.total) > toPixelNumber(best.total) ? p : best));
  chart.append(
    svg('line', { x1: margin.left, x2: width - margin.right, y1: height - margin.bottom, y2: height - margin.bottom, class: 'axis' }),
    svg('line', { x1: margin.left, x2: margin.left, y1: margin.top, y2: height - margin.bottom, class: 'axis' }),
    svg('text', { x: margin.left - 6, y: height - margin.bottom + 4, 'text-anchor': 'end', class: 'tick' }, '0'),
    svg('text', { x: margin.left - 6, y: y(highest.total) + 4, 'text-anchor': 'end', class: 'tick' }, highest.total),
    svg('text', { x: margin.left, y: height - margin.bottom + 16, 'text-anchor': 'start', class: 'tick' }, '0'),
    svg('text', { x: width - margin.right, y: height - margin.bottom + 16, 'text-anchor': 'end', class: 'tick' }, String(series.max)),
    svg('text', { x: (margin.left + width - margin.right) / 2, y: height - 6, 'text-anchor': 'middle', class: 'axis-label' }, `usage of ${series.metric}`),
    svg('text', { x: margin.left + 6, y: 12, 'text-anchor': 'start', class: 'axis-label' }, `total (${currency})`),
  );
  if (series.floor != null) {
    const g = svg('g', { 'data-testid': 'commitment-floor', 'data-total': series.floor, class: 'floor' });
    g.append(
      svg('title', {}, `the minimum commitment sets the floor: total ${series.floor} ${currency}`),
      svg('line', { x1: margin.left, x2: width - margin.right, y1: y(series.floor), y2: y(series.floor) }),
      svg('text', { x: width - margin.right, y: y(series.floor) - 4, 'text-anchor': 'end', class: 'tick' }, `commitment floor ${series.floor}`),
    );
    chart.append(g);
  }
  for (const b of series.boundaries) {
    const g = svg('g', { 'data-testid': 'tier-boundary', 'data-usage': b.usage, class: 'boundary' });
    g.append(svg('title', {}, `${b.label} (usage ${b.usage})`), svg('line', { x1: x(b.usage), x2: x(b.usage), y1: margin.top, y2: height - margin.bottom }));
    chart.append(g);
  }
  chart.append(svg('polyline', { class: 'curve', points: series.points.map((p) => `${x(p.usage).toFixed(1)},${y(p.total).toFixed(1)}`).join(' ') }));
  for (const p of series.points) {
    const dot = svg('circle', { cx: x(p.usage), cy: y(p.total), r: 2.5, class: 'point', 'data-testid': 'usage-point', 'data-usage': p.usage, 'data-total': p.total });
    dot.append(svg('title', {}, `usage ${p.usage}: total ${p.total} ${currency}`));
    chart.append(dot);
  }
  const now = svg('circle', { cx: x(series.current.usage), cy: y(series.current.total), r: 6, class: 'current', 'data-testid': 'usage-current', 'data-usage': series.current.usage, 'data-total': series.current.total });
  now.append(svg('title', {}, `current usage ${series.current.usage}: total ${series.current.total} ${currency}`));
  chart.append(now);
  container.replaceChildren(chart);
}
