import { lockSubscriptionSql } from '../storage/subscription-lock.js';
import { toInteger, toIso, toIsoOrNull, toJson, type SqlClient } from '../storage/sql-client.js';
import type { DestinationRecord, EventOutbox, LeaseRequest, LeasedDelivery } from './event-ports.js';
import type { DeliveryAttempt, DeliveryStatus, EventDelivery, EventType } from '../contract.js';
import { EVENT_COLUMNS, eventFromRow } from './render-event.js';

const DESTINATION_COLUMNS = `organization_id, id, url, event_types, description, disabled, disabled_reason, secret,
  previous_secret, previous_secret_until, failing_since, create_time, update_time`;

function destinationFromRow(row: Record<string, unknown>): DestinationRecord {
  return {
    organizationId: String(row.organization_id),
    id: String(row.id),
    url: String(row.url),
    eventTypes: toJson(row.event_types) as EventType[],
    description: String(row.description),
    disabled: row.disabled === true,
    disabledReason: row.disabled_reason === null ? null : String(row.disabled_reason),
    secret: String(row.secret),
    previousSecret: row.previous_secret === null ? null : String(row.previous_secret),
    previousSecretUntil: toIsoOrNull(row.previous_secret_until),
    failingSince: toIsoOrNull(row.failing_since),
    createTime: toIso(row.create_time),
    updateTime: toIso(row.update_time),
  };
}

const destinationParams = (d: DestinationRecord): unknown[] => [
  d.organizationId,
  d.id,
  d.url,
  JSON.stringify(d.eventTypes),
  d.description,
  d.disabled,
  d.disabledReason,
  d.secret,
  d.previousSecret,
  d.previousSecretUntil,
  d.failingSince,
  d.createTime,
  d.updateTime,
];

const newEventId = () => `'evt_' || replace(gen_random_uuid()::text, '-', '')`;

// NOTE: the picked rows are locked with SKIP LOCKED so that processes leasing at once each take
// other rows; the lease itself (owner, until) outlives the statement, and a row whose lease has
// run out is due again. Each destination takes at most its free slots.
const LEASE_SQL = (one: boolean) => `
  WITH picked AS (
    SELECT x.organization_id, x.event_id, x.destination_id
    FROM event_destinations d
    LEFT JOIN unnest($4::text[], $5::int[]) AS f(id, free) ON f.id = d.id
    CROSS JOIN LATERAL (
      SELECT organization_id, event_id, destination_id FROM event_deliveries x
      WHERE x.organization_id = d.organization_id AND x.destination_id = d.id AND x.status = 'pending'
        ${one ? 'AND x.organization_id = $8 AND x.event_id = $9' : 'AND x.next_attempt_time <= $2::timestamptz'}
        AND (x.lease_until IS NULL OR x.lease_until < $2::timestamptz)
      ORDER BY x.next_attempt_time
      LIMIT COALESCE(f.free, $6)
      FOR UPDATE SKIP LOCKED
    ) x
    WHERE NOT d.disabled ${one ? 'AND d.organization_id = $8 AND d.id = $10' : ''}
    LIMIT $7
  ),
  leased AS (
    UPDATE event_deliveries t
    SET lease_owner = $1 || ':' || t.event_id || ':' || t.destination_id, lease_until = $3::timestamptz
    FROM picked p
    WHERE t.organization_id = p.organization_id AND t.event_id = p.event_id AND t.destination_id = p.destination_id
    RETURNING t.organization_id, t.event_id, t.destination_id, t.lease_owner, t.attempts_in_run
  )
  SELECT l.organization_id AS delivery_organization_id, l.event_id, l.destination_id, l.lease_owner, l.attempts_in_run,
    ${EVENT_COLUMNS.split(', ').map((c) => `e.${c}`).join(', ')},
    d.url, d.secret, d.previous_secret, d.previous_secret_until, d.failing_since
  FROM leased l
  JOIN events e ON e.organization_id = l.organization_id AND e.id = l.event_id
  JOIN event_destinations d ON d.organization_id = l.organization_id AND d.id = l.destination_id`;

function leasedFromRow(row: Record<string, unknown>): LeasedDelivery {
  return {
    organizationId: String(row.delivery_organization_id),
    eventId: String(row.event_id),
    destinationId: String(row.destination_id),
    leaseOwner: String(row.lease_owner),
    attemptsInRun: toInteger(row.attempts_in_run),
    event: eventFromRow(row),
    url: String(row.url),
    secret: String(row.secret),
    previousSecret: row.previous_secret === null ? null : String(row.previous_secret),
    previousSecretUntil: toIsoOrNull(row.previous_secret_until),
    failingSince: toIsoOrNull(row.failing_since),
  };
}

const leaseParams = (r: LeaseRequest): unknown[] => [
  r.owner,
  r.now.toISOString(),
  new Date(r.now.getTime() + r.leaseMs).toISOString(),
  [...r.free.keys()],
  [...r.free.values()],
  r.slots,
  r.max,
];

function attemptFromRow(row: Record<string, unknown>): DeliveryAttempt {
  return {
    time: toIso(row.attempt_time),
    httpStatus: row.http_status === null ? null : toInteger(row.http_status),
    error: row.error === null ? null : String(row.error),
    durationMs: toInteger(row.duration_ms),
    response: String(row.response),
  };
}

/**
 * The outbox and destinations over any SqlClient (one SQL dialect for PGlite and PostgreSQL).
 * The add-on events themselves are written by the migration's trigger, in the statement that
 * writes the add-on.
 * @example const events = sqlEventOutbox(client); await events.listEvents('org_1', { limit: 10 })
 */
export function sqlEventOutbox(sql: SqlClient): EventOutbox {
  return {
    async lockDestinations(organizationId) {
      await sql.query(`SELECT ${lockSubscriptionSql(1)}`, [`event_destinations\n${organizationId}`]);
    },
    async countDestinations(organizationId) {
      const [row] = await sql.query('SELECT count(*) AS n FROM event_destinations WHERE organization_id = $1', [organizationId]);
      return toInteger(row?.n ?? 0);
    },
    async insertDestination(d) {
      await sql.query(
        `INSERT INTO event_destinations (${DESTINATION_COLUMNS}) VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
        destinationParams(d),
      );
    },
    async findDestination(organizationId, id) {
      const [row] = await sql.query(`SELECT ${DESTINATION_COLUMNS} FROM event_destinations WHERE organization_id = $1 AND id = $2`, [
        organizationId,
        id,
      ]);
      return row === undefined ? null : destinationFromRow(row);
    },
    async listDestinations(organizationId, query) {
      const params: unknown[] = [organizationId, query.limit];
      let where = 'organization_id = $1';
      if (query.after !== undefined) {
        params.push(query.after.createTime, query.after.id);
        where += ' AND (create_time, id) < ($3::timestamptz, $4)';
      }
      const rows = await sql.query(
        `SELECT ${DESTINATION_COLUMNS} FROM event_destinations WHERE ${where} ORDER BY create_time DESC, id DESC LIMIT $2`,
        params,
      );
      return rows.map(destinationFromRow);
    },
    async updateDestination(d) {
      await sql.query(
        `UPDATE event_destinations SET url = $3, event_types = $4::jsonb, description = $5, disabled = $6, disabled_reason = $7,
           secret = $8, previous_secret = $9, previous_secret_until = $10, failing_since = $11, update_time = $13
         WHERE organization_id = $1 AND id = $2 AND create_time = $12`,
        destinationParams(d),
      );
    },
    async deleteDestination(organizationId, id) {
      const rows = await sql.query(
        `WITH gone AS (DELETE FROM event_destinations WHERE organization_id = $1 AND id = $2 RETURNING id),
         stopped AS (UPDATE event_deliveries SET status = 'canceled', next_attempt_time = NULL
           WHERE organization_id = $1 AND destination_id = $2 AND status = 'pending' AND EXISTS (SELECT 1 FROM gone))
         SELECT id FROM gone`,
        [organizationId, id],
      );
      return rows.length > 0;
    },
    async insertPing(organizationId, destinationId, now) {
      const [row] = await sql.query<{ id: string }>(
        `WITH e AS (INSERT INTO events (organization_id, id, type, event_destination_id)
           VALUES ($1, ${newEventId()}, 'ping', $2) RETURNING id),
         d AS (INSERT INTO event_deliveries (organization_id, event_id, destination_id, status, next_attempt_time, create_time)
           SELECT $1, e.id, $2, 'pending', $3::timestamptz, $3::timestamptz FROM e)
         SELECT id FROM e`,
        [organizationId, destinationId, now.toISOString()],
      );
      if (row === undefined) throw new Error('the ping event was not written');
      return row.id;
    },
    async findEvent(organizationId, id) {
      const [row] = await sql.query(
        `SELECT ${EVENT_COLUMNS} FROM events WHERE organization_id = $1 AND id = $2 AND sequence IS NOT NULL`,
        [organizationId, id],
      );
      return row === undefined ? null : eventFromRow(row);
    },
    async listEvents(organizationId, query) {
      const params: unknown[] = [organizationId, query.limit];
      let where = 'organization_id = $1 AND sequence IS NOT NULL';
      if (query.type !== undefined) {
        params.push(query.type);
        where += ` AND type = $${params.length}`;
      }
      if (query.addonSubscriptionId !== undefined) {
        params.push(query.addonSubscriptionId);
        where += ` AND addon_subscription_id = $${params.length}`;
      }
      if (query.beforeSequence !== undefined) {
        params.push(query.beforeSequence);
        where += ` AND sequence < $${params.length}`;
      }
      const rows = await sql.query(`SELECT ${EVENT_COLUMNS} FROM events WHERE ${where} ORDER BY sequence DESC LIMIT $2`, params);
      return rows.map(eventFromRow);
    },
    async listDeliveries(organizationId, eventId) {
      const deliveries = await sql.query(
        `SELECT destination_id, status, next_attempt_time FROM event_deliveries
         WHERE organization_id = $1 AND event_id = $2 ORDER BY create_time, destination_id`,
        [organizationId, eventId],
      );
      const attempts = await sql.query(
        `SELECT destination_id, attempt_time, http_status, error, duration_ms, response FROM event_delivery_attempts
         WHERE organization_id = $1 AND event_id = $2 ORDER BY id`,
        [organizationId, eventId],
      );
      return deliveries.map((row): EventDelivery => {
        const status = String(row.status) as DeliveryStatus;
        return {
          eventDestinationId: String(row.destination_id),
          status,
          attempts: attempts.filter((a) => a.destination_id === row.destination_id).map(attemptFromRow),
          nextAttemptTime: status === 'pending' ? toIsoOrNull(row.next_attempt_time) : null,
        };
      });
    },
    async destinationsFor(organizationId, type) {
      const rows = await sql.query<{ id: string }>(
        `SELECT id FROM event_destinations WHERE organization_id = $1 AND NOT disabled AND event_types ? $2 ORDER BY create_time, id`,
        [organizationId, type],
      );
      return rows.map((row) => row.id);
    },
    async resend(organizationId, eventId, destinationIds, now) {
      await sql.query(
        `INSERT INTO event_deliveries AS t (organization_id, event_id, destination_id, status, next_attempt_time, create_time)
         SELECT $1, $2, d, 'pending', $4::timestamptz, $4::timestamptz FROM unnest($3::text[]) AS d
         ON CONFLICT (organization_id, event_id, destination_id) DO UPDATE SET
           resend_requested = (t.lease_until IS NOT NULL AND t.lease_until >= $4::timestamptz),
           status = 'pending',
           attempts_in_run = CASE WHEN t.lease_until IS NOT NULL AND t.lease_until >= $4::timestamptz THEN t.attempts_in_run ELSE 0 END,
           next_attempt_time = CASE WHEN t.lease_until IS NOT NULL AND t.lease_until >= $4::timestamptz THEN t.next_attempt_time
             ELSE $4::timestamptz END`,
        [organizationId, eventId, [...destinationIds], now.toISOString()],
      );
    },
    async lease(request) {
      const rows = await sql.query(LEASE_SQL(false), leaseParams(request));
      return rows.map(leasedFromRow);
    },
    async leaseOne(request, organizationId, eventId, destinationId) {
      const rows = await sql.query(LEASE_SQL(true), [...leaseParams(request), organizationId, eventId, destinationId]);
      return rows[0] === undefined ? null : leasedFromRow(rows[0]);
    },
    async finishAttempts(outcomes) {
      if (outcomes.length === 0) return;
      const rows = outcomes.map((o) => ({
        organization_id: o.delivery.organizationId,
        event_id: o.delivery.eventId,
        destination_id: o.delivery.destinationId,
        lease_owner: o.delivery.leaseOwner,
        attempt_time: o.attempt.time,
        http_status: o.attempt.httpStatus,
        error: o.attempt.error,
        duration_ms: o.attempt.durationMs,
        response: o.attempt.response,
        status: o.status,
        attempts_in_run: o.attemptsInRun,
        next_attempt_time: o.nextAttemptTime,
        succeeded: o.succeeded,
        disable_reason: o.disableReason,
      }));
      // One statement for a batch: the attempts, each delivery's next state (only while its lease is
      // held), and each destination's failing streak and disabling (one row per destination).
      await sql.query(
        `WITH o AS (
           SELECT * FROM jsonb_to_recordset($1::jsonb) AS o(organization_id text, event_id text, destination_id text, lease_owner text,
             attempt_time timestamptz, http_status integer, error text, duration_ms integer, response text, status text,
             attempts_in_run integer, next_attempt_time timestamptz, succeeded boolean, disable_reason text)),
         attempts AS (
           INSERT INTO event_delivery_attempts (organization_id, event_id, destination_id, attempt_time, http_status, error, duration_ms, response)
           SELECT organization_id, event_id, destination_id, attempt_time, http_status, error, duration_ms, response FROM o),
         deliveries AS (
           UPDATE event_deliveries t SET
             status = CASE WHEN t.resend_requested THEN 'pending' ELSE o.status END,
             attempts_in_run = CASE WHEN t.resend_requested THEN 0 ELSE o.attempts_in_run END,
             next_attempt_time = CASE WHEN t.resend_requested THEN o.attempt_time ELSE o.next_attempt_time END,
             resend_requested = false, lease_owner = NULL, lease_until = NULL
           FROM o
           WHERE t.organization_id = o.organization_id AND t.event_id = o.event_id AND t.destination_id = o.destination_id
             AND t.lease_owner = o.lease_owner),
         per_destination AS (
           SELECT organization_id, destination_id, bool_or(succeeded) AS any_succeeded, min(attempt_time) AS first_time,
             max(disable_reason) AS disable_reason
           FROM o GROUP BY organization_id, destination_id)
         UPDATE event_destinations t SET
           failing_since = CASE WHEN p.any_succeeded THEN NULL ELSE COALESCE(t.failing_since, p.first_time) END,
           disabled = t.disabled OR p.disable_reason IS NOT NULL,
           disabled_reason = CASE WHEN p.disable_reason IS NOT NULL AND NOT t.disabled THEN p.disable_reason ELSE t.disabled_reason END,
           update_time = CASE WHEN p.disable_reason IS NOT NULL AND NOT t.disabled THEN p.first_time ELSE t.update_time END
         FROM per_destination p
         WHERE t.organization_id = p.organization_id AND t.id = p.destination_id`,
        [JSON.stringify(rows)],
      );
      for (const o of outcomes.filter((x) => x.cancelPending)) {
        await sql.query(
          `UPDATE event_deliveries SET status = 'canceled', next_attempt_time = NULL
           WHERE organization_id = $1 AND destination_id = $2 AND status = 'pending'`,
          [o.delivery.organizationId, o.delivery.destinationId],
        );
      }
    },
    async pendingCount() {
      const [row] = await sql.query(`SELECT count(*) AS n FROM event_deliveries WHERE status = 'pending'`);
      return toInteger(row?.n ?? 0);
    },
    async deleteBefore(cutoff) {
      const rows = await sql.query(
        `WITH old AS (DELETE FROM events WHERE create_time < $1::timestamptz AND sequence IS NOT NULL RETURNING organization_id, id),
         d AS (DELETE FROM event_deliveries t USING old WHERE t.organization_id = old.organization_id AND t.event_id = old.id),
         a AS (DELETE FROM event_delivery_attempts t USING old WHERE t.organization_id = old.organization_id AND t.event_id = old.id)
         SELECT count(*) AS n FROM old`,
        [cutoff.toISOString()],
      );
      return toInteger(rows[0]?.n ?? 0);
    },
  };
}
