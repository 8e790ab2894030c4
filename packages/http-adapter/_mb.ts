// @ts-nocheck
import { calculatePlan } from '@billing/pricing-core';
import { PLAN_3X6, README_PLAN } from './bench/plans.js';
import { toPlainJson } from './src/http/plain-json.js';
function time(label, n, f) { for (let i = 0; i < n / 10; i++) f(); const t = process.hrtime.bigint(); for (let i = 0; i < n; i++) f(); const us = Number(process.hrtime.bigint() - t) / 1e3 / n; console.log(label.padEnd(40), us.toFixed(2), 'us'); }
for (const [name, p] of [['3x6', PLAN_3X6], ['readme', README_PLAN]]) {
  const text = JSON.stringify(p);
  time(`${name} parse`, 50000, () => JSON.parse(text));
  time(`${name} parse+calc`, 50000, () => calculatePlan(JSON.parse(text)));
  const r = calculatePlan(JSON.parse(text));
  time(`${name} toPlainJson`, 50000, () => toPlainJson(r));
  time(`${name} JSON.stringify`, 50000, () => JSON.stringify(r));
  const plain = JSON.parse(JSON.stringify(r));
  time(`${name} JSON.stringify plain`, 50000, () => JSON.stringify(plain));
  console.log(Object.keys(r), r.debug && Object.getPrototypeOf(r.debug.totals?.pre ?? {}) );
}
