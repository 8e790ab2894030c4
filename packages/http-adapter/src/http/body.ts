import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { errorResponse } from '../errors/aip193.js';
import { TRANSPORT_ERRORS } from '../errors/status-table.js';
import { requestHeader } from './request-header.js';

/** A body read: its parsed value (and, for a JSON body, the text it was parsed from), or the answer refusing it. */
export type BodyRead = { ok: true; value: unknown; text?: string } | { ok: false; response: Response };

const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json$/i;

/** True when the Content-Type is absent or a JSON media type (`application/json`, `application/*+json`). */
export function acceptsAsJson(contentType: string | undefined): boolean {
  if (contentType === undefined || contentType === 'application/json') return true;
  if (contentType.trim() === '') return true;
  const mediaType = contentType.split(';')[0]?.trim() ?? '';
  return JSON_MEDIA_TYPE.test(mediaType);
}

function invalidJson(c: Context, description: string): BodyRead {
  return {
    ok: false,
    response: errorResponse(c, {
      status: 'INVALID_ARGUMENT',
      reason: 'INVALID_JSON',
      message: 'the request body is not valid JSON',
      fieldViolations: [{ field: 'body', description }],
    }),
  };
}

/** The 413 answer of a body over the limit (AIP-193). */
export function payloadTooLarge(c: Context, limitBytes: number): Response {
  return errorResponse(c, {
    ...TRANSPORT_ERRORS.payloadTooLarge,
    reason: 'PAYLOAD_TOO_LARGE',
    message: `the request body is larger than ${limitBytes} bytes (BILLING_BODY_LIMIT_BYTES)`,
  });
}

// As node-server decodes a body for `c.req.text()`: UTF-8, a leading byte order mark dropped, malformed
// bytes replaced.
const decoder = new TextDecoder();

/**
 * Reads a JSON request body of at most `limitBytes`: 415 for a non-JSON Content-Type, 413 over the limit,
 * 400 for an empty or invalid body.
 */
export async function readJsonBody(c: Context, limitBytes: number): Promise<BodyRead> {
  const contentType = requestHeader(c, 'content-type');
  if (!acceptsAsJson(contentType)) {
    return {
      ok: false,
      response: errorResponse(c, {
        ...TRANSPORT_ERRORS.unsupportedMediaType,
        reason: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'the request body must be JSON (Content-Type: application/json)',
      }),
    };
  }
  const read = await readBody(c, limitBytes);
  if (!read.ok) return { ok: false, response: payloadTooLarge(c, limitBytes) };
  const text = decoder.decode(read.bytes);
  // A body starting with `{` or `[` is not blank; only the others are trimmed (a copy of the body).
  const first = text.charCodeAt(0);
  if (first !== 0x7b && first !== 0x5b && text.trim() === '') return invalidJson(c, 'the body is empty; send a JSON object ({} is the smallest request)');
  try {
    return { ok: true, value: JSON.parse(text) as unknown, text };
  } catch (error) {
    return invalidJson(c, error instanceof SyntaxError ? error.message : 'not JSON');
  }
}

/**
 * Reads the body of a method that takes none: empty or `{}` is accepted whatever the
 * Content-Type says; 413 over the limit; anything else is 400.
 */
export async function readEmptyBody(c: Context, limitBytes: number): Promise<BodyRead> {
  const read = await readBody(c, limitBytes);
  if (!read.ok) return { ok: false, response: payloadTooLarge(c, limitBytes) };
  const text = decoder.decode(read.bytes).trim();
  if (text === '') return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return invalidJson(c, error instanceof SyntaxError ? error.message : 'not JSON');
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0) {
    return { ok: true, value };
  }
  return {
    ok: false,
    response: errorResponse(c, {
      status: 'INVALID_ARGUMENT',
      reason: 'UNEXPECTED_BODY',
      message: 'this method takes no request body; send nothing or {}',
      fieldViolations: [{ field: 'body', description: 'must be empty or {}' }],
    }),
  };
}

export type RawBodyRead = { ok: true; bytes: Uint8Array } | { ok: false; reason: 'too_large' };

/** The client closed the connection before the whole body arrived. */
export class RequestIncompleteError extends Error {
  override readonly name = 'RequestIncompleteError';
}

/**
 * Reads a request body once, as the bytes arrive, counting them against `limitBytes` (a body that grows
 * past it is refused at that chunk and the rest left to the server to drain). The bytes come from node's
 * request stream when served by node (no web `Request` is built for it), else from the web Request's
 * stream (`app.request`): one loop over either. Rejects with `RequestIncompleteError` when the client
 * goes away mid-body.
 * @example const read = await readBody(c, 1_048_576); if (read.ok) verify(read.bytes)
 */
export async function readBody(c: Context, limitBytes: number): Promise<RawBodyRead> {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  // NOTE: node's iterator must not destroy the request when the loop stops at the limit: the 413 still
  // goes out on its socket.
  const source: AsyncIterable<Uint8Array> | null = incoming !== undefined ? incoming.iterator({ destroyOnReturn: false }) : c.req.raw.body;
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for await (const chunk of source ?? []) {
      total += chunk.byteLength;
      if (total > limitBytes) return { ok: false, reason: 'too_large' };
      chunks.push(chunk);
    }
  } catch {
    throw new RequestIncompleteError('the request was not received completely');
  }
  return { ok: true, bytes: chunks.length === 1 ? (chunks[0] as Uint8Array) : Buffer.concat(chunks, total) };
}
