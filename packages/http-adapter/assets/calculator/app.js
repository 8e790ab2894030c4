// The calculator page: prices the plan in the editor with pricing-core's browser bundle, served
// by this server (no round trip, nothing from another host), and keeps the plan in the address
// as #plan=<base64url of the request JSON>.
import { calculatePlan, PricingValidationError } from '/calculator/pricing-core.js';

const SAMPLE = {
  planConfig: {
    currency: 'USD',
    prices: [
      { productType: 'PRODUCT_TYPE_BASE', pricingModel: 'PRICING_MODEL_PER_UNIT', unitAmount: '10.00' },
      { productType: 'PRODUCT_TYPE_ADDON', pricingModel: 'PRICING_MODEL_FLAT', unitAmount: '1.25', addonCode: 'backup' },
      { productType: 'PRODUCT_TYPE_USAGE', pricingModel: 'PRICING_MODEL_PER_UNIT', unitAmount: '0.05', metricName: 'egress_gb', freeUnits: 100 },
    ],
  },
  instances: [
    { quantity: 2, region: 'eu-west', addons: [{ code: 'backup' }], usage: { egress_gb: 400 } },
    { quantity: 1, usage: { egress_gb: 40 } },
  ],
  calcConfig: { taxRate: '0.2', discountPercent: 10 },
};

const $ = (id) => document.getElementById(id);
const editor = $('plan');

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

function cell(row, text) {
  const td = document.createElement('td');
  td.textContent = text;
  row.append(td);
  return td;
}

function fill(tbody, rows, testId) {
  tbody.replaceChildren(
    ...rows.map((cells) => {
      const tr = document.createElement('tr');
      if (testId) tr.dataset.testid = testId;
      for (const text of cells) cell(tr, text);
      return tr;
    }),
  );
}

/** `a - b` of two plain decimal strings, exactly (scaled integers; money is never a float here). */
function minus(a, b) {
  const digits = (t) => (t.includes('.') ? t.length - t.indexOf('.') - 1 : 0);
  const scale = Math.max(digits(a), digits(b));
  const big = (t) => BigInt(t.replace('.', '') + '0'.repeat(scale - digits(t)));
  const d = big(a) - big(b);
  const abs = (d < 0n ? -d : d).toString().padStart(scale + 1, '0');
  const text = scale === 0 ? abs : `${abs.slice(0, -scale)}.${abs.slice(-scale)}`;
  return d < 0n ? `-${text}` : text;
}

function showResult(result) {
  $('total').textContent = result.total;
  $('currency').textContent = result.currency;
  fill($('line-items').tBodies[0], result.lineItems.map((i) => [i.instanceLabel, String(i.quantity), i.base, i.addons, i.subtotal]), 'line-item');
  const gross = minus(result.subtotal, minus('0', result.overageCost));
  const discount = minus(gross, result.discounted);
  fill($('totals').tBodies[0], [
    ['Subtotal', result.subtotal],
    ['Overage (pooled usage)', result.overageCost],
    ['Discounts', /^0(\.0+)?$/.test(discount) ? discount : `-${discount}`],
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
  $('priced').hidden = true;
  $('invalid').hidden = false;
}

/** Prices the editor's text and updates the address with it. */
function update() {
  const text = editor.value;
  let request;
  let linkText = text;
  try {
    request = JSON.parse(text);
    linkText = JSON.stringify(request);
  } catch (error) {
    request = undefined;
    showViolations([{ field: '(json)', description: `not valid JSON: ${error.message}` }], 1);
  }
  history.replaceState(null, '', `#plan=${toBase64Url(linkText)}`);
  if (request === undefined) return;
  try {
    showResult(calculatePlan(request));
  } catch (error) {
    if (!(error instanceof PricingValidationError)) throw error;
    showViolations(error.violations, error.total);
  }
  $('status').textContent = '';
}

function load(text) {
  editor.value = text;
  update();
}

editor.addEventListener('input', update);
window.addEventListener('hashchange', () => {
  const text = planFromHash();
  if (text !== null && text !== editor.value) load(text);
});
$('reset').addEventListener('click', () => load(JSON.stringify(SAMPLE, null, 2)));
$('copy-link').addEventListener('click', async () => {
  try {
    await navigator.clipboard.writeText(location.href);
    $('copied').textContent = 'Link copied';
  } catch {
    $('copied').textContent = 'Copy the address bar to share this plan';
  }
});
load(planFromHash() ?? JSON.stringify(SAMPLE, null, 2));
