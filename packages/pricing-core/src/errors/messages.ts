import { PRICING_MODELS } from '../constants.js';

/**
 * The one catalogue of validation messages. Every violation the engine reports takes its
 * sentence from here, so wording stays consistent and is easy to review.
 */
export const MESSAGES = {
  requestObject: 'The request must be a JSON object.',
  object: 'Must be a JSON object.',
  array: 'Must be a JSON array.',
  string: 'Must be a string.',
  boolean: 'Must be true or false.',
  number: 'Must be a finite number or a numeric string.',
  money: 'Must be a decimal amount, as a string like "12.30" (a JSON number is read as written).',
  usageValue: 'Must be a number, an array of numbers, or a map from metric name to a number or an array of numbers.',
  enumValue: (received: unknown, label: string, values: readonly string[], suggestion: string | undefined): string =>
    `${typeof received === 'string' ? `${echo(received)} is not` : 'Must be'} ${label}; ${
      suggestion === undefined ? `use one of ${values.slice(1).join(', ')}.` : `did you mean "${suggestion}"?`
    }`,
  invalid: 'Has an invalid value.',
  unknownField: (suggestion: string | undefined): string =>
    suggestion === undefined
      ? 'Unknown field: not part of the request format.'
      : `Unknown field: did you mean "${suggestion}"?`,
  plainNumber:
    'Must be a JSON number or a string holding a plain decimal like "12.5" (no exponent or spaces), below 10^15 in magnitude with at most 12 decimal places.',
  outOfRange: 'Must be less than 10^15 in magnitude (at most 999999999999999.999999999999).',
  moneyFormat: 'Must be a plain decimal amount: send money as a decimal string like "12.30" (no exponent, sign or spaces).',
  // NOTE: a money text that is almost a decimal gets a sentence naming what is wrong and what to send.
  currencySign: (text: string, plain: string): string =>
    `${echo(text)} carries a currency sign or code; send money as a decimal string like "${plain}" (the currency is planConfig.currency).`,
  decimalComma: (text: string, plain: string): string =>
    `${echo(text)} has a decimal comma; send money as a decimal string with a point, like "${plain}".`,
  thousandsSeparator: (text: string, plain: string): string =>
    `${echo(text)} has thousands separators; send money as a decimal string without them, like "${plain}".`,
  floatNumber: (text: string, money: boolean): string =>
    `The JSON number ${text} has more than 12 decimal places, like the floating-point 0.1 + 0.2; send ${
      money ? 'money as a decimal string like "0.30"' : 'a decimal string, or round it first'
    }.`,
  notNegative: 'Must not be negative.',
  positive: 'Must be greater than zero.',
  positiveInteger: 'Must be a whole number greater than zero.',
  maxDecimals: (max: number): string => `Must have at most ${max} decimal places (trailing zeros do not count).`,
  couponDecimals: (currency: string, digits: number): string =>
    `Must have at most ${digits} decimal places, the minor units of ${currency} (trailing zeros do not count).`,
  unknownCurrency: (code: string): string => `Unknown currency "${code}": use an ISO 4217 code such as USD, EUR or JPY.`,
  currencyWithoutMinorUnit: (code: string): string =>
    `Currency "${code}" has no minor unit in ISO 4217 (a metal, bond unit, fund or test code), so amounts in it cannot be rounded: use a currency such as USD, EUR or JPY.`,
  discountRange: 'Must be a percentage between 0 and 100.',
  taxRange: 'Must be a fraction between 0 and 1.',
  taxLooksLikePercent: (value: string, fraction: string): string =>
    `Must be a fraction between 0 and 1, not a percentage: for ${value}% send ${fraction}.`,
  capHoursPositive: 'Must be greater than zero when set (unset means a 730-hour cycle).',
  modelRequired: `A price needs a pricingModel: one of ${PRICING_MODELS.slice(1).join(', ')}.`,
  addonCodeRequired: 'An ADDON price needs an addonCode.',
  usageMetricRequired: 'A USAGE price needs a metricName.',
  duplicateUsageMetric: (metric: string, first: number): string =>
    `Metric "${metric}" is already priced by the USAGE price planConfig.prices[${first}]; at most one USAGE price per metric.`,
  packageSizeRequired: 'A PACKAGE price needs a packageSize greater than zero.',
  tiersRequired: 'A TIERED price needs at least one tier.',
  tiersStartAtZero: 'The first tier must start at 0.',
  tiersContiguous: (expected: string): string =>
    `Tiers must be contiguous: this tier must start where the previous one ends (${expected}).`,
  tierEndAfterStart: 'Must be greater than startInclusive (or unset for the open last tier).',
  tierOnlyLastOpen: 'Only the last tier may be open (endExclusive unset); set an end here.',
  tierLastMustBeOpen: 'The last tier must be open (endExclusive unset) so that no unit is left unpriced.',
  tierModeMixed: 'All tiers of a price must share one tierType (graduated or volume).',
  flatFeeWithoutFlag: 'A flatFeeAmount needs flatFee set to true.',
  formulaRequired: 'A FORMULA price needs a pricingFormula.',
  maxBelowMin: 'maximumCharge must not be less than minimumCharge.',
  // NOTE: the known codes are listed (at most ten) so a typo can be fixed from the answer alone.
  unknownAddonCode: (code: string, known: readonly string[], suggestion: string | undefined): string =>
    `No ADDON price has the addonCode ${echo(code)}; ${
      suggestion !== undefined
        ? `did you mean "${suggestion}"?`
        : known.length === 0
          ? 'the plan has no ADDON price.'
          : `the plan's add-on codes are ${listCodes(known)}.`
    }`,
  usageKeyTypo: (key: string, metric: string): string =>
    `Usage key ${echo(key)} is used by no price; did you mean the metric ${echo(metric)}?`,
  unknownOverageMetric: (metric: string): string => `No USAGE price meters "${metric}".`,
  formula: (detail: string): string => `Invalid formula: ${detail}`,
  // NOTE: the limit sentences end without a period so that a server can append its setting's name.
  tooMany: (count: number, max: number, limit: string): string =>
    `has ${grouped(count)} entries; at most ${grouped(max)} are allowed (limit ${limit})`,
  tooManyInstancePrices: (instances: number, prices: number, product: number, max: number): string =>
    `${grouped(instances)} instances x ${grouped(prices)} prices = ${grouped(product)}; at most ${grouped(max)} are allowed (limit maxInstancePrices)`,
  fullViewTooLarge: (entries: number, max: number): string =>
    `the FULL view would hold ${grouped(entries)} entries (instances x prices, or more where TIERED prices explain each tier ` +
    `and add-on entries their prices; price in parts or use the BASIC view); at most ${grouped(max)} are allowed (limit maxFullViewEntries)`,
  truncated: (total: number, listed: number): string => `request has ${grouped(total)} invalid fields; the first ${grouped(listed)} are listed`,
} as const;

/**
 * A received text quoted for a message, cut at 40 characters so a message stays short.
 * @example echo('PER_UNIT') // '"PER_UNIT"'
 */
export function echo(text: string): string {
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}...` : text);
}

/**
 * A whole number with thousands separators, the same in every runtime (no `Intl`).
 * @example grouped(10000) // '10,000'
 */
export function grouped(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** The most add-on codes an unknown-code message lists. */
const MAX_LISTED_CODES = 10;

/** Codes quoted and joined, the first MAX_LISTED_CODES of them, with how many more there are. */
function listCodes(codes: readonly string[]): string {
  const listed = codes.slice(0, MAX_LISTED_CODES).map(echo).join(', ');
  return codes.length > MAX_LISTED_CODES ? `${listed} and ${grouped(codes.length - MAX_LISTED_CODES)} more` : listed;
}

const didYouMean = (suggestion: string | undefined): string => (suggestion === undefined ? '.' : `; did you mean "${suggestion}"?`);

/** Short texts used inside formula messages (wrapped by `MESSAGES.formula`). */
export const FORMULA_MESSAGES = {
  tooLong: (max: number): string => `longer than ${max} characters.`,
  tooDeep: (max: number): string => `nested deeper than ${max} levels.`,
  unexpectedChar: (ch: string, at: number): string => `unexpected character "${ch}" at position ${at + 1}.`,
  unexpectedToken: (text: string, at: number): string => `unexpected "${text}" at position ${at + 1}.`,
  unexpectedEnd: 'unexpected end of the expression.',
  unknownName: (name: string, suggestion: string | undefined): string => `unknown name "${name}"${didYouMean(suggestion)}`,
  unknownFunction: (name: string, suggestion: string | undefined): string => `unknown function "${name}"${didYouMean(suggestion)}`,
  arity: (name: string, expected: string): string => `${name}() takes ${expected}.`,
  divisionByZero: 'division by zero.',
  negativeResult: (value: string): string => `the result is negative (${value}).`,
  roundDigits: (max: number): string => `round(x, dp) needs dp to be a whole number from 0 to ${max}.`,
  tooLarge: (exponent: number): string => `a value exceeds 10^${exponent} in magnitude.`,
  tooManyDigits: (digits: number): string => `a value needs more than ${digits} digits in its numerator or denominator.`,
} as const;
