import { loadMigrations, openStore } from '@billing/billing-domain';
import { Command } from 'commander';
import { CliError, cliSettings } from './cli-error.js';
import { progress } from './progress.js';

/**
 * `billing migrate`: applies the pending migrations to the configured store and says which it applied.
 * @example DATABASE_URL=postgres://localhost/billing billing migrate
 */
export function registerMigrateCommand(program: Command): void {
  program
    .command('migrate')
    .description('Apply the pending database migrations to the store DATABASE_URL / BILLING_DATA_DIR names')
    .addHelpText('after', '\nExamples:\n  DATABASE_URL=postgres://postgres@127.0.0.1/billing billing migrate\n  BILLING_DATA_DIR=./.billing-data billing migrate')
    .action(async () => {
      process.stdout.write(await migrate(process.env));
    });
}

/** Opens the store (which applies what is pending), and reports the migrations in it. */
export async function migrate(environment: Record<string, string | undefined>): Promise<string> {
  const env = cliSettings(environment, ['DATABASE_URL', 'BILLING_DATA_DIR', 'BILLING_DB_POOL_SIZE']);
  const status = progress();
  const known = (await loadMigrations()).map((m) => m.name);
  status.update(`applying migrations (${known.length} known)...`);
  // NOTE: opening the store applies the pending migrations in one transaction under an advisory
  // lock; its report says which ones that run applied.
  const store = await openStore({ databaseUrl: env.DATABASE_URL ?? '', dataDir: env.BILLING_DATA_DIR, poolSize: env.BILLING_DB_POOL_SIZE }).catch((error: unknown) => {
    status.done();
    throw new CliError(`storage could not be opened or migrated: ${error instanceof Error ? error.message : String(error)}`);
  });
  try {
    const { applied, total } = store.openingMigrations;
    status.done();
    const now = applied.length === 0 ? 'nothing to apply' : `applied now:\n${applied.map((n) => `  ${n}`).join('\n')}`;
    return `${store.kind}: ${now}\n${total} of ${known.length} known migration(s) recorded; the schema is current.\n`;
  } finally {
    await store.close();
  }
}
