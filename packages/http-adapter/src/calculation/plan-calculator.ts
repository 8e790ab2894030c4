import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import type { CalculateOptions } from '../limits/pricing-limits.js';
import { entriesOf, runCalculation, type CalculationOutcome, type CalculationTask, type WorkerOutcome } from './calculation-task.js';

/** Runs calculations: small ones inline, large ones in a worker pool. */
export interface PlanCalculator {
  /**
   * Prices `request` (parsed; `requestJson` is its text, sent to a worker instead of the parsed tree).
   * Rejects when the deadline passes first (a worker calculation is then stopped). `entries` is
   * `entriesOf(request)` when the caller has counted it already.
   */
  calculate(request: unknown, requestJson: string, options: CalculateOptions, deadline: Deadline, entries?: number): Promise<CalculationOutcome>;
  close(): Promise<void>;
}

/** A request's deadline: whether it has passed, and a signal that aborts when it does (made on first use). */
export interface Deadline {
  readonly expired: boolean;
  readonly signal: AbortSignal;
}

export interface PlanCalculatorOptions {
  /** Worker threads (BILLING_WORKER_THREADS). */
  threads: number;
  /** instances x prices from which a calculation runs in a worker (BILLING_OFFLOAD_MIN_ENTRIES). */
  offloadMinEntries: number;
}

/** Every calculation inline, on the calling thread (tests, and the command line). */
export const INLINE_CALCULATOR: PlanCalculator = {
  calculate: (request, _json, options) => Promise.resolve(runCalculation({ request, options })),
  close: () => Promise.resolve(),
};

/**
 * The server's calculator: below `offloadMinEntries` inline, from it on in a piscina pool whose worker
 * is terminated when the request's signal aborts (its CPU is freed at once).
 * @example const calc = createPlanCalculator({ threads: 1, offloadMinEntries: 2000 })
 */
export function createPlanCalculator(options: PlanCalculatorOptions): PlanCalculator {
  const fromSource = import.meta.url.endsWith('.ts');
  const pool = new Piscina<CalculationTask, WorkerOutcome>({
    filename: new URL(fromSource ? './calculate-worker.ts' : './calculate-worker.js', import.meta.url).href,
    minThreads: options.threads,
    maxThreads: options.threads,
    // From source the worker is TypeScript and imports the `source` export of pricing-core;
    // it gets the same loader and conditions as `node --conditions=source --import tsx`.
    ...(fromSource ? { execArgv: ['--conditions=source', '--import', tsxLoader()] } : {}),
  });
  return {
    async calculate(request, requestJson, calculateOptions, deadline, entries) {
      if (deadline.expired) deadline.signal.throwIfAborted();
      if ((entries ?? entriesOf(request)) < options.offloadMinEntries) return runCalculation({ request, options: calculateOptions });
      // Only here is there work to stop: the signal terminates the worker when the deadline passes.
      const outcome = await pool.run({ requestJson, options: calculateOptions }, { signal: deadline.signal });
      return outcome instanceof Uint8Array ? { ok: true, json: outcome } : outcome;
    },
    close: () => pool.destroy(),
  };
}

function tsxLoader(): string {
  return pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
}
