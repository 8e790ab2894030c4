import { PROVIDERS, WEBHOOK_PROVIDERS } from '@billing/billing-domain';
import { pino, type DestinationStream, type Logger } from 'pino';

/** The headers that carry a secret: the credentials, and every provider's signature headers (from the registry). */
const SECRET_HEADERS = [
  'authorization',
  'cookie',
  ...PROVIDERS.flatMap((provider) => WEBHOOK_PROVIDERS[provider].deliveryHeaders.filter((h) => h.signature).map((h) => h.name.toLowerCase())),
];

/** Paths never written to the log, wherever a caller might put them. */
export const REDACTED_PATHS = [
  'authorization',
  ...['headers', 'req.headers'].flatMap((at) => SECRET_HEADERS.map((header) => `${at}["${header}"]`)),
  'token',
  'secret',
  'secrets',
  '*.token',
  '*.secret',
  '*.secrets',
];

/**
 * The structured JSON logger (pino) with secrets redacted. By default it writes to stdout asynchronously:
 * a line is queued and written while the next requests are served, instead of a blocking write per line.
 * pino writes the queue out on every exit path of node (`process.exit`, a signal handled by the server,
 * an uncaught exception); only a process killed outright (SIGKILL, out of memory) loses what was queued.
 * @example createLogger('info').info({ port: 8080 }, 'listening')
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { service: 'billing' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  };
  return pino(options, destination ?? pino.destination({ dest: 1, sync: false }));
}
