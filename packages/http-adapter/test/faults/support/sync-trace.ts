import { spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

/** The system calls that force written data to disk. */
const SYNC_CALLS = ['fsync', 'fdatasync', 'sync_file_range', 'msync', 'syncfs'] as const;

/** One sync call a traced process made: when (milliseconds since the epoch), which call, on which file. */
export interface SyncCall {
  at: number;
  call: string;
  path: string;
}

/** Whether `strace` can run here: `{ ok: true }`, or why not (CI, whose `.ci/run` installs it, requires it). */
export function straceAvailability(): { ok: true } | { ok: false; reason: string } {
  const probe = spawnSync('strace', ['-V'], { encoding: 'utf8' });
  if (probe.status === 0) return { ok: true };
  const reason = `strace cannot run (${probe.error?.message ?? probe.stderr.trim()})`;
  if (process.env['CI']) throw new Error(`${reason}; CI requires it`);
  return { ok: false, reason };
}

/**
 * The command prefix that runs a program under strace, following its threads and children, with
 * every sync call written to `output`: wall-clock time in microseconds and the file's path.
 */
export const syncTracer = (output: string): string[] =>
  ['strace', '-f', '--seccomp-bpf', '-ttt', '-y', '-e', `trace=${SYNC_CALLS.join(',')}`, '-o', output];

const LINE = new RegExp(`^\\d+\\s+(\\d+\\.\\d+)\\s+(${SYNC_CALLS.join('|')})\\(\\d+<([^>]*)>`);

/**
 * The sync calls in a trace written by `syncTracer` (a call another thread interrupted counts at its start).
 * @example parseSyncTrace('12 1700000000.000100 fsync(5</d/pg_wal/000000010000000000000001>) = 0') // [{ at: 1700000000000.1, call: 'fsync', path: '/d/pg_wal/000000010000000000000001' }]
 */
export function parseSyncTrace(trace: string): SyncCall[] {
  const calls: SyncCall[] = [];
  for (const line of trace.split('\n')) {
    const match = LINE.exec(line);
    if (match) calls.push({ at: Number(match[1]) * 1000, call: match[2] as string, path: match[3] as string });
  }
  return calls;
}

/** The wall clock in milliseconds, to below the millisecond (the clock strace's `-ttt` reads). */
export const wallClock = (): number => performance.timeOrigin + performance.now();

/** A WAL file of a PostgreSQL data folder. */
export const isWal = (call: SyncCall): boolean => call.path.includes('/pg_wal/');

/**
 * Sends `signal` to the program strace runs (strace itself passes a SIGTERM on to nobody) and
 * resolves once strace has ended, its trace complete.
 */
export async function stopTraced(tracer: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  const ended = new Promise((resolve) => (tracer.exitCode !== null || tracer.signalCode !== null ? resolve(null) : tracer.once('exit', resolve)));
  const pid = tracer.pid ?? 0;
  const childrenFile = `/proc/${pid}/task/${pid}/children`;
  const children = existsSync(childrenFile) ? readFileSync(childrenFile, 'utf8').trim().split(/\s+/).filter(Boolean) : [];
  for (const child of children) process.kill(Number(child), signal);
  await ended;
}
