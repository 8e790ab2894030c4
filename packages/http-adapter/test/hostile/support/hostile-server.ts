import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { SCRATCH_STORE, startServer, type ServerProcess } from '../../support/server-process.js';
import { authHeaders, signToken, TEST_SECRET } from '../../support/tokens.js';
import { STANDARD_SECRET } from '../../support/webhook-payloads.js';
import { STANDARD_SECRET_B } from '../../security/support/signing.js';

// NOTE: every hostile test talks to the real server process over TCP. A request that makes the
// process die or spin must fail the test within seconds, never hang it: every call carries a
// client timeout (AbortSignal.timeout), and a dead process fails the next call at once.

/** Client timeout of one ordinary call. */
export const CALL_TIMEOUT_MS = 5_000;

/** A BILLING_CONFIG file: standard webhooks for org_a and org_b, authenticated by signature alone. */
export function writeHostileConfig(): string {
  const dir = mkdtempSync(join(tmpdir(), 'billing-hostile-config-'));
  const path = join(dir, 'billing.json');
  writeFileSync(
    path,
    JSON.stringify({
      webhookEndpoints: [
        { provider: 'standard', organizationId: 'org_a', secrets: [STANDARD_SECRET], requireBearer: false },
        { provider: 'standard', organizationId: 'org_b', secrets: [STANDARD_SECRET_B], requireBearer: false },
      ],
    }),
  );
  return path;
}

/** What a hostile call got back. */
export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body, or undefined when it is not JSON. */
  json: any;
  /** Response body size in bytes. */
  bytes: number;
}

/** One running server and the means to talk to it. */
export interface Target {
  server: ServerProcess;
  pid: number;
  url: string;
  /** Sends a request with a client timeout; rejects on timeout or a dropped connection. */
  call(method: string, path: string, init?: { body?: string | Uint8Array; headers?: Record<string, string>; org?: string; timeoutMs?: number; auth?: boolean }): Promise<Answer>;
  /** POST /v1/plans:calculate with a JSON body (a string is sent as is). */
  calculate(body: unknown, init?: { query?: string; org?: string; timeoutMs?: number }): Promise<Answer>;
  /** The server's peak resident memory (VmHWM) in KiB, from /proc. */
  peakRssKiB(): number;
}

/**
 * Starts one server for a test file with the hostile config, a store of its own (SCRATCH_STORE) and HS256 auth
 * (with `BILLING_JWKS_URL` in `env`, JWKS auth instead).
 */
export async function startTarget(env: Record<string, string> = {}): Promise<Target> {
  const auth: Record<string, string> = env['BILLING_JWKS_URL'] ? {} : { BILLING_JWT_SECRET: TEST_SECRET };
  const server = await startServer({ DATABASE_URL: SCRATCH_STORE, ...auth, BILLING_CONFIG: writeHostileConfig(), ...env });
  const pid = server.child.pid!;
  const tokens = new Map<string, Promise<string>>();
  const tokenFor = (org: string) => {
    if (!tokens.has(org)) tokens.set(org, signToken({ orgs: [org] }));
    return tokens.get(org)!;
  };
  const call: Target['call'] = async (method, path, init = {}) => {
    const org = init.org ?? 'org_a';
    const headers = { ...(init.auth === false ? {} : authHeaders(await tokenFor(org), org)), ...init.headers };
    const res = await fetch(`${server.url}${path}`, {
      method,
      body: init.body,
      headers,
      signal: AbortSignal.timeout(init.timeoutMs ?? CALL_TIMEOUT_MS),
    });
    const buffer = Buffer.from(await res.arrayBuffer());
    const text = buffer.toString('utf8');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, text, json, bytes: buffer.length };
  };
  return {
    server,
    pid,
    url: server.url,
    call,
    calculate: (body, init = {}) =>
      call('POST', `/v1/plans:calculate${init.query ?? ''}`, {
        body: typeof body === 'string' ? body : JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
        org: init.org,
        timeoutMs: init.timeoutMs,
      }),
    peakRssKiB: () => {
      try {
        return Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN);
      } catch {
        return Number.NaN; // the process is gone
      }
    },
  };
}

/** Milliseconds one GET /healthz takes; rejects when it does not answer 200 within the timeout. */
export async function healthzLatency(target: Target, timeoutMs = 2_000): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${target.url}/healthz`, { signal: AbortSignal.timeout(timeoutMs) });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`/healthz answered ${res.status}`);
  return performance.now() - started;
}

/** The same process (same pid) is alive and /healthz answers 200. */
export async function expectSameProcessAlive(target: Target): Promise<void> {
  expect({ pid: target.server.child.pid, exitCode: target.server.child.exitCode, signal: target.server.child.signalCode }).toEqual({
    pid: target.pid,
    exitCode: null,
    signal: null,
  });
  const res = await fetch(`${target.url}/healthz`, { signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
  expect(res.status).toBe(200);
}

/** Stops the file's server (SIGKILL: nothing to drain in a test). */
export async function stopTarget(target: Target | undefined): Promise<void> {
  await target?.server.stop('SIGKILL');
}

/** The fields named by an AIP-193 BadRequest answer. */
export function violationsOf(answer: Answer): { field: string; description: string; limit?: string }[] {
  const details = (answer.json?.error?.details ?? []) as { fieldViolations?: { field: string; description: string }[] }[];
  return details.flatMap((d) => d.fieldViolations ?? []);
}

/** Whether an answer is 400 INVALID_ARGUMENT naming the given field path. */
export function expectInvalidField(answer: Answer, field: string | RegExp): void {
  expect({ status: answer.status, errorStatus: answer.json?.error?.status }).toEqual({ status: 400, errorStatus: 'INVALID_ARGUMENT' });
  const fields = violationsOf(answer).map((v) => v.field);
  if (typeof field === 'string') expect(fields).toContain(field);
  else expect(fields.some((f) => field.test(f)), `one of ${JSON.stringify(fields)} matches ${field}`).toBe(true);
}

/**
 * The numeric tokens of a JSON text that carry an exponent (`1e-7`, `2E+21`), outside strings.
 * @example numbersWithExponent('{"a":1e-7,"b":"1e-7"}') // ['1e-7']
 */
export function numbersWithExponent(json: string): string[] {
  const found: string[] = [];
  // NOTE: a tiny scanner, as JSON.parse loses the textual form of a number.
  const token = /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;
  for (const match of json.matchAll(token)) {
    if (match[0].startsWith('"')) continue;
    if (/[eE]/.test(match[0])) found.push(match[0]);
  }
  return found;
}
