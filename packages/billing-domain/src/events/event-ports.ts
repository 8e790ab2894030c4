import type { DeliveryAttempt, DeliveryStatus, EventDelivery, EventDestination, EventType, OutboundEvent } from '../contract.js';

/** A destination as stored: the public fields, its organization, its secrets and its failing streak. */
export interface DestinationRecord extends EventDestination {
  organizationId: string;
  /** `whsec_` + base64 of 32 random bytes. */
  secret: string;
  /** The secret before the last rotation; it also signs until `previousSecretUntil`. */
  previousSecret: string | null;
  previousSecretUntil: string | null;
  /** When the attempts to it began to fail without a success since; null when the last one succeeded. */
  failingSince: string | null;
}

/** Keyset position in a newest-first listing of destinations. */
export interface DestinationCursor {
  createTime: string;
  id: string;
}

/** One query of `GET /v1/events`. */
export interface EventListQuery {
  type?: EventType;
  addonSubscriptionId?: string;
  limit: number;
  /** Only events with a lower sequence (the page token's position). */
  beforeSequence?: number;
}

/** A delivery this process holds the lease of, with what its attempt needs. */
export interface LeasedDelivery {
  organizationId: string;
  eventId: string;
  destinationId: string;
  /** Unique per lease: the attempt's result is written only while this lease is held. */
  leaseOwner: string;
  /** Attempts made since the delivery was made or resent (its place in the retry schedule). */
  attemptsInRun: number;
  event: OutboundEvent;
  url: string;
  secret: string;
  previousSecret: string | null;
  previousSecretUntil: string | null;
  failingSince: string | null;
}

/** What the deliverer asks for when it takes leases. */
export interface LeaseRequest {
  /** Prefix of the lease owners (one per process); each lease gets its own suffix. */
  owner: string;
  now: Date;
  /** How long a lease lasts: a process that dies holding it loses it then. */
  leaseMs: number;
  /** Destinations with attempts in flight here, and how many more each may take now. */
  free: ReadonlyMap<string, number>;
  /** How many a destination not in `free` may take. */
  slots: number;
  /** Most leases taken by one call. */
  max: number;
}

/** What an attempt leaves behind (decided by `nextStep`, see retry-schedule.ts). */
export interface AttemptOutcome {
  delivery: LeasedDelivery;
  attempt: DeliveryAttempt;
  /** The delivery's status after it (pending: tried again at `nextAttemptTime`). */
  status: DeliveryStatus;
  attemptsInRun: number;
  nextAttemptTime: string | null;
  /** True when the attempt succeeded: the destination's failing streak ends. */
  succeeded: boolean;
  /** Set when the destination is disabled by this attempt (a 410, or failing too long). */
  disableReason: string | null;
  /** True when the destination's other pending deliveries are canceled (a 410). */
  cancelPending: boolean;
}

/** The outbox and the destinations, bound to one transaction (see UnitOfWork.events). */
export interface EventOutbox {
  /** Serializes changes to an organization's set of destinations (a transaction-scoped lock). */
  lockDestinations(organizationId: string): Promise<void>;
  countDestinations(organizationId: string): Promise<number>;
  insertDestination(destination: DestinationRecord): Promise<void>;
  findDestination(organizationId: string, id: string): Promise<DestinationRecord | null>;
  /** Newest first (createTime desc, id desc), strictly after `after` when given. */
  listDestinations(organizationId: string, query: { limit: number; after?: DestinationCursor }): Promise<DestinationRecord[]>;
  updateDestination(destination: DestinationRecord): Promise<void>;
  /** Deletes it and cancels its pending deliveries; false when there was none. */
  deleteDestination(organizationId: string, id: string): Promise<boolean>;
  /** Writes a `ping` for one destination and its delivery, due at `now`; answers the event id. */
  insertPing(organizationId: string, destinationId: string, now: Date): Promise<string>;
  findEvent(organizationId: string, id: string): Promise<OutboundEvent | null>;
  /** Newest first (sequence desc). */
  listEvents(organizationId: string, query: EventListQuery): Promise<OutboundEvent[]>;
  /** The event's deliveries, by destination id, each with its attempts oldest first. */
  listDeliveries(organizationId: string, eventId: string): Promise<EventDelivery[]>;
  /** The ids of the enabled destinations whose types include `type`. */
  destinationsFor(organizationId: string, type: EventType): Promise<string[]>;
  /**
   * Delivers the event again to each destination: a delivery due at `now` with a fresh schedule,
   * or, for one with an attempt in flight, one more attempt after it.
   */
  resend(organizationId: string, eventId: string, destinationIds: readonly string[], now: Date): Promise<void>;
  /** Leases due deliveries of enabled destinations (FOR UPDATE SKIP LOCKED), oldest due first. */
  lease(request: LeaseRequest): Promise<LeasedDelivery[]>;
  /** Leases one delivery now, due or not, unless another lease holds it; null then. */
  leaseOne(request: LeaseRequest, organizationId: string, eventId: string, destinationId: string): Promise<LeasedDelivery | null>;
  /** Records attempts and what follows from each, in one statement (a 410's cancellations after it). */
  finishAttempts(outcomes: readonly AttemptOutcome[]): Promise<void>;
  /** Deliveries not yet succeeded, failed or canceled, in every organization. */
  pendingCount(): Promise<number>;
  /** Deletes events made before `cutoff` with their deliveries and attempts; answers how many events. */
  deleteBefore(cutoff: Date): Promise<number>;
}
