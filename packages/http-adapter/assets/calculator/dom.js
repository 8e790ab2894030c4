// What the form's parts share: request paths as the engine writes them, reading and writing a
// value at a path, how a typed text becomes a request value, and building elements.

/** Hours in a cycle when `capHours` is not set. */
export const DEFAULT_CYCLE_HOURS = 730;

export const short = (value, prefix) => value.slice(prefix.length).toLowerCase().replace(/_/g, ' ');
export const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
export const listAt = (value) => (Array.isArray(value) ? value : []);

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * A path as the engine writes it in a violation: `instances[0].usage.gpu`, with a key that is not
 * an identifier quoted (`instances[0].usage["cpu-hours"]`).
 */
export function pathText(path) {
  return path.map((key, i) => (typeof key === 'number' ? `[${key}]` : !IDENTIFIER.test(key) ? `[${JSON.stringify(key)}]` : i === 0 ? key : `.${key}`)).join('');
}

export const idOf = (path) => `f-${pathText(path).replace(/[^A-Za-z0-9_-]+/g, '-')}`;

export function getAt(root, path) {
  let value = root;
  for (const key of path) value = value == null ? undefined : value[key];
  return value;
}

/** Sets (or, for `undefined`, removes) the value at `path`, creating the objects on the way. */
export function setAt(root, path, value) {
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
export function numberValue(text) {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const n = Number(trimmed);
  return Number.isFinite(n) && String(n) === trimmed ? n : trimmed;
}

export const READERS = {
  number: numberValue,
  money: (text) => (text.trim() === '' ? undefined : text.trim()),
  text: (text) => (text === '' ? undefined : text),
  select: (text) => (text === '' ? undefined : text),
};

export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    if (name === 'text') node.textContent = value;
    else node.setAttribute(name, value === true ? '' : String(value));
  }
  node.append(...children.filter((child) => child !== null && child !== undefined));
  return node;
}

/** A round number at or above `n` (1, 2 or 5 times a power of ten), for slider and chart ranges. */
export function niceCeil(n) {
  const power = 10 ** Math.floor(Math.log10(Math.max(n, 1)));
  for (const m of [1, 2, 5, 10]) if (m * power >= n) return m * power;
  return 10 * power;
}

/** A whole step giving about 100 positions over `0..max`. */
export const niceStep = (max) => Math.max(1, niceCeil(max / 100));
