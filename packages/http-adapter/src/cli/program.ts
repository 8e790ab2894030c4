import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import { packagePath } from '../pages/package-root.js';
import { registerAddonsCommand } from './addons.js';
import { registerConfigCommand } from './config-check.js';
import { registerListenCommand } from './listen.js';
import { registerMigrateCommand } from './migrate.js';
import { registerPriceCommand } from './price.js';
import { registerServeCommand } from './serve.js';
import { registerTokenCommand } from './token.js';
import { registerWebhookCommand } from './webhook-send.js';

/**
 * The `billing` program: every command, with exit codes 2 for usage errors (commander's exitOverride).
 * @example await buildProgram().parseAsync(['node', 'billing', 'price', 'plan.json'])
 */
export function buildProgram(): Command {
  const program = new Command('billing')
    .description('The billing service from the command line: price plans, run the server, mint tokens, send webhooks, manage add-ons.')
    .version(packageVersion())
    .showHelpAfterError('(run with --help for usage)')
    .addHelpText('after', '\nExamples:\n  billing price examples/plan.json\n  billing serve --port 8080\n  billing token --org org_acme\n  billing webhook send stripe customer.subscription.created\n  billing addons list');
  program.exitOverride();
  registerPriceCommand(program);
  registerServeCommand(program);
  registerTokenCommand(program);
  registerWebhookCommand(program);
  registerConfigCommand(program);
  registerMigrateCommand(program);
  registerListenCommand(program);
  registerAddonsCommand(program);
  for (const command of program.commands) applyExitOverride(command);
  return program;
}

function applyExitOverride(command: Command): void {
  command.exitOverride();
  for (const sub of command.commands) applyExitOverride(sub);
}

/** The version of this package, as its package.json states it. */
function packageVersion(): string {
  return (JSON.parse(readFileSync(packagePath('package.json'), 'utf8')) as { version: string }).version;
}
