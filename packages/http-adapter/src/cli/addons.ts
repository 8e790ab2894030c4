import { Command, Option } from 'commander';
import { anyCaseChoice, CliError } from './cli-error.js';
import { serverConnection, withConnectionOptions, type ServerConnection } from './dev-server.js';

interface ConnectionOptions {
  server?: string;
  token?: string;
  org?: string;
  format: 'table' | 'json';
}

interface Addon {
  id: string;
  addonCode: string;
  quantity: number;
  addonStatus: string;
  cancelAtPeriodEnd: boolean;
  endDate: string | null;
}

/**
 * `billing addons list|cancel ID|undo-cancel ID`: the add-on subscription API of a running server,
 * as one line per add-on (`--format json`: the API's answer).
 * @example billing addons cancel 0193b6f2-...
 */
export function registerAddonsCommand(program: Command): void {
  const addons = program
    .command('addons')
    .description("The organization's add-on subscriptions on a running server (default: the development server, org_demo)")
    .addHelpText('after', '\nExamples:\n  billing addons list\n  billing addons cancel ID\n  billing addons undo-cancel ID --server http://127.0.0.1:8080 --token $TOKEN --org org_acme');
  const withConnection = (command: Command) =>
    withConnectionOptions(command).addOption(new Option('--format <format>', 'output format: table or json (either case)').argParser(anyCaseChoice(['table', 'json'])).default('table'));
  withConnection(addons.command('list').description('List the add-on subscriptions, newest first (one page of up to 1000)')).action(async (options: ConnectionOptions) => {
    const answer = (await call(serverConnection(options), 'GET', '/v1/addon-subscriptions?pageSize=1000')) as { addonSubscriptions: Addon[] };
    process.stdout.write(options.format === 'json' ? `${JSON.stringify(answer)}\n` : table(answer.addonSubscriptions));
  });
  for (const [name, what] of [['cancel', 'End the add-on at the end of its period'], ['undo-cancel', 'Keep the add-on renewing']] as const) {
    withConnection(addons.command(name).description(what).argument('<id>', 'the add-on subscription id')).action(async (id: string, options: ConnectionOptions) => {
      const answer = (await call(serverConnection(options), 'POST', `/v1/addon-subscriptions/${encodeURIComponent(id)}:${name}`)) as { addonSubscription: Addon };
      process.stdout.write(options.format === 'json' ? `${JSON.stringify(answer)}\n` : table([answer.addonSubscription]));
    });
  }
}

async function call(connection: ServerConnection, method: 'GET' | 'POST', path: string): Promise<unknown> {
  const url = `${connection.server}${path}`;
  const response = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${connection.token}`, 'x-organization-id': connection.org, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
    ...(method === 'POST' ? { body: '{}' } : {}),
  }).catch((error: unknown) => {
    throw new CliError(`cannot reach ${connection.server}: ${error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error)}`);
  });
  const body = (await response.json().catch(() => null)) as { error?: { status?: string; message?: string } } | null;
  if (!response.ok) throw new CliError(`the server answered ${response.status} ${body?.error?.status ?? ''}: ${body?.error?.message ?? 'no error message'}`);
  return body;
}

/** One aligned line per add-on: id, code, quantity, status, cancel at period end, period end. */
function table(addons: readonly Addon[]): string {
  if (addons.length === 0) return 'no add-on subscriptions\n';
  const rows = [
    ['ID', 'CODE', 'QTY', 'STATUS', 'CANCEL AT PERIOD END', 'PERIOD END'],
    ...addons.map((a) => [a.id, a.addonCode, String(a.quantity), a.addonStatus.replace('ADDON_STATUS_', ''), String(a.cancelAtPeriodEnd), a.endDate ?? '-']),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => r.map((cell, i) => cell.padEnd(widths[i]!)).join('  ').trimEnd()).join('\n') + '\n';
}
