import { verifyHexSignatureHeader } from './hex-signature-header.js';
import type { VerifyInput, VerifyResult } from './verify-result.js';

/**
 * Verifies `Paddle-Signature: ts=<unix>;h1=<hex>[;h1=<hex>...]`: HMAC-SHA256 over `${ts}:${body}`
 * keyed with the notification destination's secret key.
 * @example verifyPaddleSignature({ headers, rawBody, secrets: ['pdl_ntfset_...'], toleranceSeconds: 300, now })
 */
export function verifyPaddleSignature(input: VerifyInput): VerifyResult {
  return verifyHexSignatureHeader(input, {
    header: 'Paddle-Signature',
    separator: ';',
    timestampKey: 'ts',
    signatureKey: 'h1',
    signedPrefix: (ts) => `${ts}:`,
  });
}
