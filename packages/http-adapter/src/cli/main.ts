#!/usr/bin/env node
import { CommanderError } from 'commander';
import { CliError } from './cli-error.js';
import { buildProgram } from './program.js';

/** The `billing` command line: exit 0 on success, 1 on bad input, 2 on a usage error. */
async function main(): Promise<void> {
  const program = buildProgram();
  try {
    await program.parseAsync(process.argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      // NOTE: commander has printed its message (or the help); `--help` and `--version` exit 0.
      process.exitCode = error.exitCode === 0 ? 0 : 2;
      return;
    }
    if (error instanceof CliError) {
      process.stderr.write(`${error.message}\n`);
      process.exitCode = 1;
      return;
    }
    throw error;
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`billing: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
