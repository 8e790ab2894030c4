import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { calculatePlanJson, PricingValidationError, type PlanResult } from '@billing/pricing-core';
import { Command, Option } from 'commander';
import { planRefusal } from '../calculation/plan-refusal.js';
import { toPlainJson } from '../http/plain-json.js';
import { PRICING_LIMIT_NAMES, pricingLimitsOf } from '../process/env.js';
import { anyCaseChoice, CliError, cliSettings } from './cli-error.js';
import { progress } from './progress.js';
import { commitmentSet, planTable } from './plan-table.js';

interface PriceOptions {
  format: 'table' | 'json';
  view: 'basic' | 'full';
}

/** Instances from which pricing shows a progress line on a terminal. */
const PROGRESS_MIN_INSTANCES = 1_000;

/**
 * `billing price FILE|-`: prices a plan request with the library, as `POST /v1/plans:calculate` does.
 * @example billing price plan.json --format json
 */
export function registerPriceCommand(program: Command): void {
  program
    .command('price')
    .description('Price a plan request (a JSON file, or - for stdin) with the same engine and limits as the server')
    .argument('<file>', 'plan request JSON file, or - to read stdin')
    .addOption(new Option('--format <format>', 'output format: table or json (either case)').argParser(anyCaseChoice(['table', 'json'])).default('table'))
    .addOption(new Option('--view <view>', 'debug view: basic, or full for the per-instance breakdown (either case)').argParser(anyCaseChoice(['basic', 'full'])).default('basic'))
    .addHelpText(
      'after',
      '\nExamples:\n  billing price plan.json\n  cat plan.json | billing price - --format json --view FULL\n\n' +
        'An invalid plan exits 1 and lists each violation as `field: description`; with --format json it prints\n' +
        "the API's JSON error body (the same as POST /v1/plans:calculate answers) on stdout instead.",
    )
    .action(async (file: string, options: PriceOptions) => {
      try {
        process.stdout.write(await priceText(await readInput(file), options));
      } catch (error) {
        if (!(error instanceof CliError) || options.format !== 'json') throw error;
        // NOTE: a script that asked for JSON reads its errors as JSON too, in the API's shape.
        process.stdout.write(`${JSON.stringify(error.body())}\n`);
        process.exitCode = 1;
      }
    });
}

/** Prices the text of a plan request and returns what the command prints. Throws CliError on bad input. */
export async function priceText(text: string, options: PriceOptions): Promise<string> {
  let request: unknown;
  try {
    request = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CliError(`the plan request is not JSON: ${reason}`, {
      status: 'INVALID_ARGUMENT',
      reason: 'INVALID_JSON',
      message: 'the request body is not valid JSON',
      fieldViolations: [{ field: 'body', description: reason }],
    });
  }
  // NOTE: only the pricing limits: pricing offline needs no server setting (a bad PORT is not its business).
  const limits = pricingLimitsOf(cliSettings(process.env, PRICING_LIMIT_NAMES));
  const instances = (request as { instances?: unknown })?.instances;
  const status = progress();
  if (Array.isArray(instances) && instances.length >= PROGRESS_MIN_INSTANCES) {
    status.update(`pricing ${instances.length.toLocaleString('en-US')} instances...`);
  }
  let result: PlanResult;
  try {
    result = calculatePlanJson(request, { view: options.view === 'full' ? 'FULL' : 'BASIC', limits });
  } catch (error) {
    if (!(error instanceof PricingValidationError)) throw error;
    const refusal = planRefusal(error.violations, error.total);
    const lines = (refusal.fieldViolations ?? []).map((v) => `  ${v.field}: ${v.description}`);
    const more = error.total > error.violations.length ? `\n  (${error.total - error.violations.length} more not listed)` : '';
    throw new CliError(`invalid plan request: ${error.total} invalid field(s)\n${lines.join('\n')}${more}`, refusal);
  } finally {
    status.done();
  }
  if (options.format === 'json') return `${toPlainJson(result)}\n`;
  const table = planTable(result, commitmentSet(request));
  return options.view === 'full' ? `${table}\nDebug (full view):\n${JSON.stringify(result.debug, null, 2)}\n` : table;
}

async function readInput(file: string): Promise<string> {
  if (file !== '-') {
    // NOTE: `pnpm billing` runs in the repository root; INIT_CWD is where the person typed it.
    return readFile(resolve(process.env['INIT_CWD'] ?? process.cwd(), file), 'utf8').catch((error: NodeJS.ErrnoException) => {
      const reason = error.code === 'ENOENT' ? 'no such file' : error.message;
      throw new CliError(`cannot read ${file}: ${reason}`, {
        status: 'INVALID_ARGUMENT',
        reason: 'FILE_UNREADABLE',
        message: `cannot read ${file}`,
        fieldViolations: [{ field: 'file', description: reason }],
      });
    });
  }
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
