import { calculatePlan } from '@billing/pricing-core';
import { referenceFloatTotal, referenceInstances, referenceRequest } from './reference-plan.js';
const med = (xs: number[]) => xs.sort((a, b) => a - b)[xs.length >> 1]!;
for (const decimal of [true, false]) {
  const inst = referenceInstances(10_000, decimal);
  const body = referenceRequest(inst);
  for (let i = 0; i < 10; i++) calculatePlan(body);
  const a: number[] = [], f: number[] = [];
  for (let i = 0; i < 15; i++) {
    let t = performance.now(); calculatePlan(body); a.push(performance.now() - t);
    t = performance.now(); for (let j = 0; j < 20; j++) referenceFloatTotal(inst); f.push((performance.now() - t) / 20);
  }
  console.log(decimal ? 'decimal' : 'whole', med(a).toFixed(2), 'ms', med(f).toFixed(3), 'ms float', (med(a) / med(f)).toFixed(1) + 'x');
}
