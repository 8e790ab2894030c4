import { anyDigestMatches, decodeHexDigest, hmacSha256 } from './crypto.js';
import { getHeader } from './headers.js';
import { blank, unixSeconds, type WebhookProvider } from './providers/provider.js';
import { checkTimestamp, parseUnixSeconds } from './timestamp.js';
import { verifyFailure, type VerifyInput, type VerifyResult } from './verify-result.js';

/** How a provider lays out a `key=value` signature header with hex HMAC-SHA256 signatures. */
export interface HexSignatureScheme {
  /** Header name as the provider documents it (looked up case-insensitively). */
  header: string;
  /** The header's layout, for the API's documentation. */
  description: string;
  /** Separator between `key=value` parts (`,` for Stripe, `;` for Paddle). */
  separator: string;
  /** Key of the unix-seconds timestamp part (`t`, `ts`). */
  timestampKey: string;
  /** Key of each signature part (`v1`, `h1`); several are allowed, other keys are ignored. */
  signatureKey: string;
  /** The text signed before the raw body bytes, built from the timestamp text (`${t}.`, `${ts}:`). */
  signedPrefix: (timestamp: string) => string;
}

/**
 * Verifies a header of the form `ts=..<sep>sig=..<sep>sig=..` against every secret (used as
 * UTF-8 key bytes) over the prefix and the raw body bytes, in constant time, then checks the timestamp against the tolerance.
 * @example verifyHexSignatureHeader(input, { header: 'Paddle-Signature', separator: ';', timestampKey: 'ts', signatureKey: 'h1', signedPrefix: (ts) => `${ts}:` })
 */
export function verifyHexSignatureHeader(input: VerifyInput, scheme: HexSignatureScheme): VerifyResult {
  const { header: name, timestampKey: tKey, signatureKey: sKey } = scheme;
  const missing = missingHeader(input.headers, scheme);
  if (missing !== undefined) return verifyFailure('missing_signature', missing);
  const header = getHeader(input.headers, name) as string;
  const timestamps: string[] = [];
  const candidates: Buffer[] = [];
  for (const part of header.split(scheme.separator)) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === tKey) timestamps.push(value);
    if (key === sKey) {
      const digest = decodeHexDigest(value);
      if (digest) candidates.push(digest);
    }
  }
  const [timestamp] = timestamps;
  if (timestamp === undefined || timestamps.length > 1) {
    return verifyFailure('malformed_signature', `${name} header must carry exactly one ${tKey}=<unix seconds>`);
  }
  const signedAt = parseUnixSeconds(timestamp);
  if (signedAt === undefined) {
    return verifyFailure('malformed_signature', `${name} timestamp ${tKey} is not a whole number of seconds`);
  }
  if (candidates.length === 0) {
    return verifyFailure('malformed_signature', `${name} header carries no ${sKey} signature of 64 hex digits`);
  }
  const prefix = scheme.signedPrefix(timestamp);
  const expected = input.secrets.map((secret) => hmacSha256(secret, prefix, input.rawBody));
  if (!anyDigestMatches(expected, candidates)) {
    return verifyFailure('signature_mismatch', `no ${sKey} signature matches any configured secret`);
  }
  return checkTimestamp(signedAt, input.now, input.toleranceSeconds);
}

/** Why a delivery lacks the scheme's header, or undefined when it carries one. */
function missingHeader(headers: VerifyInput['headers'], scheme: HexSignatureScheme): string | undefined {
  return blank(getHeader(headers, scheme.header)) ? `${scheme.header} header is missing` : undefined;
}

/**
 * A provider's header check, verification and signing from its one scheme, so the header a
 * delivery is signed with and the header it is verified by cannot drift apart.
 * @example const { verify, sign } = hexSignatureProvider({ header: 'Stripe-Signature', description: 'stripe: `t=<unix>,v1=<hex>`', separator: ',', timestampKey: 't', signatureKey: 'v1', signedPrefix: (t) => `${t}.` })
 */
export function hexSignatureProvider(scheme: HexSignatureScheme): Pick<WebhookProvider, 'missingSignatureHeaders' | 'deliveryHeaders' | 'verify' | 'sign'> {
  const name = scheme.header.toLowerCase();
  return {
    missingSignatureHeaders: (headers) => missingHeader(headers, scheme),
    deliveryHeaders: [{ name: scheme.header, description: scheme.description, signature: true }],
    verify: (input) => verifyHexSignatureHeader(input, scheme),
    sign: (body, secret, { now }) => {
      const timestamp = String(unixSeconds(now));
      const digest = hmacSha256(secret, scheme.signedPrefix(timestamp), body).toString('hex');
      return { [name]: `${scheme.timestampKey}=${timestamp}${scheme.separator}${scheme.signatureKey}=${digest}` };
    },
  };
}
