import { parse, protocol } from '@electric-sql/pglite';
import type { PgliteEngine } from './pglite-engine.js';
import type { SqlClient } from './sql-client.js';

const { serialize } = protocol;

/** A query parameter as PostgreSQL's text format spells it (what `pg` sends for the same value). */
function toParam(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return `{${value.map((v) => (v === null ? 'NULL' : `"${String(v).replace(/(["\\])/g, '\\$1')}"`)).join(',')}}`;
  return JSON.stringify(value);
}

/**
 * The statements prepared on one PGlite database, by their text. Names are never reused (the count
 * only grows), so a statement whose first run failed after its Parse cannot clash with a later one.
 * @example const prepared = new PreparedStatements(); pgliteClient(engine, prepared)
 */
export class PreparedStatements {
  readonly names = new Map<string, string>();
  private count = 0;

  /** A name no statement of this database has had. */
  nextName(): string {
    this.count += 1;
    return `billing_${this.count}`;
  }
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * The SqlClient of one PGlite database, for use while holding its lock (`engine.runExclusive`).
 * NOTE: `db.query` makes six calls into the WebAssembly engine per statement (parse, describe,
 * bind, describe, execute, sync) and plans the statement every time. Here each statement is one
 * call carrying the whole extended-protocol exchange, and is prepared under a name on first use,
 * as `pg` named statements are on PostgreSQL; parameters are sent as text with types inferred by
 * the server, as `pg` sends them.
 * @example await engine.runExclusive(() => pgliteClient(engine, new PreparedStatements()).query('SELECT 1'))
 */
export function pgliteClient(engine: PgliteEngine, prepared: PreparedStatements, opening?: string): SqlClient {
  // NOTE: `opening` (BEGIN) rides with the first statement, as a simple query ahead of it in the
  // same call into the engine: a call costs more than BEGIN itself. The engine answers BEGIN
  // before it reads what follows, so the statement runs inside the transaction.
  let prefix: Uint8Array | undefined = opening === undefined ? undefined : serialize.query(opening);
  const withOpening = (message: Uint8Array): Uint8Array => {
    if (prefix === undefined) return message;
    const out = concat([prefix, message]);
    prefix = undefined;
    return out;
  };
  // NOTE: statements issued together (Promise.all) run one after another, as on one connection.
  let queue: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
    const next = queue.then(run, run);
    queue = next.catch(() => undefined);
    return next;
  };
  const query = async <Row>(text: string, params: readonly unknown[]): Promise<Row[]> => {
    let name = prepared.names.get(text);
    const parts: Uint8Array[] = [];
    const fresh = name === undefined;
    if (name === undefined) {
      name = prepared.nextName();
      parts.push(serialize.parse({ name, text }));
    }
    parts.push(
      serialize.bind({ statement: name, values: params.map(toParam) }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    );
    // NOTE: on any error the engine skips to the Sync at the end, so the session stays usable.
    const messages = await engine.exec(withOpening(concat(parts)));
    if (fresh) prepared.names.set(text, name);
    // NOTE: the statement's result is the last one (the first is BEGIN's when it rode along).
    return (parse.parseResults(messages, engine.parsers).at(-1)?.rows ?? []) as Row[];
  };
  return {
    query: <Row>(text: string, params: readonly unknown[] = []) => inTurn(() => query<Row>(text, params)),
    exec: (script) => inTurn(async () => {
      await engine.exec(withOpening(serialize.query(script)));
    }),
  };
}

/**
 * Runs one simple statement (BEGIN, COMMIT, ROLLBACK) and answers its command tag.
 * @example await simpleCommand(engine, 'COMMIT') // 'COMMIT', or 'ROLLBACK' when the transaction had failed
 */
export async function simpleCommand(engine: PgliteEngine, text: string): Promise<string> {
  const messages = await engine.exec(serialize.query(text));
  const done = messages.find((m) => m.name === 'commandComplete') as { text?: string } | undefined;
  return done?.text ?? '';
}
