import { z } from 'zod';
import { isStorableTime, MAX_QUANTITY } from './bounds.js';
import { minorToMajor } from './money.js';
import { mapProviderStatus } from './status.js';

// NOTE: the pieces Stripe's and Paddle's payload schemas are built from. Providers add fields over
// time: an object keeps the fields its schema names and ignores the others. Null reads as absent,
// as both providers send unset fields as null. Each piece words its refusal the one way the
// acknowledgement shows it: `<path> <problem>`.

/** zod's error option: `problem` for a value of the wrong kind, 'is required' for an absent or null one. */
const says = (problem: string) => ({ error: (issue: { input?: unknown }) => (issue.input == null ? 'is required' : problem) });

/** The same schema, with absent or null read as absent. */
function optional<T extends z.ZodType>(schema: T) {
  return schema.nullish().transform((value): z.output<T> | undefined => value ?? undefined);
}

/** The same schema, with absent or null read as `fallback`. */
function orDefault<T extends z.ZodType>(schema: T, fallback: z.output<T>) {
  return schema.nullish().transform((value): z.output<T> => value ?? fallback);
}

const NON_EMPTY = 'must be a non-empty string';
const COUNT = `must be an integer from 0 to ${MAX_QUANTITY}`;
const UNIX = 'must be unix seconds between 1970 and 9999';
const ISO = 'must be an RFC 3339 date-time between 1970 and 9999';
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/i;

export const text = z.string(says(NON_EMPTY)).min(1, says(NON_EMPTY));
export const optText = optional(text);

/** A field read only for what it says when it is a string; anything else reads as absent. */
export const looseText = z.string().optional().catch(undefined);

/** A required object with the fields of `shape`. */
export const object = <S extends z.ZodRawShape>(shape: S) => z.object(shape, says('must be an object'));
export const optObject = <S extends z.ZodRawShape>(shape: S) => optional(object(shape));

/** An element of a list: an object, null included among the wrong kinds. */
export const entry = <S extends z.ZodRawShape>(shape: S) => z.object(shape, { error: 'must be an object' });
export const list = <T extends z.ZodType>(element: T) => orDefault(z.array(element, says('must be an array')), []);

export const flag = (fallback: boolean) => orDefault(z.boolean(says('must be true or false')), fallback);
export const count = orDefault(z.number(says(COUNT)).int(COUNT).min(0, COUNT).max(MAX_QUANTITY, COUNT), 0);

export const unixDate = z
  .number(says(UNIX))
  .refine((seconds) => Number.isSafeInteger(seconds) && isStorableTime(seconds * 1000), UNIX)
  .transform((seconds) => new Date(seconds * 1000));
export const optUnixDate = optional(unixDate);

export const isoDate = z
  .string(says(ISO))
  .refine((value) => ISO_DATE_TIME.test(value) && isStorableTime(Date.parse(value)), ISO)
  .transform((value) => new Date(value));
export const optIsoDate = optional(isoDate);

/** A metadata object read as its string entries (others dropped); its `addon_code`, when sent, marks an add-on. */
export const metadata = orDefault(
  z.looseObject({ addon_code: optText }, says('must be an object')).transform((value) => {
    const out: Record<string, string> = {};
    for (const [key, entry] of Object.entries(value)) if (typeof entry === 'string') out[key] = entry;
    return out;
  }),
  {},
);

/** A subscription status we know, with the add-on status it maps to. */
export const knownStatus = text.transform((status, ctx) => {
  const addonStatus = mapProviderStatus(status);
  if (addonStatus !== undefined) return { text: status, addonStatus };
  ctx.addIssue({ code: 'custom', message: `"${status}" is not a known status`, input: status });
  return z.NEVER;
});

/** True for a status that means the subscription has ended. */
export const endsSubscription = (status: string | undefined): boolean =>
  status !== undefined && mapProviderStatus(status) === 'ADDON_STATUS_CANCELED';

/** What a variant reads when there is nothing more to read (a line that is no add-on, a payment for no subscription). */
export const nothing = z.unknown().optional().transform(() => undefined);

/**
 * A value whose shape depends on a field that is no literal tag (a status, an add-on code):
 * `head` reads that field, then the schema `pick` chooses reads the same value.
 * @example variant(z.object({ status: optText }), ({ status }) => (endsSubscription(status) ? ended : subscription))
 */
export function variant<H, S extends z.ZodType>(head: z.ZodType<H>, pick: (head: H) => S) {
  return z.unknown().optional().transform((value, ctx): z.output<S> => {
    const first = head.safeParse(value);
    const result = first.success ? pick(first.data).safeParse(value) : first;
    if (result.success) return result.data;
    for (const issue of result.error.issues) ctx.addIssue({ ...issue, input: value } as z.core.$ZodRawIssue);
    return z.NEVER;
  });
}

/**
 * A field that is an object when expanded and something else (an id) otherwise.
 * @example byShape(object({ id: optText }), optText) // Stripe's `price.product`
 */
export function byShape<A, B>(ifObject: z.ZodType<A>, otherwise: z.ZodType<B>) {
  return variant(z.unknown(), (value) => (isJsonObject(value) ? ifObject : otherwise));
}

/** A provider's table of minor digits: how many an amount of the upper-case currency has. */
type MinorDigits = (currency: string) => number;

/**
 * Major units of a provider's minor-unit amount in `currency`, by the provider's table of minor
 * digits; an amount that is none is refused at `path` (relative to the value being read) with `problem`.
 * @example majorUnits(ctx, '120', 'usd', stripeMinorDigits, ['unit_amount'], 'is not an amount') // '1.20'
 */
export function majorUnits(ctx: z.RefinementCtx, minor: unknown, currency: string, minorDigits: MinorDigits, path: PropertyKey[], problem: string): string {
  const major = minorToMajor(minor, currency, minorDigits);
  if (major === undefined) ctx.addIssue({ code: 'custom', path, message: problem, input: minor });
  return major ?? '';
}

/** A payment event's amount in major units and its currency, each null when not sent. */
export interface PaymentAmount {
  amount: string | null;
  currency: string | null;
}

/**
 * A payment's amount and currency, each null when not sent (an amount without its currency means nothing).
 * @example paymentAmount(ctx, 4240, 'usd', stripeMinorDigits, ['amount_paid'], 'is not an integer amount in usd') // { amount: '42.40', currency: 'USD' }
 */
export function paymentAmount(ctx: z.RefinementCtx, minor: unknown, currency: string | undefined, minorDigits: MinorDigits, path: PropertyKey[], problem: string): PaymentAmount {
  if (currency === undefined || minor === undefined || minor === null) return { amount: null, currency: currency?.toUpperCase() ?? null };
  return { amount: majorUnits(ctx, minor, currency, minorDigits, path, problem), currency: currency.toUpperCase() };
}

/** True for a JSON object (not null, not an array). */
export const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
