import { InvalidArgumentError } from 'commander';
import { errorBody, type ApiError, type ErrorResponse } from '../errors/aip193.js';
import { parseEnvSettings, ServerEnvError, type EnvSettings, type ServerEnvKey } from '../process/env.js';

/**
 * Bad input to a command: the CLI prints the message and exits 1. `api` is the same refusal as
 * the API's AIP-193 error, printed instead of the message under `--format json`.
 */
export class CliError extends Error {
  override readonly name = 'CliError';
  readonly api: ApiError;

  constructor(message: string, api?: ApiError) {
    super(message);
    this.api = api ?? { status: 'INVALID_ARGUMENT', reason: 'INVALID_ARGUMENT', message };
  }

  /** The API's JSON error body of this refusal. */
  body(): ErrorResponse {
    return errorBody(this.api);
  }
}

/** The variable a problem of the environment names: its first word. */
const NAMED_VARIABLE = /^[A-Z][A-Z0-9_]*/;

/**
 * The settings a command needs, and only those: a bad value of another one never stops it.
 * An invalid one is bad input (exit 1) naming the variable.
 * @example const { BILLING_JWT_SECRET } = cliSettings(process.env, ['BILLING_JWT_SECRET'])
 */
export function cliSettings<K extends ServerEnvKey>(environment: Record<string, string | undefined>, names: readonly K[]): EnvSettings<K> {
  try {
    return parseEnvSettings(environment, names);
  } catch (error) {
    if (!(error instanceof ServerEnvError)) throw error;
    const fieldViolations = error.problems.map((p) => ({ field: NAMED_VARIABLE.exec(p)?.[0] ?? '', description: p }));
    throw new CliError(error.message, {
      status: 'INVALID_ARGUMENT',
      reason: 'INVALID_SETTING',
      message: `the environment has ${error.problems.length} invalid setting(s)`,
      fieldViolations,
    });
  }
}

/**
 * An option value parser for a fixed set of words, in either case: `--view FULL` and `--view full`
 * are one value. Any other value is a usage error (exit 2) listing the choices.
 * @example new Option('--view <view>').argParser(anyCaseChoice(['basic', 'full']))
 */
export function anyCaseChoice<T extends string>(choices: readonly T[]): (value: string) => T {
  return (value) => {
    const found = choices.find((c) => c === value.toLowerCase());
    if (found === undefined) throw new InvalidArgumentError(`must be one of ${choices.join(', ')} (either case)`);
    return found;
  };
}
