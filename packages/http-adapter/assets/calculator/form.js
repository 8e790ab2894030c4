// The plan request as a form. The form holds no state of its own: every control reads and writes
// one path of the request object (`data-path`, the same path the engine names in a violation), so
// the form and the JSON editor show one object. A change of structure (a price added, a model
// picked) asks the page to draw the form again from the object.
import { DEFAULT_CYCLE_HOURS, el, getAt, idOf, pathText, READERS, setAt } from './dom.js';
import { instancesPart } from './form-instances.js';
import { pricesPart } from './form-prices.js';

/**
 * Builds the controls of one request; `changed(structural)` is called after each edit. The parts
 * of the form (form-prices.js, form-instances.js) build with it.
 */
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

  /** A button that changes the shape of the request; focus goes to `fallbackId` when the button is gone after it. */
  button(text, onClick, attributes = {}, fallbackId = undefined) {
    const node = el('button', { type: 'button', ...attributes, text });
    node.addEventListener('click', () => {
      onClick();
      this.changed(true, fallbackId);
    });
    return node;
  }

  group(path, legend, ...children) {
    return el('fieldset', { 'data-path': pathText(path), 'data-field-of': pathText(path) }, el('legend', { text: legend }), ...children);
  }

  /** The calculation settings part of the form (and the plan's currency and minimum commitment). */
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
      this.field(['planConfig', 'minimumCommitment'], 'Minimum commitment (per cycle)', 'money', { placeholder: '0', hint: 'The least the plan bills before discounts and tax; not prorated.' }),
    );
  }
}

/**
 * Draws the form of `request` (an object, edited in place) into `container`. `changed(structural,
 * fallbackId)` is called after each edit; on a structural one the caller draws the form again.
 * @example renderForm(document.getElementById('form'), request, engine, (structural) => ...)
 */
export function renderForm(container, request, engine, changed) {
  const focused = document.activeElement?.id;
  const builder = new FormBuilder(request, engine, changed);
  const section = (title, id, ...children) => el('section', { class: 'form-part', 'aria-labelledby': id }, el('h2', { id, text: title }), ...children);
  container.replaceChildren(
    section('Prices', 'prices-title', pricesPart(builder)),
    section('Instances', 'instances-title', instancesPart(builder)),
    section('Calculation settings', 'settings-title', builder.settings()),
  );
  if (focused && container.querySelector(`#${CSS.escape(focused)}`)) container.querySelector(`#${CSS.escape(focused)}`).focus();
}
