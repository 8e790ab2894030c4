// A small HTTP proxy in front of the real server that answers some requests itself (a 503 or
// 429 with Retry-After) and forwards the rest, recording every request it sees.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  url: string;
  body: string;
  /** What the stub did: answered it itself with this status, or forwarded it. */
  answer: number | 'forwarded';
  atMs: number;
}

export interface Fault {
  /** Which requests the fault hits. */
  matches: (method: string, url: string) => boolean;
  status: 429 | 503;
  /** The Retry-After header sent, when any. */
  retryAfter?: string;
  /** How many matching requests get the fault; the later ones are forwarded. */
  times: number;
}

export interface FaultStub {
  url: string;
  seen: SeenRequest[];
  /** Sets the next fault (replacing any left over) and clears the record. */
  arm: (fault: Fault) => void;
  close: () => Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

/** Starts the stub on a free local port, in front of `target`. */
export async function startFaultStub(target: string): Promise<FaultStub> {
  const seen: SeenRequest[] = [];
  let fault: (Fault & { left: number }) | undefined;
  const server = createServer((req, res) => {
    void (async () => {
      const method = req.method ?? 'GET';
      const url = req.url ?? '/';
      const body = await readBody(req);
      const record = (answer: SeenRequest['answer']) => seen.push({ method, url, body: body.toString('utf8'), answer, atMs: Date.now() });
      if (fault && fault.left > 0 && fault.matches(method, url)) {
        fault.left -= 1;
        record(fault.status);
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (fault.retryAfter !== undefined) headers['retry-after'] = fault.retryAfter;
        const status = fault.status === 503 ? 'UNAVAILABLE' : 'RESOURCE_EXHAUSTED';
        res.writeHead(fault.status, headers).end(JSON.stringify({ error: { code: fault.status, status, message: 'injected by the test', details: [] } }));
        return;
      }
      record('forwarded');
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter((e): e is [string, string] => typeof e[1] === 'string' && !['host', 'connection', 'content-length'].includes(e[0])),
      );
      const upstream = await fetch(`${target}${url}`, { method, headers, ...(body.length > 0 ? { body } : {}) });
      const answer = Buffer.from(await upstream.arrayBuffer());
      const back: Record<string, string> = {};
      upstream.headers.forEach((value, key) => {
        if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(key)) back[key] = value;
      });
      res.writeHead(upstream.status, back).end(answer);
    })().catch((error: unknown) => res.writeHead(502).end(String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    arm: (next) => {
      fault = { ...next, left: next.times };
      seen.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
