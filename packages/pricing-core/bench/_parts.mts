import { analyzeRequest } from '../src/validation/analyze.js';
import { resolveOptions } from '../src/limits.js';
import { computePlan } from '../src/engine/calculate-plan.js';
import { ViolationCollector } from '../src/validation/collector.js';
import { referenceFloatTotal, referenceInstances, referenceRequest } from './reference-plan.js';
const med = (xs: number[]) => xs.sort((a, b) => a - b)[xs.length >> 1]!;
const opts = resolveOptions();
for (const decimal of [true, false]) {
  const inst = referenceInstances(10_000, decimal);
  const body = referenceRequest(inst);
  const a: number[] = [], c: number[] = [], r: number[] = [], f: number[] = [];
  for (let i = 0; i < 25; i++) {
    let t = performance.now(); const an = analyzeRequest(body, opts); a.push(performance.now() - t);
    if (!an.ok) throw new Error('bad');
    t = performance.now(); for (let k = 0; k < an.plan.instances.length; k++) an.plan.instances.at(k); r.push(performance.now() - t);
    t = performance.now(); computePlan(an.plan, new ViolationCollector()); c.push(performance.now() - t);
    t = performance.now(); for (let j = 0; j < 20; j++) referenceFloatTotal(inst); f.push((performance.now() - t) / 20);
  }
  console.log(decimal ? 'decimal' : 'whole', 'analyze', med(a).toFixed(2), 'resolve-all', med(r).toFixed(2), 'compute', med(c).toFixed(2), 'float', med(f).toFixed(3));
}
