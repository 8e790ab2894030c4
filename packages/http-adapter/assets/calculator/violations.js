// Violations beside their fields: each is placed at the form control (or part) with its path.
import { el } from './dom.js';

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
