import { calculatePlan } from '@billing/pricing-core';
import { referenceFloatTotal, referenceInstances, referenceRequest } from './reference-plan.js';
// @ts-ignore
const old = (await import('/tmp/pc-old/packages/pricing-core/dist/index.js')) as { calculatePlan: typeof calculatePlan };
const med = (xs: number[]) => xs.sort((a, b) => a - b)[xs.length >> 1]!;
for (const decimal of [true, false]) {
  const inst = referenceInstances(10_000, decimal);
  const body = referenceRequest(inst);
  if (JSON.stringify(calculatePlan(body)) !== JSON.stringify(old.calculatePlan(body))) console.log('DIFFERENT');
  for (let i = 0; i < 8; i++) { calculatePlan(body); old.calculatePlan(body); }
  const a: number[] = [], o: number[] = [], f: number[] = [];
  for (let i = 0; i < 15; i++) {
    let t = performance.now(); calculatePlan(body); a.push(performance.now() - t);
    t = performance.now(); old.calculatePlan(body); o.push(performance.now() - t);
    t = performance.now(); for (let j = 0; j < 20; j++) referenceFloatTotal(inst); f.push((performance.now() - t) / 20);
  }
  const fl = med(f);
  console.log(decimal ? 'decimal' : 'whole', 'new', med(a).toFixed(2), (med(a) / fl).toFixed(1) + 'x', 'old', med(o).toFixed(2), (med(o) / fl).toFixed(1) + 'x', 'float', fl.toFixed(3));
}
