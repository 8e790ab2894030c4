import type { Calculator } from '../money/calculator.js';
import type { InstanceFrame } from './price-on-instance.js';
import { InstanceInput } from './price-on-instance.js';
import type { PlanPrices, ResolvedInstance } from '../resolved/resolved-plan.js';

/**
 * The hours figures of an instance (the cycle and the hours rules), on the calculator `c`.
 * @example frameOf(EXACT, instance, plan).prorationFactor
 */
export function frameOf<V>(c: Calculator<V>, instance: ResolvedInstance, plan: PlanPrices): InstanceFrame<V> {
  const cycleHours = c.dec(plan.cycleHours);
  const hours = instance.hours === null ? cycleHours : c.reading(instance.hours);
  const cap = plan.capHours === null ? null : c.dec(plan.capHours);
  const billableHours = cap !== null && c.compare(hours, cap) > 0 ? cap : hours;
  const quantity = c.dec(instance.quantity);
  return {
    input: new InstanceInput(c, quantity, billableHours, cycleHours),
    quantity,
    billableHours,
    prorationFactor: c.compare(hours, cycleHours) >= 0 ? c.one : c.quotient(hours, cycleHours),
    cycleHours,
  };
}
