// The instances part of the form: quantity, region, hours and usage with their sliders, add-ons.
import { DEFAULT_CYCLE_HOURS, el, idOf, isObject, listAt, niceCeil, niceStep, numberValue, pathText } from './dom.js';

/** A metered price's usage comes from the instance's usage map for these product types. */
const INSTANCE_METERED = new Set([undefined, null, '', 'PRODUCT_TYPE_UNSPECIFIED', 'PRODUCT_TYPE_BASE', 'PRODUCT_TYPE_USAGE']);

/** Metrics metered from an instance's usage map, in price order. */
function instanceMetricsPart(b) {
  const metrics = [];
  for (const price of listAt(b.request.planConfig?.prices)) {
    if (isObject(price) && INSTANCE_METERED.has(price.productType) && typeof price.metricName === 'string' && price.metricName !== '' && !metrics.includes(price.metricName)) metrics.push(price.metricName);
  }
  return metrics;
}

/** The largest finite tier boundary plus free units of the prices metering `metric`. */
function metricScalePart(b, metric) {
  let scale = 0;
  for (const price of listAt(b.request.planConfig?.prices)) {
    if (!isObject(price) || price.metricName !== metric) continue;
    const free = Number(price.freeUnits ?? 0) || 0;
    for (const tier of listAt(price.tiers)) scale = Math.max(scale, free + (Number(tier?.endExclusive) || 0));
    scale = Math.max(scale, free);
  }
  return scale;
}

/**
 * The instances part of the form: a group per instance (quantity, region, hours and usage with
 * sliders, add-ons), then "Add instance".
 * @example instancesPart(builder) // <div class="instances">...</div>
 */
export function instancesPart(b) {
  const instances = b.request.instances;
  const section = el('div', { class: 'instances' });
  if (instances !== undefined && !Array.isArray(instances)) return section.appendChild(el('p', { class: 'hint', text: 'instances is not a list: edit it in the JSON.' })) && section;
  const capHours = numberValue(String(b.request.calcConfig?.capHours ?? ''));
  const cycle = typeof capHours === 'number' && capHours > 0 ? capHours : DEFAULT_CYCLE_HOURS;
  listAt(instances).forEach((instance, i) => section.append(isObject(instance) ? instancePart(b, i, instance, cycle) : el('p', { class: 'hint', text: `Instance ${i + 1} is not an object: edit it in the JSON.` })));
  section.append(b.button('Add instance', () => (b.request.instances = [...listAt(b.request.instances), { quantity: 1 }]), { id: 'add-instance' }));
  return section;
}

function instancePart(b, i, instance, cycle) {
  const at = (...rest) => ['instances', i, ...rest];
  const children = [
    el(
      'div',
      { class: 'row' },
      b.field(at('quantity'), 'Quantity (machines)', 'number', { placeholder: '1' }),
      b.field(at('region'), 'Region', 'text'),
      b.field(at('hoursUsed'), `Hours used per machine (empty: the full ${cycle} h)`, 'number', { placeholder: String(cycle) }),
    ),
    b.slider(at('hoursUsed'), `Hours used, 0 to ${cycle}`, cycle, 1, cycle),
  ];
  const usage = instance.usage;
  if (usage !== undefined && usage !== null && !isObject(usage)) {
    children.push(el('p', { class: 'hint', text: 'Usage is a bare value in the JSON (each metered price reads it): edit it there.' }));
  } else {
    const metrics = [...instanceMetricsPart(b)];
    for (const key of Object.keys(usage ?? {})) if (!metrics.includes(key)) metrics.push(key);
    for (const metric of metrics) {
      const value = usage?.[metric];
      children.push(b.field(at('usage', metric), `Usage of ${metric}`, 'number', { placeholder: '0' }));
      if (Array.isArray(value)) continue;
      const current = typeof value === 'number' ? value : 0;
      const max = niceCeil(Math.max(100, current * 2, metricScalePart(b, metric) * 1.5));
      children.push(b.slider(at('usage', metric), `Usage of ${metric}, 0 to ${max}`, max, niceStep(max)));
    }
  }
  children.push(addonsPart(b, i, instance), b.button('Remove instance', () => b.request.instances.splice(i, 1), { id: `remove-instance-${i}`, class: 'remove' }, 'add-instance'));
  const group = b.group(at(), `Instance ${i + 1}`, ...children);
  group.dataset.instanceIndex = String(i);
  return group;
}

function addonsPart(b, i, instance) {
  const path = ['instances', i, 'addons'];
  const codes = [];
  for (const price of listAt(b.request.planConfig?.prices)) {
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
        b.field([...entryPath, 'code'], `Add-on ${a + 1}`, 'select', { options: { values: codes, blank: '(choose)' }, structural: true }),
        usage === undefined || usage === null || typeof usage === 'number' || typeof usage === 'string' ? b.field([...entryPath, 'usage'], `Add-on ${a + 1} usage`, 'number', { placeholder: 'quantity' }) : el('p', { class: 'hint', text: 'Usage map: edit it in the JSON.' }),
        b.button('Remove', () => instance.addons.splice(a, 1), { 'aria-label': `Remove add-on ${a + 1} of instance ${i + 1}`, id: `${idOf(entryPath)}-remove` }, `${idOf(path)}-add`),
      ),
    );
  });
  box.append(
    b.button(
      'Add add-on',
      () => (instance.addons = [...listAt(instance.addons), codes.length > 0 ? { code: codes[0] } : { code: '' }]),
      { id: `${idOf(path)}-add`, 'aria-label': `Add an add-on to instance ${i + 1}`, disabled: codes.length === 0, title: codes.length === 0 ? 'Add a price of type add-on first' : undefined },
    ),
  );
  return box;
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
