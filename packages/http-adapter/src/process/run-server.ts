import { installProcessGuards } from './crash-guard.js';
import { parseServerEnv, ServerEnvError } from './env.js';
import { createLogger } from './logger.js';
import { startServer, StartupError } from './start-server.js';

/**
 * The server process as `pnpm start` and `billing serve` run it: environment in, HTTP out;
 * SIGTERM/SIGINT drain and exit 0; a refusal to start prints why and exits 1.
 * @example await runServer(process.env)
 */
export async function runServer(environment: Record<string, string | undefined>): Promise<void> {
  let env;
  try {
    env = parseServerEnv(environment);
  } catch (error) {
    if (error instanceof ServerEnvError) return refuse(error.message);
    throw error;
  }
  const logger = createLogger(env.LOG_LEVEL);
  let running;
  try {
    running = await startServer(env, logger, (text) => process.stdout.write(text), environment);
  } catch (error) {
    if (error instanceof StartupError) return refuse(error.message);
    throw error;
  }
  installProcessGuards(logger, () => running.shutdown());
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: draining in-flight requests');
    running.shutdown().then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

function refuse(message: string): void {
  process.stderr.write(`billing server cannot start: ${message}\n`);
  process.exit(1);
}
