import { healthzLatency, type Target } from './hostile-server.js';

/** What /healthz did while some work ran. */
export interface LatencyProbe {
  /** Milliseconds of each probe, in order. */
  samples: number[];
  /** The slowest probe (Infinity when one failed or timed out). */
  max: number;
  /** Probe failures (timeouts, refused connections). */
  failures: string[];
}

/**
 * Probes GET /healthz every `everyMs` while `work` runs (at least `minSamples` times), one probe at a time.
 * @example const { result, probe } = await whileProbing(target, () => target.calculate(big));
 */
export async function whileProbing<T>(target: Target, work: () => Promise<T>, everyMs = 40, minSamples = 5): Promise<{ result: T | Error; probe: LatencyProbe }> {
  let done = false;
  const running = work().then(
    (value) => value,
    (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
  );
  void running.finally(() => (done = true));
  const samples: number[] = [];
  const failures: string[] = [];
  // NOTE: give the request a head start so the probes land while the server works on it.
  await new Promise((resolve) => setTimeout(resolve, 20));
  while (!done || samples.length + failures.length < minSamples) {
    try {
      samples.push(await healthzLatency(target, 2_000));
    } catch (error) {
      failures.push(String(error));
      if (failures.length >= 3) break;
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  const result = await running;
  return { result, probe: { samples, failures, max: failures.length > 0 ? Number.POSITIVE_INFINITY : Math.max(...samples) } };
}
