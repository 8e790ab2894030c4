import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The bin folder holding `initdb` and `pg_ctl` (newest major first), or null. */
export function findPostgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const majors = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const major of majors) {
    const bin = join(root, major, 'bin');
    if (existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl'))) return bin;
  }
  return null;
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** A PostgreSQL cluster of its own, in a temporary folder, that a test may stop and start at will. */
export interface ThrowawayCluster {
  url: string;
  /** The data folder. */
  data: string;
  /** `pg_ctl start`: the server in the background, as a daemon. */
  start(): void;
  /** The command that runs the server in the foreground (as the `postgres` user when run as root). */
  foreground(): string[];
  /** `pg_ctl stop -m immediate`: the server vanishes as in a crash. */
  stop(): void;
  /** Stops the cluster (if running) and removes its folder. */
  destroy(): void;
}

/** How a throwaway cluster runs. */
export interface ClusterOptions {
  /** fsync on (default off: nothing a test writes must survive a power cut). */
  fsync?: boolean;
  /** Started by `createThrowawayCluster` (default true); false leaves it to `start()` or `foreground()`. */
  started?: boolean;
}

/**
 * Creates (initdb) and starts a cluster on a free port, listening on 127.0.0.1 with its socket in the
 * temporary folder. As root, the binaries run as the `postgres` user (initdb refuses root).
 */
export async function createThrowawayCluster(bin: string, options: ClusterOptions = {}): Promise<ThrowawayCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'billing-fault-pg-'));
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    chownSync(dir, uid, gid);
  }
  const command = (tool: string, args: string[]) => (asRoot ? ['runuser', '-u', 'postgres', '--'] : []).concat(join(bin, tool), args);
  const run = (tool: string, args: string[]) => {
    const [cmd, ...argv] = command(tool, args) as [string, ...string[]];
    const r = spawnSync(cmd, argv, { encoding: 'utf8', timeout: 60_000 });
    if (r.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed (${r.status}): ${r.error?.message ?? ''}${r.stdout}${r.stderr}`);
  };
  const port = await freePort();
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const settings = ['-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', `fsync=${options.fsync ? 'on' : 'off'}`];
  const start = () => run('pg_ctl', ['-D', data, '-o', settings.join(' '), '-l', join(dir, 'log'), '-w', '-t', '60', 'start']);
  const stop = () => run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
  if (options.started ?? true) start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    data,
    start,
    foreground: () => command('postgres', ['-D', data, ...settings]),
    stop,
    destroy: () => {
      try {
        stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
