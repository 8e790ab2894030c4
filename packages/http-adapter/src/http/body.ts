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

/**
 * Reads a JSON request body: 415 for a non-JSON Content-Type, 400 for an empty or invalid body.
 */
export async function readJsonBody(c: Context): Promise<BodyRead> {
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
  const text = await c.req.text();
  // NOTE: a body starting with `{` or `[` is not blank; only the others are trimmed (a copy of the body).
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
 * Content-Type says; anything else is 400.
 */
export async function readEmptyBody(c: Context): Promise<BodyRead> {
  const text = (await c.req.text()).trim();
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

/**
 * Reads a request body once, straight from its stream into one buffer, as the bytes arrived.
 * A `Content-Length` over `limitBytes` is refused before anything is read; a body that grows
 * past the limit while streaming is refused at that chunk and the stream cancelled.
 * NOTE: hand-written because Hono's `bodyLimit` re-wraps the stream in a new Request and
 * `arrayBuffer()` then copies it again; a webhook body is needed only as bytes, exactly once.
 * @example const read = await readRawBody(c.req.raw, 1_048_576); if (read.ok) verify(read.bytes)
 */
export async function readRawBody(request: Request, limitBytes: number): Promise<RawBodyRead> {
  const declared = request.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared.trim()) > limitBytes) {
    return { ok: false, reason: 'too_large' };
  }
  const stream = request.body;
  if (stream === null) return { ok: true, bytes: new Uint8Array(0) };
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limitBytes) {
      await reader.cancel().catch(() => undefined);
      return { ok: false, reason: 'too_large' };
    }
    chunks.push(value);
  }
  if (chunks.length === 1 && chunks[0] !== undefined) return { ok: true, bytes: chunks[0] };
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, bytes };
}
