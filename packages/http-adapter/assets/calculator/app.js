// The calculator page: prices the plan with pricing-core's browser bundle, served by this server
// (no round trip, nothing from another host). The plan is one request object shown twice, as a
// form and as JSON, each edit of one redrawing the other; the address keeps it as
// #plan=<base64url of the request JSON>.
import * as engine from './pricing-core.js';
import { commitmentSet, drawUsageChart, drawWaterfall, usageSeries } from './charts.js';
import { isZero } from './decimal.js';
import { renderForm } from './form.js';
import { chartablePrices } from './form-instances.js';
import { markViolations } from './violations.js';

const { calculatePlan, PricingValidationError } = engine;

// NOTE: the sample is the server's example request (the one of its OpenAPI document), fetched once.
const SAMPLE_TEXT = await fetch('/calculator/sample-plan.json').then((response) => response.text());
/** The address is replaced at most this often while a slider moves (browsers throttle history calls). */
const LINK_INTERVAL_MS = 250;

const $ = (id) => document.getElementById(id);
const editor = $('plan');
const form = $('form');
/** The request both views show; null while the JSON text is not an object. */
let request = null;
let lastResult = null;
let lastViolations = [];
const chartChoice = { priceIndex: null, instanceIndex: 0 };

/** UTF-8 text to base64url (no padding). */
function toBase64Url(text) {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** base64url (padding optional) to UTF-8 text; null when it is not. */
function fromBase64Url(text) {
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

/** The plan text in the address, pretty-printed when it is JSON; null when there is none. */
function planFromHash() {
  const match = /(?:^#|&)plan=([A-Za-z0-9_-]*={0,2})/.exec(location.hash);
  if (!match) return null;
  const text = fromBase64Url(match[1]);
  if (text === null) return null;
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

let linkTimer = null;
let linkWritten = 0;
let linkText = '';
/** Replaces the address with the plan: at once, or (while edits come fast) a moment later. */
function writeLink(text) {
  linkText = text;
  const wait = linkWritten + LINK_INTERVAL_MS - Date.now();
  if (wait <= 0 && linkTimer === null) return flushLink();
  linkTimer ??= setTimeout(flushLink, Math.max(wait, 0));
}
function flushLink() {
  clearTimeout(linkTimer);
  linkTimer = null;
  linkWritten = Date.now();
  history.replaceState(null, '', `#plan=${toBase64Url(linkText)}`);
}

function fill(tbody, rows, testId) {
  tbody.replaceChildren(
    ...rows.map((cells) => {
      const tr = document.createElement('tr');
      if (testId) tr.dataset.testid = testId;
      for (const text of cells) tr.append(Object.assign(document.createElement('td'), { textContent: text }));
      return tr;
    }),
  );
}

function showResult(result) {
  $('total').textContent = result.total;
  $('currency').textContent = result.currency;
  $('sticky-total').textContent = `Total ${result.total} ${result.currency}`;
  fill($('line-items').tBodies[0], result.lineItems.map((i) => [i.instanceLabel, String(i.quantity), i.base, i.addons, i.subtotal]), 'line-item');
  // The discounts as the engine took them off (its BASIC debug view carries them), never re-derived here.
  const { percentOff, couponOff } = result.debug.totals;
  const off = (amount) => (isZero(amount) ? amount : `-${amount}`);
  fill($('totals').tBodies[0], [
    ['Subtotal', result.subtotal],
    ['Overage (pooled usage)', result.overageCost],
    ...(commitmentSet(request) ? [['Commitment true-up', result.commitmentTrueUp]] : []),
    [`Discount (${result.discountPercent}%)`, off(percentOff)],
    ...(isZero(couponOff) ? [] : [['Coupon', off(couponOff)]]),
    ['Tax', result.tax],
    ['Total', result.total],
  ]);
  const metrics = Object.keys(result.pooledUsage);
  $('pooled-title').hidden = $('pooled').hidden = metrics.length === 0;
  fill($('pooled').tBodies[0], metrics.map((m) => [m, String(result.pooledUsage[m]), String(result.pooledAllowances[m] ?? 0)]), 'pooled');
  $('priced').hidden = false;
  $('invalid').hidden = true;
}

function showViolations(violations, total) {
  $('violations').replaceChildren(
    ...violations.map((v) => {
      const li = document.createElement('li');
      li.dataset.testid = 'violation';
      li.dataset.field = v.field;
      const code = document.createElement('code');
      code.textContent = v.field;
      li.append(code, `: ${v.description}`);
      return li;
    }),
  );
  if (total > violations.length) {
    const li = document.createElement('li');
    li.textContent = `... and ${total - violations.length} more`;
    $('violations').append(li);
  }
  $('sticky-total').textContent = `Not valid: ${violations.length} ${violations.length === 1 ? 'problem' : 'problems'}`;
  $('priced').hidden = true;
  $('invalid').hidden = false;
}

/** The usage picture's choices: the metered prices and the instances of the current plan. */
function syncChartChoices() {
  const prices = chartablePrices(request);
  if (!prices.some((p) => p.index === chartChoice.priceIndex)) chartChoice.priceIndex = prices[0]?.index ?? null;
  const instances = Array.isArray(request?.instances) ? request.instances : [];
  if (chartChoice.instanceIndex >= instances.length) chartChoice.instanceIndex = 0;
  const options = (select, entries, chosen) =>
    select.replaceChildren(...entries.map(([value, text]) => Object.assign(document.createElement('option'), { value, textContent: text, selected: value === String(chosen) })));
  options($('chart-price'), prices.map((p) => [String(p.index), p.label]), chartChoice.priceIndex);
  options($('chart-instance'), instances.map((_, i) => [String(i), `Instance ${i + 1}`]), chartChoice.instanceIndex);
}

function drawCharts() {
  const priced = lastResult !== null && request !== null;
  $('pictures').hidden = !priced;
  if (!priced) return;
  drawWaterfall($('waterfall'), lastResult, commitmentSet(request));
  syncChartChoices();
  const series =
    chartChoice.priceIndex === null
      ? { reason: 'Give a price a metric (metered usage) to see how the total follows usage.' }
      : usageSeries(calculatePlan, request, chartChoice);
  drawUsageChart($('usage-chart'), series, lastResult.currency);
}

/** Prices the current request (or shows why the JSON cannot be priced), then the pictures. */
function price(parseError) {
  lastResult = null;
  if (parseError) {
    lastViolations = [{ field: '(json)', description: parseError }];
    showViolations(lastViolations, 1);
  } else {
    try {
      lastResult = calculatePlan(request ?? JSON.parse(editor.value));
      lastViolations = [];
      showResult(lastResult);
    } catch (error) {
      if (!(error instanceof PricingValidationError)) throw error;
      lastViolations = error.violations;
      showViolations(error.violations, error.total);
    }
  }
  markViolations(form, lastViolations);
  drawCharts();
  $('status').textContent = '';
}

function drawForm() {
  if (request === null) return;
  renderForm(form, request, engine, formChanged);
  markViolations(form, lastViolations);
}

/**
 * After an edit in the form: the JSON follows, then the price; the form is redrawn when its shape
 * changed, and focus lost with a removed control goes to `fallbackId`.
 */
function formChanged(structural, fallbackId) {
  const text = JSON.stringify(request, null, 2);
  editor.value = text;
  writeLink(JSON.stringify(request));
  if (structural) drawForm();
  const lost = document.activeElement === null || document.activeElement === document.body;
  if (lost && fallbackId) document.getElementById(fallbackId)?.focus();
  price();
}

/** After an edit of the JSON text: the form follows when the text is an object. */
function editorChanged() {
  const text = editor.value;
  let parsed;
  let parseError = null;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    parseError = `not valid JSON: ${error.message}`;
  }
  writeLink(parseError === null ? JSON.stringify(parsed) : text);
  const usable = parseError === null && typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
  request = usable ? parsed : null;
  $('form-stale').hidden = usable;
  form.inert = !usable;
  if (usable) drawForm();
  price(parseError);
}

function load(text) {
  editor.value = text;
  editorChanged();
}

editor.addEventListener('input', editorChanged);
window.addEventListener('hashchange', () => {
  const text = planFromHash();
  if (text !== null && text !== editor.value) load(text);
});
$('reset').addEventListener('click', () => load(JSON.stringify(JSON.parse(SAMPLE_TEXT), null, 2)));
$('copy-link').addEventListener('click', async () => {
  flushLink();
  try {
    await navigator.clipboard.writeText(location.href);
    $('copied').textContent = 'Link copied';
  } catch {
    $('copied').textContent = 'Copy the address bar to share this plan';
  }
});
$('chart-price').addEventListener('input', (event) => {
  chartChoice.priceIndex = Number(event.target.value);
  drawCharts();
});
$('chart-instance').addEventListener('input', (event) => {
  chartChoice.instanceIndex = Number(event.target.value);
  drawCharts();
});
// NOTE: the price a person is editing is the one the usage picture follows.
form.addEventListener('focusin', (event) => {
  const index = Number(event.target.closest('[data-price-index]')?.dataset.priceIndex);
  const instance = Number(event.target.closest('[data-instance-index]')?.dataset.instanceIndex);
  let moved = false;
  if (Number.isInteger(index) && index !== chartChoice.priceIndex && chartablePrices(request).some((p) => p.index === index)) {
    chartChoice.priceIndex = index;
    moved = true;
  }
  if (Number.isInteger(instance) && instance !== chartChoice.instanceIndex) {
    chartChoice.instanceIndex = instance;
    moved = true;
  }
  if (moved) drawCharts();
});
let resizeFrame = 0;
window.addEventListener('resize', () => {
  cancelAnimationFrame(resizeFrame);
  resizeFrame = requestAnimationFrame(drawCharts);
});
load(planFromHash() ?? JSON.stringify(JSON.parse(SAMPLE_TEXT), null, 2));
