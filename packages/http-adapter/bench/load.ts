import { readFileSync } from 'node:fs';
import autocannon, { type RawRequest, type Result } from 'autocannon';

/** What one measured run gives. */
export interface Figures {
  name: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  total: number;
  ok: number;
  non2xx: number;
  errors: number;
  seconds: number;
}

export interface LoadOptions {
  url: string;
  seconds: number;
  connections: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Called for each request; returns the request to send (rotation of pre-signed deliveries). */
  next?: () => RawRequest;
}

/** Runs autocannon against one URL; all traffic on 127.0.0.1. */
export async function load(name: string, options: LoadOptions): Promise<Figures> {
  const result: Result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    timeout: 10,
    ...(options.method ? { method: options.method } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
    ...(options.body ? { body: options.body } : {}),
    ...(options.next ? { requests: [{ setupRequest: (base: RawRequest) => ({ ...base, ...options.next!() }) }] } : {}),
  });
  return figuresOf(name, result);
}

export function figuresOf(name: string, r: Result): Figures {
  return {
    name,
    reqPerSec: r.requests.total / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    total: r.requests.total,
    ok: r['2xx'],
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    seconds: r.duration,
  };
}

/** Sums runs made at the same time against several servers. */
export function combined(name: string, parts: Figures[]): Figures {
  const sum = (f: (x: Figures) => number) => parts.reduce((a, p) => a + f(p), 0);
  return {
    name,
    reqPerSec: sum((p) => p.reqPerSec),
    p50: Math.max(...parts.map((p) => p.p50)),
    p99: Math.max(...parts.map((p) => p.p99)),
    total: sum((p) => p.total),
    ok: sum((p) => p.ok),
    non2xx: sum((p) => p.non2xx),
    errors: sum((p) => p.errors),
    seconds: Math.max(...parts.map((p) => p.seconds)),
  };
}

const n0 = (x: number) => Math.round(x).toLocaleString('en');

/** A Markdown table row (HEADER and RULE give the table its head). */
export function row(f: Figures, notes = ''): string {
  return `| ${f.name} | ${n0(f.reqPerSec)} | ${f.p50} | ${f.p99} | ${n0(f.ok)} | ${n0(f.non2xx)} | ${n0(f.errors)} | ${notes} |`;
}
export const HEADER = '| run | req/s | p50 ms | p99 ms | 2xx | non-2xx | errors | notes |';
export const RULE = '|---|---:|---:|---:|---:|---:|---:|---|';

/**
 * The CPU time (user + system) a process has used so far, in seconds, from /proc (Linux; 0 elsewhere).
 * A server's CPU time per request does not depend on how much of the machine other processes take.
 */
export function cpuSecondsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command name; in clock ticks of 1/100 s.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** A run's figures and the server's CPU time per answered request, in microseconds. */
export async function measured(pid: number, run: () => Promise<Figures>): Promise<Figures & { cpuUsPerRequest: number }> {
  const before = cpuSecondsOf(pid);
  const figures = await run();
  const cpu = cpuSecondsOf(pid) - before;
  return { ...figures, cpuUsPerRequest: figures.total > 0 ? (cpu * 1e6) / figures.total : 0 };
}
