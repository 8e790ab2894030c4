import type { AddonEventType, EventType } from '../contract.js';

/** The event types an add-on change makes, in the order a destination lists them by default. */
export const ADDON_EVENT_TYPES = ['addon_subscription.created', 'addon_subscription.updated', 'addon_subscription.canceled'] as const satisfies readonly AddonEventType[];

/** Every event type, `ping` included (made only by `:ping`, sent only to that destination). */
export const EVENT_TYPES = [...ADDON_EVENT_TYPES, 'ping'] as const satisfies readonly EventType[];

/**
 * True when `value` names an event type.
 * @example isEventType('ping') // true
 */
export function isEventType(value: string): value is EventType {
  return (EVENT_TYPES as readonly string[]).includes(value);
}
