import { Command, InvalidArgumentError } from 'commander';

/**
 * `billing serve`: the server as `pnpm start` runs it; `--port` and `--host` override PORT and HOST.
 * @example billing serve --port 8080 --host 0.0.0.0
 */
export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description('Run the HTTP server (what `pnpm start` runs), configured by the environment')
    .option('--port <port>', 'TCP port (overrides PORT; 0 picks a free one)', portText)
    .option('--host <host>', 'interface to bind (overrides HOST)', hostText)
    .addHelpText('after', '\nExamples:\n  billing serve\n  BILLING_JWT_SECRET=... billing serve --port 8080 --host 0.0.0.0')
    .action(async (options: { port?: string; host?: string }) => {
      // NOTE: the server (HTTP framework, logger, metrics, worker pool) is loaded only when it is
      // run: every other command starts without reading those modules.
      const { runServer } = await import('../process/run-server.js');
      await runServer({
        ...process.env,
        ...(options.port === undefined ? {} : { PORT: options.port }),
        ...(options.host === undefined ? {} : { HOST: options.host }),
      });
    });
}

/** A port from 0 to 65535, kept as the text PORT would hold; anything else is a usage error (exit 2). */
function portText(value: string): string {
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) throw new InvalidArgumentError('must be an integer from 0 to 65535');
  return value;
}

function hostText(value: string): string {
  if (value.trim() === '' || /\s/.test(value.trim())) throw new InvalidArgumentError('must be a host name or an address, such as 0.0.0.0');
  return value.trim();
}
