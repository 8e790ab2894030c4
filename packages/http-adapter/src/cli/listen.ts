import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Command } from 'commander';
import { Webhook } from 'standardwebhooks';
import { CliError } from './cli-error.js';
import { httpUrl, serverConnection, withConnectionOptions } from './dev-server.js';

interface ListenOptions {
  server?: string;
  token?: string;
  org?: string;
  forwardTo?: string;
  port: string;
  host: string;
}

/** The most a received event's body may be: the service's events are far smaller. */
const MAX_EVENT_BYTES = 1024 * 1024;

/**
 * `billing listen`: registers an event destination at a local port for as long as it runs,
 * verifies each event's signature (Standard Webhooks), prints one line per event, forwards it when
 * asked, and deletes the destination on exit, like `stripe listen`.
 * @example billing listen --server http://127.0.0.1:8080 --token $TOKEN --org org_demo --forward-to http://127.0.0.1:3000/hooks
 */
export function registerListenCommand(program: Command): void {
  withConnectionOptions(program.command('listen'))
    .description('Receive this organization\'s events locally: registers a destination while it runs, verifies and prints each event')
    .option('--forward-to <url>', 'also POST each verified event, with its headers, to this URL', httpUrl)
    .option('--port <port>', 'local port to listen on (0: any free port)', '0')
    .option('--host <host>', 'local address to listen on', '127.0.0.1')
    .addHelpText('after', '\nThe server must be allowed to reach the local address (development mode or BILLING_EVENT_ALLOW_PRIVATE_NETWORKS=1).\n\nExamples:\n  billing listen\n  billing listen --server http://127.0.0.1:8080 --token $TOKEN --org org_demo\n  billing listen --server http://127.0.0.1:8080 --token $TOKEN --org org_demo --forward-to http://127.0.0.1:3000/billing-events')
    .action(async (options: ListenOptions) => {
      await listen(options, (line) => process.stdout.write(`${line}\n`));
    });
}

/**
 * What an update changed, field by field (`  cancelAtPeriodEnd false -> true`), so a cancel and
 * its undo are told apart; the timestamps, which change every time, are left out.
 * @example changes({ cancelAtPeriodEnd: false }, { cancelAtPeriodEnd: true }) // '  cancelAtPeriodEnd false -> true'
 */
export function changes(previous: Record<string, unknown> | undefined, now: Record<string, unknown>): string {
  if (previous === undefined) return '';
  return Object.keys(previous)
    .filter((field) => field !== 'timestamps')
    .map((field) => `  ${field} ${JSON.stringify(previous[field])} -> ${JSON.stringify(now[field])}`)
    .join('');
}

/** Runs the listener until SIGINT or SIGTERM; resolves once the destination is deleted. */
export async function listen(given: ListenOptions, print: (line: string) => void, stop?: Promise<void>): Promise<void> {
  const options = { ...given, ...serverConnection(given) };
  const headers = { authorization: `Bearer ${options.token}`, 'x-organization-id': options.org, 'content-type': 'application/json' };
  let verifier: Webhook | undefined;
  const receiver = createServer((req, res) => void receive(req, res));
  const receive = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_EVENT_BYTES) return void res.writeHead(413).end();
      chunks.push(chunk);
    }
    const body = Buffer.concat(chunks).toString('utf8');
    let event: { id: string; type: string; sequence: number; data: { addonSubscription?: Record<string, unknown> & { id: string; addonStatus: string }; previousAttributes?: Record<string, unknown> } };
    try {
      if (verifier === undefined) throw new Error('not registered yet');
      event = verifier.verify(body, req.headers as Record<string, string>) as typeof event;
    } catch {
      print(`${new Date().toISOString()}  refused a request with a bad signature`);
      return void res.writeHead(400).end('bad signature');
    }
    const addon = event.data.addonSubscription;
    const changed = addon ? changes(event.data.previousAttributes, addon) : '';
    print(`${new Date().toISOString()}  ${event.type.padEnd(28)} ${event.id}  seq ${event.sequence}${addon ? `  ${addon.id} ${addon.addonStatus}` : ''}${changed}`);
    if (options.forwardTo === undefined) return void res.writeHead(204).end();
    try {
      const forwarded = await fetch(options.forwardTo, {
        method: 'POST',
        body,
        headers: Object.fromEntries(['content-type', 'webhook-id', 'webhook-timestamp', 'webhook-signature'].map((h) => [h, String(req.headers[h] ?? '')])),
        signal: AbortSignal.timeout(10_000),
      });
      print(`  -> ${options.forwardTo} ${forwarded.status}`);
      res.writeHead(forwarded.ok ? 204 : 502).end();
    } catch (error) {
      print(`  -> ${options.forwardTo} failed: ${error instanceof Error ? error.message : String(error)}`);
      res.writeHead(502).end();
    }
  };
  await new Promise<void>((resolve, reject) => {
    receiver.once('error', reject);
    receiver.listen(Number(options.port), options.host, () => resolve());
  });
  const { port } = receiver.address() as AddressInfo;
  const made = await fetch(`${options.server}/v1/event-destinations`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ url: `http://${options.host}:${port}/events`, description: 'billing listen', eventTypes: ['addon_subscription.created', 'addon_subscription.updated', 'addon_subscription.canceled', 'ping'] }),
  }).catch((error: unknown) => {
    receiver.close();
    throw new CliError(`cannot reach ${options.server}: ${error instanceof Error ? error.message : String(error)}`);
  });
  const answer = (await made.json()) as { eventDestination?: { id: string }; secret?: string; error?: { message: string; details?: unknown } };
  if (!made.ok || answer.eventDestination === undefined || answer.secret === undefined) {
    receiver.close();
    throw new CliError(`the server refused the destination (HTTP ${made.status}): ${answer.error?.message ?? ''} ${JSON.stringify(answer.error?.details ?? '')}`);
  }
  verifier = new Webhook(answer.secret);
  const id = answer.eventDestination.id;
  print(`Ready: events of ${options.org} arrive at http://${options.host}:${port}/events (destination ${id}). Ctrl-C to stop.`);
  await (stop ??
    new Promise<void>((resolve) => {
      process.once('SIGINT', () => resolve());
      process.once('SIGTERM', () => resolve());
    }));
  await fetch(`${options.server}/v1/event-destinations/${id}`, { method: 'DELETE', headers }).catch(() => undefined);
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  print(`Stopped; destination ${id} deleted.`);
}
