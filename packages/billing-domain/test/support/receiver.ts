import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a receiver got. */
export interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
  at: number;
}

/** How a receiver answers a request to `path` (the nth to that path, from 0). */
export type Answer = (path: string, n: number, res: ServerResponse) => void | Promise<void>;

/**
 * A local HTTP receiver on 127.0.0.1 that records every request and answers as `answer` says
 * (200 by default).
 * @example const r = await receiver(); ...; await r.close()
 */
export async function receiver(answer: Answer = (_p, _n, res) => void res.end('ok')) {
  const received: Received[] = [];
  const counts = new Map<string, number>();
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const n = counts.get(path) ?? 0;
      counts.set(path, n + 1);
      received.push({ path, headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      void answer(path, n, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
