import { readFileSync } from 'node:fs';
import { BillingConfigError, loadBillingConfig, probeStore, PROVIDERS, type BillingConfig, type StoreProbe } from '@billing/billing-domain';
import { Command } from 'commander';
import { DEV_ORGANIZATION, devCredentialsPath } from '../process/dev-mode.js';
import { parseEnvSettings, parseServerEnv, ServerEnvError, type ServerEnv } from '../process/env.js';
import { CliError } from './cli-error.js';
import { unknownSettings } from './unknown-settings.js';

/** The outcome of `config check`: what stops the server (problems), what may be a mistake (warnings), and a summary. */
export interface ConfigCheck {
  problems: string[];
  warnings: string[];
  summary: string;
}

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
  const kept = (env.DATABASE_URL ?? '') === '' ? `kept in ${devCredentialsPath(env.BILLING_DATA_DIR)}` : 'made at each start';
  return `development mode (a development secret ${kept}; demonstration webhook endpoints for ${DEV_ORGANIZATION}; refused with NODE_ENV=production)`;
}

/**
 * Reads the environment and BILLING_CONFIG as the server does: every problem (one per setting or
 * configuration field), warnings about variables that look like misspelled settings, and a summary.
 * @example const { problems, warnings, summary } = checkConfig(process.env)
 */
export function checkConfig(environment: Record<string, string | undefined>): ConfigCheck {
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
    // NOTE: one problem per field, so the count is the count of things to fix.
    const label = source?.startsWith('{') ? 'BILLING_CONFIG' : `BILLING_CONFIG (${source ?? ''})`;
    problems.push(...error.issues.map((issue) => `${label} ${issue.field === '' ? '' : `${issue.field}: `}${issue.description}`));
  }
  const warnings = unknownSettings(environment, secretVariables(source));
  if (problems.length > 0 || !env || !config) return { problems, warnings, summary: '' };
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
  return { problems, warnings, summary: `${lines.join('\n')}\n` };
}

/** The variables BILLING_CONFIG reads secrets from (`"env:NAME"`): set on purpose, whatever their name. */
function secretVariables(source: string | undefined): Set<string> {
  let text = '';
  try {
    text = source === undefined ? '' : source.startsWith('{') ? source : readFileSync(source, 'utf8');
  } catch {
    // NOTE: an unreadable file is already one of the problems.
  }
  return new Set(Array.from(text.matchAll(/"env:([A-Za-z_][A-Za-z0-9_]*)"/g), (m) => m[1] ?? ''));
}

/**
 * `config check --connect`: reaches the store the environment names without changing it, and
 * says what it found; a store that cannot be reached or used is a problem.
 */
export async function probeLine(env: Pick<ServerEnv, 'DATABASE_URL' | 'BILLING_DATA_DIR'>): Promise<{ problem?: string; warning?: string; line: string }> {
  let probe: StoreProbe;
  try {
    probe = await probeStore({ databaseUrl: env.DATABASE_URL ?? '', dataDir: env.BILLING_DATA_DIR });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { problem: `the database cannot be reached: ${reason}`, line: '' };
  }
  switch (probe.kind) {
    case 'memory':
      return { line: 'connect:  PGlite in memory (nothing to connect to)' };
    case 'pglite':
      if (!probe.writable) return { problem: `BILLING_DATA_DIR ${probe.dataDir} cannot be written`, line: '' };
      return { line: `connect:  PGlite folder ${probe.dataDir} ${probe.exists ? 'exists and is writable' : 'will be made at start'}` };
    case 'postgres': {
      const schema = probe.pending.length === 0 ? 'schema current' : `${probe.pending.length} migration(s) pending (billing migrate applies them)`;
      const line = `connect:  PostgreSQL ${probe.serverVersion} reached${probe.tls ? ' over TLS' : ' without TLS'}; ${schema}`;
      return probe.tls || isLoopback(env.DATABASE_URL ?? '') ? { line } : { line, warning: 'the database connection is not encrypted: add sslmode=verify-full to DATABASE_URL (docs/deployment.md)' };
    }
    default: {
      const unreachable: never = probe;
      return unreachable;
    }
  }
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
    .option('--connect', 'also reach the database (PostgreSQL: connect, read its version, TLS and migrations; change nothing)')
    .addHelpText(
      'after',
      '\nExamples:\n  BILLING_CONFIG=./billing.json billing config check\n  DATABASE_URL=postgres://localhost/billing billing config check --connect\n\n' +
        'Exits 1 when the server would not start; variables that look like misspelled settings are warnings.',
    )
    .action(async (options: { connect?: boolean }) => {
      const { problems, warnings, summary } = checkConfig(process.env);
      for (const warning of warnings) process.stderr.write(`warning: ${warning}\n`);
      let connected = '';
      if (options.connect) {
        const store = storeSettings(process.env);
        if (store !== undefined) {
          const { problem, warning, line } = await probeLine(store);
          if (problem !== undefined) problems.push(problem);
          if (warning !== undefined) process.stderr.write(`warning: ${warning}\n`);
          connected = line === '' ? '' : `${line}\n`;
        }
      }
      if (problems.length > 0) {
        const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
        throw new CliError(`the server would not start: ${count}\n${problems.map((p) => `  - ${p}`).join('\n')}`);
      }
      process.stdout.write(`configuration OK\n${summary}${connected}`);
    });
}

/** Where the store is, when those settings are valid (their problems are already listed). */
function storeSettings(environment: Record<string, string | undefined>): Pick<ServerEnv, 'DATABASE_URL' | 'BILLING_DATA_DIR'> | undefined {
  try {
    return parseEnvSettings(environment, ['DATABASE_URL', 'BILLING_DATA_DIR']);
  } catch (error) {
    if (error instanceof ServerEnvError) return undefined;
    throw error;
  }
}

/** Whether a database URL names this machine (where TLS adds nothing). */
function isLoopback(url: string): boolean {
  try {
    const host = new URL(url).hostname;
    return host === 'localhost' || host === '[::1]' || host.startsWith('127.') || host === '';
  } catch {
    return false;
  }
}
