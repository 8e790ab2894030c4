import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { listen } from '../../src/cli/listen.js';
import { parseServerEnv } from '../../src/process/env.js';
import { startServer } from '../../src/process/start-server.js';
import { authHeaders, signToken, TEST_SECRET } from '../support/tokens.js';

describe('examples: billing listen against a running server', () => {
  it('registers a destination, prints each verified event (a ping sent through the server), and deletes the destination on exit', async () => {
    const env = parseServerEnv({
      PORT: '0',
      DATABASE_URL: 'memory://',
      BILLING_JWT_SECRET: TEST_SECRET,
      BILLING_EVENT_ALLOW_PRIVATE_NETWORKS: '1',
      BILLING_EVENT_ALLOW_HTTP: '1',
      BILLING_EVENT_POLL_MS: '20',
      BILLING_WORKER_THREADS: '1',
    });
    const server = await startServer(env, pino({ level: 'silent' }), () => undefined);
    const token = await signToken({ orgs: ['org_a'] });
    const headers = authHeaders(token, 'org_a');
    const lines: string[] = [];
    let stop: () => void = () => undefined;
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    try {
      const running = listen({ server: server.url, token, org: 'org_a', port: '0', host: '127.0.0.1' }, (line) => lines.push(line), stopped);
      const until = async (check: () => boolean) => {
        const end = Date.now() + 20_000;
        while (!check()) {
          if (Date.now() > end) throw new Error(`gave up; lines: ${lines.join('\n')}`);
          await new Promise((r) => setTimeout(r, 20));
        }
      };
      await until(() => lines.some((l) => l.startsWith('Ready')));
      const list = (await (await fetch(`${server.url}/v1/event-destinations`, { headers })).json()) as { eventDestinations: { id: string; url: string }[] };
      expect(list.eventDestinations).toHaveLength(1);
      const id = list.eventDestinations[0]!.id;
      const ping = await fetch(`${server.url}/v1/event-destinations/${id}:ping`, { method: 'POST', headers });
      expect(ping.status).toBe(200);
      expect(await ping.json()).toMatchObject({ event: { type: 'ping' }, delivery: { status: 'succeeded', attempts: [{ httpStatus: 204 }] } });
      await until(() => lines.some((l) => l.includes('ping')));
      stop();
      await running;
      expect(lines.at(-1)).toContain(`destination ${id} deleted`);
      const after = (await (await fetch(`${server.url}/v1/event-destinations`, { headers })).json()) as { eventDestinations: unknown[] };
      expect(after.eventDestinations).toHaveLength(0);
    } finally {
      stop();
      await server.shutdown();
    }
  });
});
