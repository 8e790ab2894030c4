import { randomBytes } from 'node:crypto';
import { BillingConfigError, loadBillingConfig, PROVIDERS, WEBHOOK_PROVIDERS, type ProviderName } from '@billing/billing-domain';
import { Argument, Command, InvalidArgumentError } from 'commander';
import { CliError } from './cli-error.js';
import { DEV_ORGANIZATION, developmentServer, noDevelopmentServer } from './dev-server.js';
import { mintToken } from './token.js';
import { signatureHeaders } from './webhook-signing.js';

interface SendOptions {
  to?: string;
  secret?: string;
  org?: string;
  token?: string;
  subscription?: string;
}

/**
 * `billing webhook send PROVIDER EVENT [--to URL]`: a correctly signed sample delivery, like `stripe trigger`.
 * Without `--to` and `--secret`, the development server of the data folder and its endpoint's secret.
 * @example billing webhook send stripe customer.subscription.created
 */
export function registerWebhookCommand(program: Command): void {
  const webhook = program
    .command('webhook')
    .description('Webhook tools')
    .addHelpText('after', '\nExamples:\n  billing webhook send stripe customer.subscription.created\n  billing webhook send stripe invoice.paid --to http://127.0.0.1:8080 --secret whsec_...');
  const events = PROVIDERS.map((p) => `  ${p}: ${WEBHOOK_PROVIDERS[p].sampleEvents.join(', ')}`).join('\n');
  webhook
    .command('send')
    .description('Send a correctly signed sample delivery of an event to a running server and print its acknowledgement')
    .addArgument(new Argument('<provider>', 'provider').choices(PROVIDERS))
    .argument('<event>', 'event type (listed below)')
    .option('--to <url>', 'the server (http://host:port) or the full webhook URL (default: the development server)', httpUrl)
    .option('--secret <secret>', "signing secret (default: the provider's endpoint in BILLING_CONFIG, else the development server's)")
    .option('--org <id>', 'organization (X-Organization-ID) for endpoints that require a bearer token')
    .option('--token <jwt>', 'bearer token (default with --org: one minted with BILLING_JWT_SECRET)')
    .option('--subscription <id>', "the provider's subscription id in the sample", 'sub_sample_1')
    .addHelpText('after', `\nEvents:\n${events}\n\nExamples:\n  billing webhook send stripe customer.subscription.created\n  billing webhook send stripe customer.subscription.created --to http://127.0.0.1:8080 --secret whsec_abc\n  BILLING_JWT_SECRET=... billing webhook send standard payment.succeeded --to http://127.0.0.1:8080 --org org_acme`)
    .action(async (provider: ProviderName, event: string, options: SendOptions, command: Command) => {
      if (!WEBHOOK_PROVIDERS[provider].sampleEvents.includes(event)) {
        command.error(`error: argument 'event' is invalid: ${provider} events are ${WEBHOOK_PROVIDERS[provider].sampleEvents.join(', ')}; got "${event}"`, { exitCode: 2, code: 'billing.invalidEvent' });
      }
      const { status, text } = await sendSample(provider, event, options);
      process.stdout.write(`${status} ${text}\n`);
      if (status < 200 || status > 299) throw new CliError(`the server refused the delivery (HTTP ${status})`);
    });
}

/** Builds, signs and posts one sample delivery; resolves with the answer's status and body. */
export async function sendSample(providerText: string, event: string, options: SendOptions): Promise<{ status: number; text: string }> {
  const provider = PROVIDERS.find((p) => p === providerText);
  if (provider === undefined) throw new CliError(`provider must be one of ${PROVIDERS.join(', ')}; got "${providerText}"`);
  if (!WEBHOOK_PROVIDERS[provider].sampleEvents.includes(event)) {
    throw new CliError(`event: ${provider} events are ${WEBHOOK_PROVIDERS[provider].sampleEvents.join(', ')}; got "${event}"`);
  }
  const dev = developmentServer(process.env);
  const to = options.to ?? dev?.credentials.url;
  if (to === undefined) throw new CliError(`--to not given: pass the server's address (--to http://127.0.0.1:8080), or ${noDevelopmentServer(process.env)}`);
  const url = webhookUrl(to, provider);
  const secret = options.secret ?? configuredSecret(provider, options.org) ?? developmentSecret(provider, options.org);
  const now = new Date();
  const eventId = `evt_cli_${randomBytes(8).toString('hex')}`;
  const body = WEBHOOK_PROVIDERS[provider].sampleBody(event, { subscriptionId: options.subscription ?? 'sub_sample_1', eventId, now });
  const headers: Record<string, string> = { 'content-type': 'application/json', ...signatureHeaders(provider, body, secret, eventId, now) };
  if (options.org !== undefined) {
    headers['x-organization-id'] = options.org;
    headers['authorization'] = `Bearer ${options.token ?? (await mintToken({ orgs: [options.org], ttlSeconds: 300 }, process.env))}`;
  } else if (options.token !== undefined) {
    throw new CliError('--token needs --org (the X-Organization-ID the token acts for)');
  }
  const response = await fetch(url, { method: 'POST', headers, body }).catch((error: unknown) => {
    throw new CliError(`cannot reach ${url}: ${error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error)}`);
  });
  return { status: response.status, text: await response.text() };
}

/** `--to`: an http(s) URL; anything else is a usage error (exit 2). */
function httpUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidArgumentError('must be a URL such as http://127.0.0.1:8080');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new InvalidArgumentError('must be an http(s) URL');
  return value;
}

function webhookUrl(to: string, provider: ProviderName): URL {
  let url: URL;
  try {
    url = new URL(to);
  } catch {
    throw new CliError(`--to must be a URL such as http://127.0.0.1:8080; got "${to}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new CliError('--to must be an http(s) URL');
  if (url.pathname === '/' || url.pathname === '') url.pathname = `/api/v1/webhooks/${provider}`;
  return url;
}

/** The first secret of the provider's endpoint in BILLING_CONFIG (of `org` when given), if it has one. */
function configuredSecret(provider: ProviderName, org: string | undefined): string | undefined {
  let config;
  try {
    config = loadBillingConfig(process.env['BILLING_CONFIG'], process.env);
  } catch (error) {
    if (error instanceof BillingConfigError) throw new CliError(`--secret not given, and ${error.message}`);
    throw error;
  }
  const endpoint = config.webhookEndpoints.find((e) => e.provider === provider && (org === undefined || e.organizationId === org));
  return endpoint?.secrets[0];
}

/** The secret of the development server's demonstration endpoint (of org_demo), else a one-line error saying how to give one. */
function developmentSecret(provider: ProviderName, org: string | undefined): string {
  const dev = developmentServer(process.env);
  if (dev !== null && (org === undefined || org === DEV_ORGANIZATION)) return dev.credentials.webhookSecrets[provider];
  const where = process.env['BILLING_CONFIG'] ? `BILLING_CONFIG has no ${provider} endpoint${org ? ` for ${org}` : ''}` : 'BILLING_CONFIG is not set';
  throw new CliError(`--secret not given, and ${where}: pass the endpoint's signing secret with --secret, or ${noDevelopmentServer(process.env)}`);
}
