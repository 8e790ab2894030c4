#!/usr/bin/env node
import { parseServerEnv, ServerEnvError } from './process/env.js';
import { installProcessGuards } from './process/crash-guard.js';
import { createLogger } from './process/logger.js';
import { startServer, StartupError } from './process/start-server.js';

/** The server process: environment in, HTTP out; SIGTERM/SIGINT drain and exit 0. */
async function main(): Promise<void> {
  let env;
  try {
    env = parseServerEnv(process.env);
  } catch (error) {
    if (error instanceof ServerEnvError) return refuse(error.message);
    throw error;
  }
  const logger = createLogger(env.LOG_LEVEL);
  let running;
  try {
    running = await startServer(env, logger, (text) => process.stdout.write(text), process.env);
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

main().catch((error: unknown) => {
  process.stderr.write(`billing server crashed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
