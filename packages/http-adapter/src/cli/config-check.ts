import { BillingConfigError, loadBillingConfig, PROVIDERS, type BillingConfig } from '@billing/billing-domain';
import { Command } from 'commander';
import { parseServerEnv, ServerEnvError, type ServerEnv } from '../process/env.js';
import { CliError } from './cli-error.js';

/**
 * A secret as a person may see it: its kind prefix and length, never its characters.
 * @example maskSecret('whsec_abcdef0123') // 'whsec_**** (16 chars)'
 */
export function maskSecret(secret: string): string {
  const prefix = /^[a-z]+_/.exec(secret)?.[0] ?? '';
  return `${prefix}**** (${secret.length} chars)`;
}

/** Where the store lives, with any password in the URL masked. */
function storeLine(env: ServerEnv): string {
  const url = env.DATABASE_URL;
  if (url === undefined) return `PGlite in ${env.BILLING_DATA_DIR}`;
  if (url === 'memory://') return 'PGlite in memory (lost at exit)';
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '****';
    return `PostgreSQL at ${parsed.toString()}`;
  } catch {
    return 'PostgreSQL (URL not parseable)';
  }
}

function authLine(env: ServerEnv): string {
  const claims = [env.BILLING_JWT_ISSUER && `issuer ${env.BILLING_JWT_ISSUER}`, env.BILLING_JWT_AUDIENCE && `audience ${env.BILLING_JWT_AUDIENCE}`].filter(Boolean);
  const checks = claims.length > 0 ? `; ${claims.join(', ')}` : '';
  if (env.BILLING_JWT_SECRET) return `HS256 with BILLING_JWT_SECRET ${maskSecret(env.BILLING_JWT_SECRET)}${checks}`;
  if (env.BILLING_JWKS_URL) return `JWKS from ${env.BILLING_JWKS_URL}${checks}`;
  return 'development mode (a random secret per process; refused with NODE_ENV=production)';
}

/**
 * Reads the environment and BILLING_CONFIG as the server does: every problem, or a summary.
 * @example const { problems, summary } = checkConfig(process.env)
 */
export function checkConfig(environment: Record<string, string | undefined>): { problems: string[]; summary: string } {
  const problems: string[] = [];
  let env: ServerEnv | undefined;
  try {
    env = parseServerEnv(environment);
  } catch (error) {
    if (!(error instanceof ServerEnvError)) throw error;
    problems.push(...error.problems);
  }
  if (env && !env.BILLING_JWT_SECRET && !env.BILLING_JWKS_URL && env.NODE_ENV === 'production') {
    problems.push('no authentication configured: set BILLING_JWT_SECRET or BILLING_JWKS_URL (NODE_ENV=production)');
  }
  let config: BillingConfig | undefined;
  const source = environment['BILLING_CONFIG']?.trim() || undefined;
  try {
    config = loadBillingConfig(source, environment);
  } catch (error) {
    if (!(error instanceof BillingConfigError)) throw error;
    problems.push(error.message);
  }
  if (problems.length > 0 || !env || !config) return { problems, summary: '' };
  const lines = [
    `store:    ${storeLine(env)}`,
    `auth:     ${authLine(env)}`,
    `listen:   ${env.HOST}:${env.PORT}`,
    `webhooks: ${source === undefined ? 'no BILLING_CONFIG (no endpoints)' : `${config.webhookEndpoints.length} endpoint(s)`}`,
  ];
  for (const provider of PROVIDERS) {
    for (const e of config.webhookEndpoints.filter((x) => x.provider === provider)) {
      const bearer = e.requireBearer ? 'bearer required' : 'no bearer';
      lines.push(`  ${provider.padEnd(8)} ${e.organizationId}: ${e.secrets.map(maskSecret).join(', ')}; ${bearer}; tolerance ${e.toleranceSeconds}s`);
    }
  }
  return { problems, summary: `${lines.join('\n')}\n` };
}

/**
 * `billing config check`.
 * @example BILLING_CONFIG=./config.json billing config check
 */
export function registerConfigCommand(program: Command): void {
  const config = program
    .command('config')
    .description('Configuration tools')
    .addHelpText('after', '\nExamples:\n  BILLING_CONFIG=./billing.json billing config check');
  config
    .command('check')
    .description('Read the environment and BILLING_CONFIG as the server would; list every problem or summarize the result')
    .addHelpText('after', '\nExamples:\n  BILLING_CONFIG=./billing.json billing config check\n  DATABASE_URL=postgres://localhost/billing billing config check')
    .action(() => {
      const { problems, summary } = checkConfig(process.env);
      if (problems.length > 0) throw new CliError(`the server would not start: ${problems.length} problem(s)\n${problems.map((p) => `  - ${p}`).join('\n')}`);
      process.stdout.write(`configuration OK\n${summary}`);
    });
}
