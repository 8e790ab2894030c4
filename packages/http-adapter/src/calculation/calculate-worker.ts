import { Piscina } from 'piscina';
import { runCalculation, type CalculationTask, type WorkerOutcome } from './calculation-task.js';

const utf8 = new TextEncoder();

/**
 * The piscina worker (a tsup entry of its own, `dist/calculate-worker.js`): one calculation per task. The answer
 * comes back as UTF-8 bytes moved (not copied) to the main thread, so a large answer costs the event loop nothing.
 */
export default function calculateInWorker(task: CalculationTask): WorkerOutcome {
  const outcome = runCalculation(task);
  if (!outcome.ok) return outcome;
  return Piscina.move(utf8.encode(outcome.json)) as Uint8Array<ArrayBuffer>;
}
