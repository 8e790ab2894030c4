/** Bad input to a command: the CLI prints the message and exits 1. */
export class CliError extends Error {
  override readonly name = 'CliError';
}
