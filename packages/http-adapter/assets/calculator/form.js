// The plan request as a form. The form holds no state of its own: every control reads and writes
// one path of the request object (`data-path`, the same path the engine names in a violation), so
// the form and the JSON editor show one object. A change of structure (a price added, a model
// picked) asks the page to draw the form again from the object.

/** A metered price's usage comes from the instance's usage map for these product types. */
const INSTANCE_METERED = new Set([undefined, null, '', 'PRODUCT_TYPE_UNSPECIFIED', 'PRODUCT_TYPE_BASE', 'PRODUCT_TYPE_USAGE']);
const DEFAULT_CYCLE_HOURS = 730;

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

const short = (value, prefix) => value.slice(prefix.length).toLowerCase().replace(/_/g, ' ');
const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
const listAt = (value) => (Array.isArray(value) ? value : []);

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * A path as the engine writes it in a violation: `instances[0].usage.gpu`, with a key that is not
 * an identifier quoted (`instances[0].usage["cpu-hours"]`).
 */
export function pathText(path) {
  return path.map((key, i) => (typeof key === 'number' ? `[${key}]` : !IDENTIFIER.test(key) ? `[${JSON.stringify(key)}]` : i === 0 ? key : `.${key}`)).join('');
}

const idOf = (path) => `f-${pathText(path).replace(/[^A-Za-z0-9_-]+/g, '-')}`;

function getAt(root, path) {
  let value = root;
  for (const key of path) value = value == null ? undefined : value[key];
  return value;
}

/** Sets (or, for `undefined`, removes) the value at `path`, creating the objects on the way. */
function setAt(root, path, value) {
  let parent = root;
  for (const [i, key] of path.slice(0, -1).entries()) {
    if (!isObject(parent[key]) && !Array.isArray(parent[key])) parent[key] = typeof path[i + 1] === 'number' ? [] : {};
    parent = parent[key];
  }
  const last = path.at(-1);
  if (value === undefined) delete parent[last];
  else parent[last] = value;
}

/**
 * A number field's text as the request holds it: a JSON number when the text is one exactly, else
 * the text itself, so the engine reports what is wrong with it beside the field.
 */
function numberValue(text) {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const n = Number(trimmed);
  return Number.isFinite(n) && String(n) === trimmed ? n : trimmed;
}

const READERS = {
  number: numberValue,
  money: (text) => (text.trim() === '' ? undefined : text.trim()),
  text: (text) => (text === '' ? undefined : text),
  select: (text) => (text === '' ? undefined : text),
};

function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    if (name === 'text') node.textContent = value;
    else node.setAttribute(name, value === true ? '' : String(value));
  }
  node.append(...children.filter((child) => child !== null && child !== undefined));
  return node;
}

/** Builds the form of one request; `changed(structural)` is called after each edit. */
class FormBuilder {
  constructor(request, engine, changed) {
    this.request = request;
    this.engine = engine;
    this.changed = changed;
  }

  /** Writes a control's value to the request, keeps the other controls of its path in step. */
  write(path, value, source, structural = false, after = undefined) {
    setAt(this.request, path, value);
    after?.();
    const selector = `[data-path="${CSS.escape(pathText(path))}"]`;
    for (const other of document.querySelectorAll(selector)) {
      if (other === source || !('value' in other) || other.type === 'checkbox') continue;
      if (other.type !== 'range' || typeof value === 'number') other.value = value === undefined ? '' : String(value);
    }
    this.changed(structural);
  }

  /** A labelled input or select bound to `path`. */
  field(path, label, kind, { options, hint, structural = false, placeholder, after } = {}) {
    const value = getAt(this.request, path);
    const id = idOf(path);
    const attributes = { id, 'data-path': pathText(path), 'aria-describedby': hint ? `${id}-hint` : undefined };
    let control;
    if (kind === 'select') {
      const choices = [['', options.blank ?? '(not set)'], ...options.values.map((v) => [v, options.label ? options.label(v) : v])];
      if (typeof value === 'string' && !options.values.includes(value) && value !== '') choices.push([value, value]);
      control = el('select', attributes, ...choices.map(([v, text]) => el('option', { value: v, text, selected: v === (value ?? '') })));
    } else if (kind === 'flag') {
      control = el('input', { ...attributes, type: 'checkbox', checked: value === true });
    } else {
      const inputmode = kind === 'number' || kind === 'money' ? 'decimal' : undefined;
      const shown = value === undefined || value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
      control = el('input', { ...attributes, type: 'text', inputmode, autocomplete: 'off', spellcheck: 'false', placeholder, value: shown });
    }
    const read = kind === 'flag' ? () => (control.checked ? true : undefined) : () => READERS[kind](control.value);
    control.addEventListener('input', () => this.write(path, read(), control, structural && kind === 'select', after));
    // NOTE: redrawn once focus has moved on, so the redraw keeps it where the person sent it.
    if (structural && kind !== 'select') control.addEventListener('change', () => setTimeout(() => this.changed(true)));
    const labelNode = el('label', { for: id, text: label });
    const wrapper = el('div', { class: kind === 'flag' ? 'field flag' : 'field', 'data-field-of': pathText(path) });
    if (kind === 'flag') wrapper.append(control, labelNode);
    else wrapper.append(labelNode, control);
    if (hint) wrapper.append(el('p', { class: 'hint', id: `${id}-hint`, text: hint }));
    return wrapper;
  }

  /** A range input beside a field: the same path, so moving it re-prices at once. */
  slider(path, label, max, step, unset = 0) {
    const value = getAt(this.request, path);
    const id = `${idOf(path)}-slider`;
    const control = el('input', {
      id,
      type: 'range',
      min: 0,
      max,
      step,
      value: typeof value === 'number' ? value : unset,
      'data-path': pathText(path),
      'data-testid': 'slider',
    });
    control.addEventListener('input', () => this.write(path, Number(control.value), control));
    return el('div', { class: 'field slider' }, el('label', { for: id, text: label }), control);
  }

  button(text, onClick, attributes = {}) {
    const node = el('button', { type: 'button', ...attributes, text });
    node.addEventListener('click', () => {
      onClick();
      this.changed(true, attributes.id);
    });
    return node;
  }

  group(path, legend, ...children) {
    return el('fieldset', { 'data-path': pathText(path), 'data-field-of': pathText(path) }, el('legend', { text: legend }), ...children);
  }

  prices() {
    const path = ['planConfig', 'prices'];
    const prices = getAt(this.request, path);
    const section = el('div', { class: 'prices' });
    if (prices !== undefined && !Array.isArray(prices)) return section.appendChild(el('p', { class: 'hint', text: 'planConfig.prices is not a list: edit it in the JSON.' })) && section;
    listAt(prices).forEach((price, i) => section.append(isObject(price) ? this.price(i, price) : el('p', { class: 'hint', text: `Price ${i + 1} is not an object: edit it in the JSON.` })));
    section.append(
      this.button('Add price', () => {
        const list = listAt(getAt(this.request, path));
        setAt(this.request, path, [...list, { productType: 'PRODUCT_TYPE_BASE', pricingModel: 'PRICING_MODEL_PER_UNIT', unitAmount: '1.00' }]);
      }, { id: 'add-price' }),
    );
    return section;
  }

  price(i, price) {
    const at = (...rest) => ['planConfig', 'prices', i, ...rest];
    const { PRODUCT_TYPES, PRICING_MODELS, TIER_MODES, BILLING_PERIODS, METRIC_AGGREGATIONS } = this.engine;
    const type = price.productType ?? 'PRODUCT_TYPE_BASE';
    const model = price.pricingModel;
    // NOTE: picking another model or product type drops the fields only the old one reads, so
    // the JSON never carries settings that no longer price anything.
    const productSelect = this.field(at('productType'), 'Product type', 'select', {
      options: { values: PRODUCT_TYPES.filter((v) => !v.endsWith('_UNSPECIFIED')), label: (v) => short(v, 'PRODUCT_TYPE_'), blank: 'base (not set)' },
      structural: true,
      after: () => price.productType !== 'PRODUCT_TYPE_ADDON' && delete price.addonCode,
    });
    const modelSelect = this.field(at('pricingModel'), 'Price model', 'select', {
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
    if (type === 'PRODUCT_TYPE_ADDON') children.push(this.field(at('addonCode'), 'Add-on code', 'text', { structural: true }));
    children.push(
      el(
        'div',
        { class: 'row' },
        this.field(at('metricName'), type === 'PRODUCT_TYPE_USAGE' ? 'Metric (pooled over instances)' : 'Metric (empty: priced per machine)', 'text', { structural: true }),
        metered || type === 'PRODUCT_TYPE_USAGE' ? this.field(at('freeUnits'), 'Free units per machine', 'number') : null,
      ),
    );
    const modelFields = (MODEL_FIELDS[model] ?? []).filter((key) => key !== 'tiers' && (key !== 'overagePrice' || metered));
    if (modelFields.length > 0) children.push(el('div', { class: 'row' }, ...modelFields.map((key) => this.field(at(key), FIELD_LABELS[key], FIELD_KINDS[key] ?? 'money'))));
    if (model === 'PRICING_MODEL_TIERED') children.push(this.tiers(at('tiers'), price, TIER_MODES));
    children.push(
      el(
        'details',
        { class: 'more' },
        el('summary', { text: 'Period, proration, limits' }),
        el(
          'div',
          { class: 'row' },
          this.field(at('billingPeriod'), 'Billing period', 'select', { options: { values: BILLING_PERIODS.filter((v) => !v.endsWith('_UNSPECIFIED')), label: (v) => short(v, 'BILLING_PERIOD_'), blank: 'monthly (not set)' } }),
          this.field(at('billingInterval'), 'Every N periods', 'number'),
          this.field(at('minimumCharge'), 'Minimum charge', 'money'),
          this.field(at('maximumCharge'), 'Maximum charge', 'money'),
          metered ? this.field(at('metricAggregation'), 'Aggregation of usage lists', 'select', { options: { values: METRIC_AGGREGATIONS.filter((v) => v.startsWith('METRIC_AGGREGATION_') && !v.endsWith('_UNSPECIFIED')), label: (v) => short(v, 'METRIC_AGGREGATION_'), blank: 'sum (not set)' } }) : null,
          this.field(at('prorate'), 'Prorate by hours used', 'flag'),
        ),
      ),
      this.button('Remove price', () => this.request.planConfig.prices.splice(i, 1), { id: `remove-price-${i}`, class: 'remove' }),
    );
    const group = this.group(at(), `Price ${i + 1}`, ...children);
    group.dataset.priceIndex = String(i);
    return group;
  }

  tiers(path, price, modes) {
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
      this.changed(false);
    });
    const cell = (tierPath, key, label, kind) => {
      const id = idOf([...tierPath, key]);
      const value = getAt(this.request, [...tierPath, key]);
      const input = el('input', { id, type: 'text', inputmode: 'decimal', autocomplete: 'off', 'aria-label': label, 'data-path': pathText([...tierPath, key]), value: value == null ? '' : String(value) });
      input.addEventListener('input', () => {
        const read = READERS[kind](input.value);
        if (key === 'flatFeeAmount') setAt(this.request, [...tierPath, 'flatFee'], read === undefined ? undefined : true);
        // NOTE: tiers must be contiguous; the next tier starts where this one ends.
        const next = [...path, tierPath.at(-1) + 1];
        if (key === 'endExclusive' && isObject(getAt(this.request, next))) this.write([...next, 'startInclusive'], read ?? 0, null);
        this.write([...tierPath, key], read, input);
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
        el('td', {}, this.button('Remove', () => price.tiers.splice(t, 1), { 'aria-label': `Remove tier ${n}`, id: `${idOf(tierPath)}-remove` })),
      );
    });
    const table = el(
      'table',
      { class: 'tiers' },
      el('thead', {}, el('tr', {}, ...['From', 'Up to', 'Unit amount', 'Flat fee', ''].map((text) => el('th', { scope: 'col', text })))),
      el('tbody', {}, ...rows),
    );
    const add = this.button(
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

  /** Metrics metered from an instance's usage map, in price order. */
  instanceMetrics() {
    const metrics = [];
    for (const price of listAt(this.request.planConfig?.prices)) {
      if (isObject(price) && INSTANCE_METERED.has(price.productType) && typeof price.metricName === 'string' && price.metricName !== '' && !metrics.includes(price.metricName)) metrics.push(price.metricName);
    }
    return metrics;
  }

  /** The largest finite tier boundary plus free units of the prices metering `metric`. */
  metricScale(metric) {
    let scale = 0;
    for (const price of listAt(this.request.planConfig?.prices)) {
      if (!isObject(price) || price.metricName !== metric) continue;
      const free = Number(price.freeUnits ?? 0) || 0;
      for (const tier of listAt(price.tiers)) scale = Math.max(scale, free + (Number(tier?.endExclusive) || 0));
      scale = Math.max(scale, free);
    }
    return scale;
  }

  instances() {
    const instances = this.request.instances;
    const section = el('div', { class: 'instances' });
    if (instances !== undefined && !Array.isArray(instances)) return section.appendChild(el('p', { class: 'hint', text: 'instances is not a list: edit it in the JSON.' })) && section;
    const capHours = numberValue(String(this.request.calcConfig?.capHours ?? ''));
    const cycle = typeof capHours === 'number' && capHours > 0 ? capHours : DEFAULT_CYCLE_HOURS;
    listAt(instances).forEach((instance, i) => section.append(isObject(instance) ? this.instance(i, instance, cycle) : el('p', { class: 'hint', text: `Instance ${i + 1} is not an object: edit it in the JSON.` })));
    section.append(this.button('Add instance', () => (this.request.instances = [...listAt(this.request.instances), { quantity: 1 }]), { id: 'add-instance' }));
    return section;
  }

  instance(i, instance, cycle) {
    const at = (...rest) => ['instances', i, ...rest];
    const children = [
      el(
        'div',
        { class: 'row' },
        this.field(at('quantity'), 'Quantity (machines)', 'number', { placeholder: '1' }),
        this.field(at('region'), 'Region', 'text'),
        this.field(at('hoursUsed'), `Hours used per machine (empty: the full ${cycle} h)`, 'number', { placeholder: String(cycle) }),
      ),
      this.slider(at('hoursUsed'), `Hours used, 0 to ${cycle}`, cycle, 1, cycle),
    ];
    const usage = instance.usage;
    if (usage !== undefined && usage !== null && !isObject(usage)) {
      children.push(el('p', { class: 'hint', text: 'Usage is a bare value in the JSON (each metered price reads it): edit it there.' }));
    } else {
      const metrics = [...this.instanceMetrics()];
      for (const key of Object.keys(usage ?? {})) if (!metrics.includes(key)) metrics.push(key);
      for (const metric of metrics) {
        const value = usage?.[metric];
        children.push(this.field(at('usage', metric), `Usage of ${metric}`, 'number', { placeholder: '0' }));
        if (Array.isArray(value)) continue;
        const current = typeof value === 'number' ? value : 0;
        const max = niceCeil(Math.max(100, current * 2, this.metricScale(metric) * 1.5));
        children.push(this.slider(at('usage', metric), `Usage of ${metric}, 0 to ${max}`, max, niceStep(max)));
      }
    }
    children.push(this.addons(i, instance), this.button('Remove instance', () => this.request.instances.splice(i, 1), { id: `remove-instance-${i}`, class: 'remove' }));
    const group = this.group(at(), `Instance ${i + 1}`, ...children);
    group.dataset.instanceIndex = String(i);
    return group;
  }

  addons(i, instance) {
    const path = ['instances', i, 'addons'];
    const codes = [];
    for (const price of listAt(this.request.planConfig?.prices)) {
      if (isObject(price) && price.productType === 'PRODUCT_TYPE_ADDON' && typeof price.addonCode === 'string' && price.addonCode !== '' && !codes.includes(price.addonCode)) codes.push(price.addonCode);
    }
    const box = el('div', { class: 'addons', 'data-path': pathText(path), 'data-field-of': pathText(path) });
    if (instance.addons !== undefined && !Array.isArray(instance.addons)) return box.appendChild(el('p', { class: 'hint', text: 'addons is not a list: edit it in the JSON.' })) && box;
    listAt(instance.addons).forEach((entry, a) => {
      const entryPath = [...path, a];
      const usage = entry?.usage;
      box.append(
        el(
          'div',
          { class: 'row addon', 'data-path': pathText(entryPath), 'data-field-of': pathText(entryPath) },
          this.field([...entryPath, 'code'], `Add-on ${a + 1}`, 'select', { options: { values: codes, blank: '(choose)' }, structural: true }),
          usage === undefined || usage === null || typeof usage === 'number' || typeof usage === 'string' ? this.field([...entryPath, 'usage'], `Add-on ${a + 1} usage`, 'number', { placeholder: 'quantity' }) : el('p', { class: 'hint', text: 'Usage map: edit it in the JSON.' }),
          this.button('Remove', () => instance.addons.splice(a, 1), { 'aria-label': `Remove add-on ${a + 1} of instance ${i + 1}`, id: `${idOf(entryPath)}-remove` }),
        ),
      );
    });
    box.append(
      this.button(
        'Add add-on',
        () => (instance.addons = [...listAt(instance.addons), codes.length > 0 ? { code: codes[0] } : { code: '' }]),
        { id: `${idOf(path)}-add`, 'aria-label': `Add an add-on to instance ${i + 1}`, disabled: codes.length === 0, title: codes.length === 0 ? 'Add a price of type add-on first' : undefined },
      ),
    );
    return box;
  }

  settings() {
    const at = (key) => ['calcConfig', key];
    return el(
      'div',
      { class: 'row settings' },
      this.field(['planConfig', 'currency'], 'Currency (ISO 4217)', 'text', { placeholder: 'USD' }),
      this.field(at('capHours'), 'Hours in the cycle (capHours)', 'number', { placeholder: String(DEFAULT_CYCLE_HOURS), structural: true, hint: 'Also caps hourly prices.' }),
      this.field(at('discountPercent'), 'Discount (%)', 'number', { placeholder: '0' }),
      this.field(at('couponValue'), 'Coupon (amount off)', 'money', { placeholder: '0' }),
      this.field(at('taxRate'), 'Tax rate (0.2 is 20%)', 'number', { placeholder: '0' }),
    );
  }
}

/** A round number at or above `n` (1, 2 or 5 times a power of ten), for slider and chart ranges. */
export function niceCeil(n) {
  const power = 10 ** Math.floor(Math.log10(Math.max(n, 1)));
  for (const m of [1, 2, 5, 10]) if (m * power >= n) return m * power;
  return 10 * power;
}

/** A whole step giving about 100 positions over `0..max`. */
export const niceStep = (max) => Math.max(1, niceCeil(max / 100));

/**
 * Draws the form of `request` (an object, edited in place) into `container`. `changed(structural,
 * focusId)` is called after each edit; on a structural one the caller draws the form again.
 * @example renderForm(document.getElementById('form'), request, engine, (structural) => ...)
 */
export function renderForm(container, request, engine, changed) {
  const focused = document.activeElement?.id;
  const builder = new FormBuilder(request, engine, changed);
  const section = (title, id, ...children) => el('section', { class: 'form-part', 'aria-labelledby': id }, el('h2', { id, text: title }), ...children);
  container.replaceChildren(
    section('Prices', 'prices-title', builder.prices()),
    section('Instances', 'instances-title', builder.instances()),
    section('Calculation settings', 'settings-title', builder.settings()),
  );
  if (focused && container.querySelector(`#${CSS.escape(focused)}`)) container.querySelector(`#${CSS.escape(focused)}`).focus();
}

/**
 * Shows each violation beside its field: the control (or the closest group) whose path is the
 * violation's path or the longest prefix of it. Returns how many found a place in the form.
 */
export function markViolations(container, violations) {
  for (const node of container.querySelectorAll('.field-error')) node.remove();
  for (const node of container.querySelectorAll('[aria-invalid]')) {
    node.removeAttribute('aria-invalid');
    if (node.dataset.describedby) node.setAttribute('aria-describedby', node.dataset.describedby);
    else node.removeAttribute('aria-describedby');
  }
  let placed = 0;
  violations.forEach((violation, n) => {
    let path = violation.field;
    let holder = null;
    while (path && !(holder = container.querySelector(`[data-field-of="${CSS.escape(path)}"]`))) {
      const cut = Math.max(path.lastIndexOf('.'), path.lastIndexOf('['));
      path = cut > 0 ? path.slice(0, cut) : '';
    }
    if (!holder) return;
    placed += 1;
    const id = `violation-${n}`;
    const message = el('p', { class: 'field-error', id, 'data-testid': 'field-violation', 'data-field': violation.field, role: 'alert', text: violation.field === path ? violation.description : `${violation.field}: ${violation.description}` });
    const control = holder.querySelector(`[data-path="${CSS.escape(path)}"]:not([type="range"])`) ?? (holder.matches('input, select') ? holder : null);
    if (holder.tagName === 'FIELDSET') holder.querySelector('legend').after(message);
    else if (holder.tagName === 'TR') holder.lastElementChild.append(message);
    else holder.append(message);
    if (control && control.matches('input, select')) {
      if (!control.hasAttribute('aria-invalid')) control.dataset.describedby = control.getAttribute('aria-describedby') ?? '';
      control.setAttribute('aria-invalid', 'true');
      control.setAttribute('aria-describedby', [control.getAttribute('aria-describedby'), id].filter(Boolean).join(' '));
    }
  });
  return placed;
}

/**
 * The metered prices whose usage comes from an instance's usage map: the ones a usage chart can vary.
 * @example chartablePrices(request) // [{ index: 2, metric: 'egress_gb', label: 'Price 3: egress_gb' }]
 */
export function chartablePrices(request) {
  const out = [];
  listAt(request?.planConfig?.prices).forEach((price, index) => {
    if (isObject(price) && INSTANCE_METERED.has(price.productType) && typeof price.metricName === 'string' && price.metricName !== '') {
      out.push({ index, metric: price.metricName, label: `Price ${index + 1}: ${price.metricName}` });
    }
  });
  return out;
}
