import { createPriceCache, type PriceCacheSettings } from '@billing/pricing-core';
import { Piscina } from 'piscina';
import { workerData } from 'node:worker_threads';
import { runCalculation, type CalculationTask, type WorkerOutcome } from './calculation-task.js';

const utf8 = new TextEncoder();

// Each worker thread owns its resolved-prices cache, with the server's bounds.
const priceCache = createPriceCache((workerData as { priceCache?: PriceCacheSettings } | null)?.priceCache);

/**
 * The piscina worker (a tsup entry of its own, `dist/calculate-worker.js`): one calculation per task. The answer
 * comes back as UTF-8 bytes moved (not copied) to the main thread, so a large answer costs the event loop nothing.
 */
export default function calculateInWorker(task: CalculationTask): WorkerOutcome {
  const outcome = runCalculation(task, priceCache);
  if (!outcome.ok) return outcome;
  return Piscina.move(utf8.encode(outcome.json)) as Uint8Array<ArrayBuffer>;
}
