-- The server key that signs page tokens (HMAC-SHA256). One row, shared by every process using
-- this database, so a token one process issued is accepted by all. The key itself is generated
-- by the first process that needs it (INSERT ... ON CONFLICT DO NOTHING, then read back).

CREATE TABLE IF NOT EXISTS page_token_key (
  singleton   BOOLEAN     NOT NULL DEFAULT true PRIMARY KEY CHECK (singleton),
  key         BYTEA       NOT NULL CHECK (octet_length(key) = 32),
  create_time TIMESTAMPTZ NOT NULL DEFAULT now()
);
