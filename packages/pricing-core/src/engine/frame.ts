import type { Rational } from '../money/rational.js';
import { decCompare } from '../money/decimal.js';
import { R1, rat } from '../money/rational.js';
import type { InstanceFrame } from './price-on-instance.js';
import type { ResolvedInstance, ResolvedPlan } from '../resolved/resolved-plan.js';

/**
 * The hours figures of an instance (section 1 of the rules).
 * @example frameOf(instance, plan, rat(plan.cycleHours)).prorationFactor
 */
export function frameOf(instance: ResolvedInstance, plan: ResolvedPlan, cycleHours: Rational): InstanceFrame {
  const hours = instance.hours ?? plan.cycleHours;
  const billable = plan.capHours !== null && decCompare(hours, plan.capHours) > 0 ? plan.capHours : hours;
  return {
    quantity: rat(instance.quantity),
    billableHours: rat(billable),
    prorationFactor: decCompare(hours, plan.cycleHours) >= 0 ? R1 : rat(hours, plan.cycleHours),
    cycleHours,
  };
}

