import { chargedBefore } from '../models/tiered-graduated.js';
import { MESSAGES } from '../errors/messages.js';
import type { Decimal } from '../money/decimal.js';
import { decCompare, decIsZero, decText, ZERO } from '../money/decimal.js';
import { rat } from '../money/rational.js';
import type { ModelSpec, ResolvedTier } from '../models/types.js';
import type { TIER_FIELDS } from '../request/fields.js';
import type { Violations } from './collector.js';
import type { PathSegment } from './field-path.js';
import type { Fields } from './read-fields.js';
import { readMoney, readNumber, valueOr } from './read.js';

interface RawTier {
  index: number;
  order: Decimal;
  start: Decimal;
  end: Decimal | undefined;
  unitAmount: Decimal;
  flatFee: Decimal;
}

/**
 * Validates the tiers of a TIERED price and resolves them sorted (by tierOrder, then
 * startInclusive); `undefined` when they are invalid (violations reported).
 * @example resolveTiers(price.tiers, ['planConfig', 'prices', 0], v)?.kind // 'TIERED_GRADUATED'
 */
export function resolveTiers(
  list: readonly (Fields<typeof TIER_FIELDS> | undefined)[] | undefined,
  pricePath: readonly PathSegment[],
  v: Violations,
): ModelSpec | undefined {
  const before = v.total;
  const tiersPath = [...pricePath, 'tiers'];
  if (list === undefined || list.length === 0) {
    v.add(tiersPath, MESSAGES.tiersRequired);
    return undefined;
  }
  const tiers: RawTier[] = [];
  const modes = new Set<string>();
  list.forEach((raw, index) => {
    const path = [...tiersPath, index];
    if (raw === undefined) {
      v.add(path, MESSAGES.object);
      return;
    }
    const start = readNumber(raw.startInclusive, path, 'startInclusive', v, 'nonNegative') ?? ZERO;
    const end = readNumber(raw.endExclusive, path, 'endExclusive', v, 'nonNegative');
    if (end !== undefined && decCompare(end, start) <= 0) v.add([...path, 'endExclusive'], MESSAGES.tierEndAfterStart);
    const fee = readMoney(raw.flatFeeAmount, path, 'flatFeeAmount', v);
    const flagged = raw.flatFee === true;
    if (fee !== undefined && !flagged) v.add([...path, 'flatFeeAmount'], MESSAGES.flatFeeWithoutFlag);
    const mode = valueOr(raw.tierType, 'TIER_MODE_GRADUATED');
    if (modes.size > 0 && !modes.has(mode)) v.add([...path, 'tierType'], MESSAGES.tierModeMixed);
    modes.add(mode);
    tiers.push({
      index,
      order: readNumber(raw.tierOrder, path, 'tierOrder', v, 'any') ?? ZERO,
      start,
      end,
      unitAmount: readMoney(raw.unitAmount, path, 'unitAmount', v) ?? ZERO,
      flatFee: flagged ? (fee ?? ZERO) : ZERO,
    });
  });
  tiers.sort((a, b) => decCompare(a.order, b.order) || decCompare(a.start, b.start) || a.index - b.index);
  checkCoverage(tiers, tiersPath, v);
  if (v.total > before) return undefined;
  const resolved: ResolvedTier[] = tiers.map((t) => ({
    index: t.index,
    start: rat(t.start),
    end: t.end === undefined ? null : rat(t.end),
    unitAmount: t.unitAmount,
    flatFee: t.flatFee,
  }));
  return modes.has('TIER_MODE_VOLUME') ? { kind: 'TIERED_VOLUME', tiers: resolved } : { kind: 'TIERED_GRADUATED', tiers: resolved, charged: chargedBefore(resolved) };
}

// NOTE: the tiers must cover [0, infinity) without gaps or overlaps, so no unit is left unpriced
// or priced twice; paths name the tier as sent, not its sorted position.
function checkCoverage(tiers: readonly RawTier[], tiersPath: readonly PathSegment[], v: Violations): void {
  let previousEnd: Decimal | undefined = ZERO;
  tiers.forEach((tier, position) => {
    const path = [...tiersPath, tier.index];
    const isLast = position === tiers.length - 1;
    if (position === 0 && !decIsZero(tier.start)) v.add([...path, 'startInclusive'], MESSAGES.tiersStartAtZero);
    else if (position > 0 && previousEnd !== undefined && decCompare(tier.start, previousEnd) !== 0) {
      v.add([...path, 'startInclusive'], MESSAGES.tiersContiguous(decText(previousEnd)));
    }
    if (tier.end === undefined && !isLast) v.add([...path, 'endExclusive'], MESSAGES.tierOnlyLastOpen);
    if (tier.end !== undefined && isLast) v.add([...path, 'endExclusive'], MESSAGES.tierLastMustBeOpen);
    previousEnd = tier.end;
  });
}
