import { parseServerEnv, ServerEnvError, type ServerEnv } from '../process/env.js';

/** Bad input to a command: the CLI prints the message and exits 1. */
export class CliError extends Error {
  override readonly name = 'CliError';
}

/**
 * The server's environment as a command reads it; an invalid one is bad input (exit 1).
 * @example const env = cliServerEnv(process.env)
 */
export function cliServerEnv(environment: Record<string, string | undefined>): ServerEnv {
  try {
    return parseServerEnv(environment);
  } catch (error) {
    if (error instanceof ServerEnvError) throw new CliError(error.message);
    throw error;
  }
}
