// A destination for the server's events: a local node:http server that keeps each request's raw
// body and headers and answers 204.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  body: Buffer;
  headers: IncomingHttpHeaders;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** The first request after `from` (an index into `received`) that `matches`, waiting for it. */
  next: (from: number, matches?: (r: Received) => boolean, timeoutMs?: number) => Promise<Received>;
  close: () => Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ body: Buffer.concat(chunks), headers: req.headers });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/billing-events`,
    received,
    next: async (from, matches = () => true, timeoutMs = 30_000) => {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = received.slice(from).find(matches);
        if (found) return found;
        if (Date.now() > until) throw new Error(`no matching event arrived within ${timeoutMs} ms (${received.length} received)`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
