import { calculatePlan } from '@billing/pricing-core';
import { referenceInstances, referenceRequest } from './reference-plan.js';
const body = referenceRequest(referenceInstances(10_000));
for (let i = 0; i < 60; i++) calculatePlan(body);
