// The prices part of the form: product type and model, the fields of that model, the tier table.
import { el, getAt, idOf, isObject, listAt, pathText, READERS, setAt, short } from './dom.js';

/** The fields each price model reads, beside the fields every price has. */
const MODEL_FIELDS = {
  PRICING_MODEL_FLAT: ['unitAmount'],
  PRICING_MODEL_PER_UNIT: ['unitAmount', 'unitQuantity', 'overagePrice'],
  PRICING_MODEL_PACKAGE: ['packageSize', 'packagePrice'],
  PRICING_MODEL_TIERED: ['tiers'],
  PRICING_MODEL_FORMULA: ['pricingFormula', 'unitAmount'],
};
const MODEL_ONLY = new Set(Object.values(MODEL_FIELDS).flat());
const FIELD_LABELS = {
  unitAmount: 'Unit amount',
  unitQuantity: 'Units per price (unitQuantity)',
  overagePrice: 'Overage price per unit',
  packageSize: 'Package size',
  packagePrice: 'Package price',
  pricingFormula: 'Formula',
};
const FIELD_KINDS = { unitQuantity: 'number', packageSize: 'number', pricingFormula: 'text' };

/**
 * The prices part of the form (`planConfig.prices`): a group per price, then "Add price".
 * @example pricesPart(builder) // <div class="prices">...</div>
 */
export function pricesPart(b) {
  const path = ['planConfig', 'prices'];
  const prices = getAt(b.request, path);
  const section = el('div', { class: 'prices' });
  if (prices !== undefined && !Array.isArray(prices)) return section.appendChild(el('p', { class: 'hint', text: 'planConfig.prices is not a list: edit it in the JSON.' })) && section;
  listAt(prices).forEach((price, i) => section.append(isObject(price) ? pricePart(b, i, price) : el('p', { class: 'hint', text: `Price ${i + 1} is not an object: edit it in the JSON.` })));
  section.append(
    b.button('Add price', () => {
      const list = listAt(getAt(b.request, path));
      setAt(b.request, path, [...list, { productType: 'PRODUCT_TYPE_BASE', pricingModel: 'PRICING_MODEL_PER_UNIT', unitAmount: '1.00' }]);
    }, { id: 'add-price' }),
  );
  return section;
}

function pricePart(b, i, price) {
  const at = (...rest) => ['planConfig', 'prices', i, ...rest];
  const { PRODUCT_TYPES, PRICING_MODELS, TIER_MODES, BILLING_PERIODS, METRIC_AGGREGATIONS } = b.engine;
  const type = price.productType ?? 'PRODUCT_TYPE_BASE';
  const model = price.pricingModel;
  // NOTE: picking another model or product type drops the fields only the old one reads, so
  // the JSON never carries settings that no longer price anything.
  const productSelect = b.field(at('productType'), 'Product type', 'select', {
    options: { values: PRODUCT_TYPES.filter((v) => !v.endsWith('_UNSPECIFIED')), label: (v) => short(v, 'PRODUCT_TYPE_'), blank: 'base (not set)' },
    structural: true,
    after: () => price.productType !== 'PRODUCT_TYPE_ADDON' && delete price.addonCode,
  });
  const modelSelect = b.field(at('pricingModel'), 'Price model', 'select', {
    options: { values: PRICING_MODELS.filter((v) => !v.endsWith('_UNSPECIFIED')), label: (v) => short(v, 'PRICING_MODEL_') },
    structural: true,
    after: () => {
      const keep = new Set(MODEL_FIELDS[price.pricingModel] ?? []);
      for (const key of MODEL_ONLY) if (!keep.has(key)) delete price[key];
      if (price.pricingModel === 'PRICING_MODEL_TIERED' && !Array.isArray(price.tiers)) price.tiers = [{ startInclusive: 0, unitAmount: '1.00' }];
    },
  });
  const metered = typeof price.metricName === 'string' && price.metricName !== '';
  const children = [el('div', { class: 'row' }, productSelect, modelSelect)];
  if (type === 'PRODUCT_TYPE_ADDON') children.push(b.field(at('addonCode'), 'Add-on code', 'text', { structural: true }));
  children.push(
    el(
      'div',
      { class: 'row' },
      b.field(at('metricName'), type === 'PRODUCT_TYPE_USAGE' ? 'Metric (pooled over instances)' : 'Metric (empty: priced per machine)', 'text', { structural: true }),
      metered || type === 'PRODUCT_TYPE_USAGE' ? b.field(at('freeUnits'), 'Free units per machine', 'number') : null,
    ),
  );
  const modelFields = (MODEL_FIELDS[model] ?? []).filter((key) => key !== 'tiers' && (key !== 'overagePrice' || metered));
  if (modelFields.length > 0) children.push(el('div', { class: 'row' }, ...modelFields.map((key) => b.field(at(key), FIELD_LABELS[key], FIELD_KINDS[key] ?? 'money'))));
  if (model === 'PRICING_MODEL_TIERED') children.push(tiersPart(b, at('tiers'), price, TIER_MODES));
  children.push(
    el(
      'details',
      { class: 'more' },
      el('summary', { text: 'Period, proration, limits' }),
      el(
        'div',
        { class: 'row' },
        b.field(at('billingPeriod'), 'Billing period', 'select', { options: { values: BILLING_PERIODS.filter((v) => !v.endsWith('_UNSPECIFIED')), label: (v) => short(v, 'BILLING_PERIOD_'), blank: 'monthly (not set)' } }),
        b.field(at('billingInterval'), 'Every N periods', 'number'),
        b.field(at('minimumCharge'), 'Minimum charge', 'money'),
        b.field(at('maximumCharge'), 'Maximum charge', 'money'),
        metered ? b.field(at('metricAggregation'), 'Aggregation of usage lists', 'select', { options: { values: METRIC_AGGREGATIONS.filter((v) => v.startsWith('METRIC_AGGREGATION_') && !v.endsWith('_UNSPECIFIED')), label: (v) => short(v, 'METRIC_AGGREGATION_'), blank: 'sum (not set)' } }) : null,
        b.field(at('prorate'), 'Prorate by hours used', 'flag'),
      ),
    ),
    b.button('Remove price', () => b.request.planConfig.prices.splice(i, 1), { id: `remove-price-${i}`, class: 'remove' }, 'add-price'),
  );
  const group = b.group(at(), `Price ${i + 1}`, ...children);
  group.dataset.priceIndex = String(i);
  return group;
}

function tiersPart(b, path, price, modes) {
  const tiers = listAt(price.tiers);
  const mode = tiers[0]?.tierType ?? '';
  const modeId = `${idOf(path)}-mode`;
  const modeSelect = el(
    'select',
    { id: modeId },
    ...['', ...modes.filter((v) => !v.endsWith('_UNSPECIFIED'))].map((v) => el('option', { value: v, text: v === '' ? 'graduated (not set)' : short(v, 'TIER_MODE_'), selected: v === mode })),
  );
  modeSelect.addEventListener('input', () => {
    for (const tier of tiers) if (isObject(tier)) (modeSelect.value ? (tier.tierType = modeSelect.value) : delete tier.tierType);
    b.changed(false);
  });
  const cell = (tierPath, key, label, kind) => {
    const id = idOf([...tierPath, key]);
    const value = getAt(b.request, [...tierPath, key]);
    const input = el('input', { id, type: 'text', inputmode: 'decimal', autocomplete: 'off', 'aria-label': label, 'data-path': pathText([...tierPath, key]), value: value == null ? '' : String(value) });
    input.addEventListener('input', () => {
      const read = READERS[kind](input.value);
      if (key === 'flatFeeAmount') setAt(b.request, [...tierPath, 'flatFee'], read === undefined ? undefined : true);
      // NOTE: tiers must be contiguous; the next tier starts where this one ends.
      const next = [...path, tierPath.at(-1) + 1];
      if (key === 'endExclusive' && isObject(getAt(b.request, next))) b.write([...next, 'startInclusive'], read ?? 0, null);
      b.write([...tierPath, key], read, input);
    });
    return el('td', { 'data-field-of': pathText([...tierPath, key]) }, input);
  };
  const rows = tiers.map((tier, t) => {
    const tierPath = [...path, t];
    const n = t + 1;
    return el(
      'tr',
      { 'data-path': pathText(tierPath), 'data-field-of': pathText(tierPath) },
      cell(tierPath, 'startInclusive', `Tier ${n} from (units)`, 'number'),
      cell(tierPath, 'endExclusive', `Tier ${n} up to (units, empty: no end)`, 'number'),
      cell(tierPath, 'unitAmount', `Tier ${n} unit amount`, 'money'),
      cell(tierPath, 'flatFeeAmount', `Tier ${n} flat fee`, 'money'),
      el('td', {}, b.button('Remove', () => price.tiers.splice(t, 1), { 'aria-label': `Remove tier ${n}`, id: `${idOf(tierPath)}-remove` }, `${idOf(path)}-add`)),
    );
  });
  const table = el(
    'table',
    { class: 'tiers' },
    el('thead', {}, el('tr', {}, ...['From', 'Up to', 'Unit amount', 'Flat fee', ''].map((text) => el('th', { scope: 'col', text })))),
    el('tbody', {}, ...rows),
  );
  const add = b.button(
    'Add tier',
    () => {
      const list = (price.tiers = listAt(price.tiers));
      const last = list.at(-1);
      if (!isObject(last)) return list.push({ startInclusive: 0, unitAmount: '1.00' });
      const start = Number(last.startInclusive ?? 0);
      if (last.endExclusive == null || last.endExclusive === 0) last.endExclusive = (Number.isFinite(start) ? start : 0) + 100;
      list.push({ startInclusive: last.endExclusive, unitAmount: last.unitAmount ?? '1.00', ...(last.tierType ? { tierType: last.tierType } : {}) });
    },
    { id: `${idOf(path)}-add` },
  );
  return el('div', { class: 'tiers-box', 'data-path': pathText(path), 'data-field-of': pathText(path) }, el('div', { class: 'field' }, el('label', { for: modeId, text: 'Tier mode' }), modeSelect), el('div', { class: 'table-scroll' }, table), add);
}
