import { CANONICAL_STATUSES, HTTP_STATUS_OF } from '../../../src/errors/status-table.js';
import { WEBHOOK_PREFIX } from '../../../src/app.js';

/** HTTP statuses an AIP-193 error may carry, with the canonical statuses allowed for each. */
const STATUSES_OF_CODE: Record<number, string[]> = { 413: ['INVALID_ARGUMENT'], 415: ['INVALID_ARGUMENT'] };
for (const [name, code] of Object.entries(HTTP_STATUS_OF)) (STATUSES_OF_CODE[code] ??= []).push(name);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Problems of an AIP-193 error body for `status`; empty when it is one. */
export function aip193Problems(status: number, body: unknown): string[] {
  if (!isObject(body) || !isObject(body['error'])) return ['not { error: {...} }'];
  const problems: string[] = [];
  if (Object.keys(body).length !== 1) problems.push(`extra top-level keys ${Object.keys(body).join(',')}`);
  const { code, status: name, message, details, ...rest } = body['error'];
  if (code !== status) problems.push(`error.code ${String(code)} is not the HTTP status ${status}`);
  if (typeof name !== 'string' || !(CANONICAL_STATUSES as readonly string[]).includes(name)) problems.push(`error.status ${String(name)}`);
  else if (!(STATUSES_OF_CODE[status] ?? []).includes(name)) problems.push(`error.status ${name} does not go with HTTP ${status}`);
  if (typeof message !== 'string' || message === '') problems.push('error.message missing');
  if (details !== undefined && (!Array.isArray(details) || details.some((d) => !isObject(d) || typeof d['@type'] !== 'string'))) {
    problems.push('error.details is not a list of typed messages');
  }
  if (Object.keys(rest).length > 0) problems.push(`extra error keys ${Object.keys(rest).join(',')}`);
  if (typeof message === 'string' && /\n\s+at /.test(message)) problems.push('a stack trace in the message');
  return problems;
}

/** Problems of a webhook acknowledgement `{ success, eventId, message }`; empty when it is one. */
export function ackProblems(status: number, body: unknown): string[] {
  if (!isObject(body)) return ['not an object'];
  const problems: string[] = [];
  const keys = Object.keys(body).sort().join(',');
  if (keys !== 'eventId,message,success') problems.push(`keys ${keys}`);
  if (typeof body['success'] !== 'boolean') problems.push('success is not a boolean');
  else if (body['success'] !== (status === 200)) problems.push(`success ${String(body['success'])} with HTTP ${status}`);
  if (typeof body['eventId'] !== 'string') problems.push('eventId is not a string');
  if (typeof body['message'] !== 'string') problems.push('message is not a string');
  return problems;
}

/**
 * Everything wrong with one answer: a 5xx, a body that is not JSON, an error body in neither
 * documented shape, or an acknowledgement outside a webhook delivery.
 */
export function answerProblems(request: { method: string; path: string }, status: number, text: string): string[] {
  if (status >= 500) return [`HTTP ${status}: ${text.slice(0, 300)}`];
  if (request.method === 'HEAD' || status === 204 || status === 304) return [];
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return [`HTTP ${status} with a body that is not JSON: ${text.slice(0, 120)}`];
  }
  const webhook = request.method === 'POST' && request.path.startsWith(WEBHOOK_PREFIX);
  if (isObject(body) && 'success' in body) {
    if (!webhook) return ['an acknowledgement outside a webhook delivery'];
    return ackProblems(status, body).map((p) => `ack: ${p}`);
  }
  if (status < 400) return [];
  return aip193Problems(status, body).map((p) => `AIP-193: ${p}`);
}
