#!/usr/bin/env node
import { CommanderError } from 'commander';
import { CliError } from './cli-error.js';
import { buildProgram } from './program.js';

/**
 * A reader that stopped reading (`billing price big.json | head -3`) is not an error of ours: the
 * rest of the output has nowhere to go, so the process ends quietly with the status it has
 * (0 unless something had failed), as `cat` and `git` do. Node ignores SIGPIPE, so without this
 * the failed write would surface as an unhandled 'error' event and a stack trace.
 */
function endQuietlyOnClosedPipe(stream: NodeJS.WriteStream): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit();
    throw error;
  });
}

/** The `billing` command line: exit 0 on success, 1 on bad input, 2 on a usage error. */
async function main(): Promise<void> {
  endQuietlyOnClosedPipe(process.stdout);
  endQuietlyOnClosedPipe(process.stderr);
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
