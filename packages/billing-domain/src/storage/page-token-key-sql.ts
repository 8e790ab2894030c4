import type { PageTokenKeyStore } from '../domain/ports.js';
import type { SqlClient } from './sql-client.js';

/**
 * The page-token key in the one-row table `page_token_key`. The first caller's candidate becomes
 * the key (INSERT ... ON CONFLICT DO NOTHING); every caller then reads the stored one, so all
 * processes sharing the database sign and verify with the same key.
 * @example await sqlPageTokenKeyStore(client).getOrCreate(randomBytes(32))
 */
export function sqlPageTokenKeyStore(sql: SqlClient): PageTokenKeyStore {
  return {
    async getOrCreate(candidate) {
      // NOTE: hex text, since the PGlite client sends every parameter as text.
      await sql.query(`INSERT INTO page_token_key (key) VALUES (decode($1, 'hex')) ON CONFLICT DO NOTHING`, [
        Buffer.from(candidate).toString('hex'),
      ]);
      const rows = await sql.query<{ key: string }>(`SELECT encode(key, 'hex') AS key FROM page_token_key`);
      const hex = rows[0]?.key;
      if (hex === undefined) throw new Error('page_token_key holds no key');
      return Buffer.from(hex, 'hex');
    },
  };
}
