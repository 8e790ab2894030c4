import { calculatePlan } from '@billing/pricing-core';
import { referenceInstances, referenceRequest } from './reference-plan.js';
const body = referenceRequest(referenceInstances(10_000, process.argv[2] !== 'whole'));
for (let i = 0; i < 40; i += 1) calculatePlan(body);
