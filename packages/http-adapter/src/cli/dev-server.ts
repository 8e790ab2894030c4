import { DEV_ORGANIZATION, devCredentialsPath, readDevCredentials, type DevCredentials } from '../process/dev-mode.js';
import { InvalidArgumentError, type Command } from 'commander';
import { CliError, cliSettings } from './cli-error.js';

export { DEV_ORGANIZATION };

/** A development-mode server's credentials as it kept them in the data folder, and that file. */
export interface DevelopmentServer {
  credentials: DevCredentials;
  file: string;
}

/**
 * The development server of `BILLING_DATA_DIR` (default `./.billing-data`, which for `pnpm billing`
 * is the repository's, where `pnpm start` keeps it), or null when none has started there.
 * @example developmentServer(process.env)?.credentials.url // 'http://127.0.0.1:8080'
 */
export function developmentServer(environment: Record<string, string | undefined>): DevelopmentServer | null {
  const { BILLING_DATA_DIR } = cliSettings(environment, ['BILLING_DATA_DIR']);
  const credentials = readDevCredentials(BILLING_DATA_DIR);
  return credentials === null ? null : { credentials, file: devCredentialsPath(BILLING_DATA_DIR) };
}

/**
 * Where a development server would have kept what a command is missing, for its one-line error.
 * @example `no token: pass --token JWT, or ${noDevelopmentServer(process.env)}`
 */
export function noDevelopmentServer(environment: Record<string, string | undefined>): string {
  const { BILLING_DATA_DIR } = cliSettings(environment, ['BILLING_DATA_DIR']);
  return `start the development server (pnpm start) so ${devCredentialsPath(BILLING_DATA_DIR)} holds its own`;
}

/** How a command reaches the API: the server, a bearer token and the organization. */
export interface ServerConnection {
  server: string;
  token: string;
  org: string;
}

/**
 * `--server`, `--token` and `--org` as given, else the development server's address and token
 * and `org_demo`; a one-line error says how to pass what is missing.
 * @example serverConnection({}) // { server: 'http://127.0.0.1:8080', token: 'eyJ...', org: 'org_demo' }
 */
export function serverConnection(options: { server?: string | undefined; token?: string | undefined; org?: string | undefined }): ServerConnection {
  const dev = options.server === undefined || options.token === undefined ? developmentServer(process.env) : null;
  const server = options.server ?? dev?.credentials.url;
  const token = options.token ?? dev?.credentials.token;
  if (server === undefined) throw new CliError(`--server not given: pass the server's address (--server http://127.0.0.1:8080), or ${noDevelopmentServer(process.env)}`);
  if (token === undefined) throw new CliError(`--token not given: pass a bearer token for the organization (--token JWT), or ${noDevelopmentServer(process.env)}`);
  return { server: server.replace(/\/+$/, ''), token, org: options.org ?? DEV_ORGANIZATION };
}

/** An http(s) URL option value without trailing slashes; anything else is a usage error (exit 2). */
export function httpUrl(value: string): string {
  if (!/^https?:\/\/\S+$/.test(value)) throw new InvalidArgumentError('must be an http(s) URL');
  return value.replace(/\/+$/, '');
}

/**
 * The `--server`, `--token` and `--org` options of a command that calls the API, each defaulting
 * to the development server's (read by `serverConnection`).
 * @example withConnectionOptions(program.command('listen'))
 */
export function withConnectionOptions(command: Command): Command {
  return command
    .option('--server <url>', 'the billing server (http://host:port; default: the development server)', httpUrl)
    .option('--token <jwt>', "bearer token for the organization (default: the development server's)")
    .option('--org <id>', `organization (X-Organization-ID; default ${DEV_ORGANIZATION})`);
}
