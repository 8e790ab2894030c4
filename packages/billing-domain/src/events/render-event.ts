import { toAddonSubscription } from '../domain/addon-state.js';
import { addonFromRow } from '../storage/addon-sql.js';
import { toInteger, toIso, toJson } from '../storage/sql-client.js';
import type { AddonAttributes, EventType, OutboundEvent } from '../contract.js';

/** The columns of `events` that make an event's JSON (see eventFromRow). */
export const EVENT_COLUMNS = 'organization_id, id, type, sequence, create_time, resource, previous, event_destination_id';

/**
 * The fields of `after` whose values differ from `before`'s, with `before`'s values; `timestamps`
 * is never among them (it changes with every change).
 * @example changedAttributes(before, { ...before, quantity: 2 }) // { quantity: 1 }
 */
export function changedAttributes<T extends { timestamps?: unknown }>(before: T, after: T): Partial<Omit<T, 'timestamps'>> {
  const changed: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof T & string)[]) {
    if (key === 'timestamps') continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changed[key] = before[key];
  }
  return changed as Partial<Omit<T, 'timestamps'>>;
}

/**
 * An event from its row: the add-on rows the trigger stored become the resource exactly as GET
 * answers it (the same mapping), and the previous row the changed fields' previous values.
 * @example eventFromRow(row).data // { addonSubscription: {...}, previousAttributes: { quantity: 1 } }
 */
export function eventFromRow(row: Record<string, unknown>): OutboundEvent {
  const type = String(row.type) as EventType;
  const base = {
    id: String(row.id),
    type,
    timestamp: toIso(row.create_time),
    organizationId: String(row.organization_id),
    sequence: toInteger(row.sequence),
  };
  if (type === 'ping') return { ...base, data: { eventDestinationId: String(row.event_destination_id) } };
  const after = toAddonSubscription(addonFromRow(toJson(row.resource) as Record<string, unknown>));
  const previous = toJson(row.previous);
  if (previous === null || previous === undefined || type === 'addon_subscription.created') {
    return { ...base, data: { addonSubscription: after } };
  }
  const before = toAddonSubscription(addonFromRow(previous as Record<string, unknown>));
  const previousAttributes: Partial<AddonAttributes> = changedAttributes(before, after);
  return { ...base, data: { addonSubscription: after, previousAttributes } };
}
