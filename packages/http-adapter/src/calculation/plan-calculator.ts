import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { entriesOf, runCalculation, type CalculationOutcome, type CalculationTask } from './calculation-task.js';

/** Runs calculations: small ones inline, large ones in a worker pool. */
export interface PlanCalculator {
  /** Rejects with the signal's reason when it aborts first (a worker calculation is then stopped). */
  calculate(task: CalculationTask, signal: AbortSignal): Promise<CalculationOutcome>;
  close(): Promise<void>;
}

export interface PlanCalculatorOptions {
  /** Worker threads (BILLING_WORKER_THREADS). */
  threads: number;
  /** instances x prices from which a calculation runs in a worker (BILLING_OFFLOAD_MIN_ENTRIES). */
  offloadMinEntries: number;
  /** Told the size and duration (seconds) of each finished calculation. */
  observe?: (entries: number, seconds: number) => void;
}

/** Every calculation inline, on the calling thread (tests, and the command line). */
export const INLINE_CALCULATOR: PlanCalculator = {
  calculate: (task) => Promise.resolve(runCalculation(task)),
  close: () => Promise.resolve(),
};

/**
 * The server's calculator: below `offloadMinEntries` inline, from it on in a piscina pool whose worker
 * is terminated when the request's signal aborts (its CPU is freed at once).
 * @example const calc = createPlanCalculator({ threads: 1, offloadMinEntries: 2000 })
 */
export function createPlanCalculator(options: PlanCalculatorOptions): PlanCalculator {
  const fromSource = import.meta.url.endsWith('.ts');
  const pool = new Piscina<CalculationTask, CalculationOutcome>({
    filename: new URL(fromSource ? './calculate-worker.ts' : './calculate-worker.js', import.meta.url).href,
    minThreads: options.threads,
    maxThreads: options.threads,
    // NOTE: from source the worker is TypeScript and imports the `source` export of pricing-core;
    // it gets the same loader and conditions as `node --conditions=source --import tsx`.
    ...(fromSource ? { execArgv: ['--conditions=source', '--import', tsxLoader()] } : {}),
  });
  return {
    async calculate(task, signal) {
      signal.throwIfAborted();
      const entries = entriesOf(task.request);
      const started = performance.now();
      const outcome = entries < options.offloadMinEntries ? runCalculation(task) : await pool.run(task, { signal });
      options.observe?.(entries, (performance.now() - started) / 1000);
      return outcome;
    },
    close: () => pool.destroy(),
  };
}

function tsxLoader(): string {
  return pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
}
