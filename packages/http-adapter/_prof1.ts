// @ts-nocheck
import { calculatePlan } from '@billing/pricing-core';
import { PLAN_3X6 } from './bench/plans.js';
import { toPlainJson } from './src/http/plain-json.js';
const text = JSON.stringify(PLAN_3X6);
let n = 0; const t = Date.now();
while (Date.now() - t < 5000) { for (let i = 0; i < 1000; i++) n += toPlainJson(calculatePlan(JSON.parse(text))).length; }
console.log(n);
