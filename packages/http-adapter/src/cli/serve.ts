import { Command } from 'commander';
import { runServer } from '../process/run-server.js';

/**
 * `billing serve`: the server as `pnpm start` runs it; `--port` and `--host` override PORT and HOST.
 * @example billing serve --port 8080 --host 0.0.0.0
 */
export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description('Run the HTTP server (what `pnpm start` runs), configured by the environment')
    .option('--port <port>', 'TCP port (overrides PORT; 0 picks a free one)')
    .option('--host <host>', 'interface to bind (overrides HOST)')
    .addHelpText('after', '\nExamples:\n  billing serve\n  BILLING_JWT_SECRET=... billing serve --port 8080 --host 0.0.0.0')
    .action(async (options: { port?: string; host?: string }) => {
      await runServer({
        ...process.env,
        ...(options.port === undefined ? {} : { PORT: options.port }),
        ...(options.host === undefined ? {} : { HOST: options.host }),
      });
    });
}
