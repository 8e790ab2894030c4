/**
 * Server settings under which deliveries arriving together share one commit (a window wide enough
 * for the suites' 16 concurrent deliveries to meet), and each group's size is logged.
 */
export const GROUPED_ENV = { BILLING_INGEST_GROUP_WINDOW_MS: '3', BILLING_INGEST_GROUP_MAX: '64', LOG_LEVEL: 'debug' };

/**
 * The sizes of the groups a server logged as committed.
 * @example groupSizes('{"groupSize":3,"msg":"webhook group committed"}') // [3]
 */
export function groupSizes(stdout: string): number[] {
  return [...stdout.matchAll(/"groupSize":(\d+)/g)].map((m) => Number(m[1]));
}
