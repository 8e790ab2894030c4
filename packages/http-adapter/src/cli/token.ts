import { Command, InvalidArgumentError } from 'commander';
import { signHs256Token } from '../auth/hs256-token.js';
import { CliError, cliSettings } from './cli-error.js';
import { DEV_ORGANIZATION, developmentServer, noDevelopmentServer } from './dev-server.js';

const TTL = /^(\d{1,9})(s|m|h|d)$/;
const SECONDS = { s: 1, m: 60, h: 3600, d: 86_400 } as const;
/** The longest lifetime a minted token may have. */
const MAX_TTL_SECONDS = 366 * 86_400;

/**
 * Mints an HS256 token that the server accepts: signed with `BILLING_JWT_SECRET` (with its issuer
 * and audience when set), else with the development server's secret from its data folder.
 * @example await mintToken({ orgs: ['org_acme'], ttlSeconds: 3600 }, process.env)
 */
export async function mintToken(options: { orgs: string[]; ttlSeconds: number }, environment: Record<string, string | undefined>): Promise<string> {
  const env = cliSettings(environment, ['BILLING_JWT_SECRET', 'BILLING_JWT_ISSUER', 'BILLING_JWT_AUDIENCE']);
  const secret = env.BILLING_JWT_SECRET ?? developmentServer(environment)?.credentials.jwtSecret;
  if (secret === undefined) {
    throw new CliError(`no secret to sign a token with: set BILLING_JWT_SECRET to the server's, pass the server's token with --token, or ${noDevelopmentServer(environment)}`);
  }
  const claims = { issuer: env.BILLING_JWT_ISSUER, audience: env.BILLING_JWT_AUDIENCE };
  return signHs256Token({ secret, organizations: options.orgs, subject: 'billing-cli', now: new Date(), ttlSeconds: options.ttlSeconds, ...claims });
}

/**
 * A lifetime like `30m`, `1h`, `7d` or `90s` in seconds; anything else is a usage error (exit 2).
 * @example parseTtl('1h') // 3600
 */
export function parseTtl(text: string): number {
  const match = TTL.exec(text.trim());
  const seconds = match ? Number(match[1]) * SECONDS[match[2] as keyof typeof SECONDS] : Number.NaN;
  if (!(seconds >= 1 && seconds <= MAX_TTL_SECONDS)) {
    throw new InvalidArgumentError('must be a number with s, m, h or d (such as 30m, 1h, 7d), from 1s to 366d');
  }
  return seconds;
}

/**
 * `billing token --org ID [--org ID2] [--ttl 1h]`.
 * @example billing token --org org_acme --ttl 1h
 */
export function registerTokenCommand(program: Command): void {
  program
    .command('token')
    .description("Print a bearer token (JWT) for the given organizations, signed with BILLING_JWT_SECRET or the development server's secret")
    .option('--org <id>', `organization the token may act for (repeat for several; default ${DEV_ORGANIZATION})`, (value: string, all: string[] = []) => [...all, value])
    .option('--ttl <duration>', 'lifetime: 30m, 1h, 7d...', parseTtl, 3600)
    .addHelpText('after', '\nExamples:\n  billing token                  # org_demo, with the development server\'s secret\n  BILLING_JWT_SECRET=$(cat secret) billing token --org org_acme\n  billing token --org org_a --org org_b --ttl 7d')
    .action(async (options: { org?: string[]; ttl: number }) => {
      const token = await mintToken({ orgs: options.org ?? [DEV_ORGANIZATION], ttlSeconds: options.ttl }, process.env);
      process.stdout.write(`${token}\n`);
    });
}
