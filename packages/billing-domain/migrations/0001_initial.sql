-- Subscriptions (the parent VM subscriptions), add-ons and received webhook events.
-- Every table carries organization_id and every query filters on it.

CREATE TABLE IF NOT EXISTS subscriptions (
  organization_id      TEXT        NOT NULL,
  id                   TEXT        NOT NULL,
  provider             TEXT        NOT NULL,
  external_id          TEXT        NOT NULL,
  name                 TEXT        NOT NULL,
  provider_status      TEXT        NOT NULL,
  status               TEXT        NOT NULL,
  cancel_at_period_end BOOLEAN     NOT NULL,
  current_period_start TIMESTAMPTZ NULL,
  current_period_end   TIMESTAMPTZ NULL,
  canceled_at          TIMESTAMPTZ NULL,
  last_event_at        TIMESTAMPTZ NOT NULL,
  create_time          TIMESTAMPTZ NOT NULL,
  update_time          TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (organization_id, id),
  UNIQUE (organization_id, provider, external_id)
);

CREATE TABLE IF NOT EXISTS addon_subscriptions (
  organization_id      TEXT        NOT NULL,
  id                   TEXT        NOT NULL,
  subscription_id      TEXT        NOT NULL,
  provider             TEXT        NOT NULL,
  external_id          TEXT        NOT NULL,
  addon_code           TEXT        NOT NULL,
  display_name         TEXT        NOT NULL,
  addon_type           TEXT        NOT NULL,
  pricing_model        TEXT        NOT NULL,
  quantity             INTEGER     NOT NULL CHECK (quantity >= 0),
  unit_amount          NUMERIC     NOT NULL,
  currency             TEXT        NOT NULL,
  addon_status         TEXT        NOT NULL,
  status               TEXT        NOT NULL,
  start_date           TIMESTAMPTZ NULL,
  end_date             TIMESTAMPTZ NULL,
  cancel_at_period_end BOOLEAN     NOT NULL,
  canceled_at          TIMESTAMPTZ NULL,
  cancel_origin        TEXT        NULL CHECK (cancel_origin IN ('customer', 'provider')),
  metadata             JSONB       NOT NULL DEFAULT '{}'::jsonb,
  create_time          TIMESTAMPTZ NOT NULL,
  update_time          TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (organization_id, id),
  FOREIGN KEY (organization_id, subscription_id) REFERENCES subscriptions (organization_id, id)
);

CREATE INDEX IF NOT EXISTS addon_subscriptions_newest
  ON addon_subscriptions (organization_id, create_time DESC, id DESC);
CREATE INDEX IF NOT EXISTS addon_subscriptions_by_parent
  ON addon_subscriptions (organization_id, subscription_id, create_time DESC, id DESC);

CREATE TABLE IF NOT EXISTS webhook_events (
  organization_id          TEXT        NOT NULL,
  provider                 TEXT        NOT NULL,
  event_id                 TEXT        NOT NULL,
  event_type               TEXT        NOT NULL,
  occurred_at              TIMESTAMPTZ NOT NULL,
  subscription_external_id TEXT        NOT NULL,
  payload                  JSONB       NOT NULL,
  status                   TEXT        NOT NULL
    CHECK (status IN ('applied', 'duplicate', 'stored', 'ignored', 'pending')),
  received_at              TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (organization_id, provider, event_id)
);

CREATE INDEX IF NOT EXISTS webhook_events_pending
  ON webhook_events (organization_id, provider, subscription_external_id, occurred_at)
  WHERE status = 'pending';
