import { connect, type Socket } from 'node:net';

/** How a raw connection ended, as the client saw it. */
export interface RawOutcome {
  /** 'closed' (the server ended it), 'answered' (a whole response arrived), or 'still-open' (our cap hit). */
  end: 'closed' | 'answered' | 'still-open';
  /** Milliseconds from the first byte sent to the end. */
  afterMs: number;
  /** The bytes the server sent (latin1). */
  response: string;
  /** Bytes we had written when it ended. */
  written: number;
}

/** True when `text` holds a complete HTTP response (headers and Content-Length bytes of body). */
function complete(text: string): boolean {
  const head = text.indexOf('\r\n\r\n');
  if (head < 0) return false;
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(text.slice(0, head))?.[1];
  return length !== undefined && text.length - head - 4 >= Number(length);
}

/**
 * Opens a TCP connection, writes `head` at once, then `drip` one byte every `everyMs`, and waits for
 * the server to answer or close, at most `capMs`. The socket is always destroyed at the end.
 * @example await dripFeed(port, '', 'GET / HTTP/1.1\r\n', { everyMs: 100, capMs: 8000 })
 */
export function dripFeed(port: number, head: string, drip: string, options: { everyMs: number; capMs: number }): Promise<RawOutcome> {
  return new Promise((resolve) => {
    const socket: Socket = connect(port, '127.0.0.1');
    const started = performance.now();
    let response = '';
    let written = 0;
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = (end: RawOutcome['end']) => {
      if (settled) return;
      settled = true;
      clearInterval(timer);
      clearTimeout(cap);
      socket.destroy();
      resolve({ end, afterMs: performance.now() - started, response, written });
    };
    const cap = setTimeout(() => finish('still-open'), options.capMs);
    socket.on('error', () => finish('closed'));
    socket.on('close', () => finish('closed'));
    socket.on('end', () => finish('closed'));
    socket.on('data', (chunk: Buffer) => {
      response += chunk.toString('latin1');
      if (complete(response)) finish('answered');
    });
    socket.on('connect', () => {
      if (head) {
        socket.write(head);
        written += head.length;
      }
      let index = 0;
      timer = setInterval(() => {
        if (settled || index >= drip.length) return;
        socket.write(drip[index++]!, 'latin1', () => undefined);
        written += 1;
      }, options.everyMs);
    });
  });
}

/** The status code of a raw HTTP response, or 0. */
export const statusOf = (response: string) => Number(/^HTTP\/1\.[01] (\d{3})/.exec(response)?.[1] ?? 0);
