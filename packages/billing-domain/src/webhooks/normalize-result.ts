import type { FieldViolation } from '@billing/pricing-core';
import type { BillingEvent } from '../domain/billing-event.js';
import type { HeaderBag } from './headers.js';

export type NormalizeResult =
  | { ok: true; event: BillingEvent }
  | {
      ok: false;
      /** A sentence for people naming the offending field. */
      message: string;
      /** The provider's event id when it could be read, else ''. */
      eventId: string;
      /** The offending payload field, when one is to blame (the one violation shape). */
      fieldViolations?: FieldViolation[];
    };

/** A verified delivery. */
export interface NormalizeInput {
  headers: HeaderBag;
  /** The verified body decoded as strict UTF-8 (signatures were checked over its bytes before). */
  rawBody: string;
}
