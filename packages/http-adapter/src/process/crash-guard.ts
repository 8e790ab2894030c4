import type { Logger } from 'pino';

/**
 * Process-level last resorts, installed once by `main`:
 * - `unhandledRejection`: logged at error level with its stack, and the process keeps serving. Every request's
 *   errors are caught by the app (its onError answers 500), so a stray rejection comes from work a request
 *   abandoned (e.g. a late failure after its deadline answered 504); the state it could touch lives in storage
 *   transactions, which commit whole or not at all.
 * - `uncaughtException`: logged at fatal level, then the server drains and the process exits 1. A throw outside
 *   any request (a timer, a socket callback) may leave the process in an unknown state; node says it cannot
 *   safely resume, so the bug is made loud and the supervisor restarts the process.
 * @example installProcessGuards(logger, () => running.shutdown())
 */
export function installProcessGuards(logger: Logger, shutdown: () => Promise<void>, exit: (code: number) => void = process.exit): void {
  process.on('unhandledRejection', (reason: unknown) => {
    logger.error({ err: reason }, 'unhandled promise rejection (kept serving)');
  });
  let crashing = false;
  process.on('uncaughtException', (error: Error, origin: string) => {
    logger.fatal({ err: error, origin }, 'uncaught exception: draining and exiting');
    if (crashing) return;
    crashing = true;
    shutdown().then(
      () => exit(1),
      () => exit(1),
    );
  });
}
