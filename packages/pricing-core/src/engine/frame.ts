import type { Calculator } from '../money/calculator.js';
import { decCompare } from '../money/decimal.js';
import type { InstanceFrame } from './price-on-instance.js';
import { InstanceInput } from './price-on-instance.js';
import type { ResolvedInstance, ResolvedPlan } from '../resolved/resolved-plan.js';

/**
 * The hours figures of an instance (the cycle and the hours rules), on the calculator `c`.
 * @example frameOf(EXACT, instance, plan).prorationFactor
 */
export function frameOf<V>(c: Calculator<V>, instance: ResolvedInstance, plan: ResolvedPlan): InstanceFrame<V> {
  const hours = instance.hours ?? plan.cycleHours;
  const billable = plan.capHours !== null && decCompare(hours, plan.capHours) > 0 ? plan.capHours : hours;
  const cycleHours = c.dec(plan.cycleHours);
  const quantity = c.dec(instance.quantity);
  const billableHours = c.dec(billable);
  return {
    input: new InstanceInput(c, quantity, billableHours, cycleHours),
    quantity,
    billableHours,
    prorationFactor: decCompare(hours, plan.cycleHours) >= 0 ? c.one : c.quotient(c.dec(hours), cycleHours),
    cycleHours,
  };
}
