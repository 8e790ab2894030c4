import type { DomainError } from '@billing/billing-domain';
import { MAX_LISTED_VIOLATIONS } from '@billing/pricing-core';
import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from '../http/context.js';
import {
  CANONICAL_STATUSES,
  DOMAIN_ERROR_STATUS,
  HTTP_STATUS_OF,
  reasonOf,
  type CanonicalStatus,
} from './status-table.js';

/** ErrorInfo `domain` of every error this service returns. */
export const ERROR_DOMAIN = 'billing';

export const fieldViolationSchema = z
  .object({
    field: z.string().openapi({ example: 'planConfig.prices[0].unitAmount' }),
    description: z.string(),
  })
  .openapi('FieldViolation');

const badRequestSchema = z
  .object({
    '@type': z.literal('type.googleapis.com/google.rpc.BadRequest'),
    fieldViolations: z.array(fieldViolationSchema),
  })
  .openapi('BadRequest');

const preconditionFailureSchema = z
  .object({
    '@type': z.literal('type.googleapis.com/google.rpc.PreconditionFailure'),
    violations: z.array(z.object({ type: z.string(), subject: z.string(), description: z.string() })),
  })
  .openapi('PreconditionFailure');

const errorInfoSchema = z
  .object({
    '@type': z.literal('type.googleapis.com/google.rpc.ErrorInfo'),
    reason: z.string().openapi({ example: 'ADDON_NOT_FOUND' }),
    domain: z.literal(ERROR_DOMAIN),
    metadata: z.record(z.string(), z.string()),
  })
  .openapi('ErrorInfo');

/** The AIP-193 error body, shared by the handlers and the OpenAPI document. */
export const errorResponseSchema = z
  .object({
    error: z.object({
      code: z.number().int().openapi({ example: 400 }),
      status: z.enum(CANONICAL_STATUSES),
      message: z.string().openapi({ example: 'request has 1 invalid field' }),
      details: z.array(z.union([badRequestSchema, preconditionFailureSchema, errorInfoSchema])),
    }),
  })
  .openapi('Error');

export type ErrorResponse = z.infer<typeof errorResponseSchema>;
export type FieldViolation = z.infer<typeof fieldViolationSchema>;

export interface ApiError {
  status: CanonicalStatus;
  message: string;
  /** ErrorInfo reason, upper snake case. */
  reason: string;
  /** Defaults to the canonical HTTP status of `status`. */
  httpStatus?: ContentfulStatusCode;
  fieldViolations?: readonly FieldViolation[];
  precondition?: { type: string; subject: string };
}

/**
 * Builds the AIP-193 body of an error: BadRequest or PreconditionFailure when relevant, then ErrorInfo.
 * Every answer lists at most MAX_LISTED_VIOLATIONS field violations (the message may count more).
 * @example errorBody({ status: 'NOT_FOUND', reason: 'ROUTE_NOT_FOUND', message: 'no such route' })
 */
export function errorBody(e: ApiError): ErrorResponse {
  const details: ErrorResponse['error']['details'] = [];
  if (e.fieldViolations !== undefined && e.fieldViolations.length > 0) {
    details.push({
      '@type': 'type.googleapis.com/google.rpc.BadRequest',
      fieldViolations: e.fieldViolations.slice(0, MAX_LISTED_VIOLATIONS).map((v) => ({ field: v.field, description: v.description })),
    });
  }
  if (e.precondition !== undefined) {
    details.push({
      '@type': 'type.googleapis.com/google.rpc.PreconditionFailure',
      violations: [{ ...e.precondition, description: e.message }],
    });
  }
  details.push({
    '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
    reason: e.reason,
    domain: ERROR_DOMAIN,
    metadata: {},
  });
  const code = e.httpStatus ?? HTTP_STATUS_OF[e.status];
  return { error: { code, status: e.status, message: e.message, details } };
}

/** Answers an AIP-193 error. */
export function errorResponse(c: Context, e: ApiError): Response {
  return c.json(errorBody(e), e.httpStatus ?? HTTP_STATUS_OF[e.status]);
}

/** `request has N invalid field(s)`, the message of every validation error. */
export function invalidFieldsMessage(count: number): string {
  return `request has ${count} invalid ${count === 1 ? 'field' : 'fields'}`;
}

/** Answers 400 INVALID_ARGUMENT with one field violation per entry. */
export function invalidArgument(c: Context, violations: readonly FieldViolation[], reason = 'INVALID_ARGUMENT'): Response {
  return errorResponse(c, {
    status: 'INVALID_ARGUMENT',
    reason,
    message: invalidFieldsMessage(violations.length),
    fieldViolations: violations,
  });
}

/**
 * Answers a billing-domain error through the one status table.
 * `subject` names the resource a failed precondition is about.
 */
export function domainErrorResponse(c: Context, error: DomainError, subject = ''): Response {
  if (error.code === 'storage.unavailable') (c as Context<AppEnv>).get('scope').storageUnavailable = true;
  const status = DOMAIN_ERROR_STATUS[error.code];
  const reason = reasonOf(error.code);
  const fieldViolations =
    status === 'INVALID_ARGUMENT'
      ? (error.fieldViolations ?? [{ field: error.code === 'request.invalid_page_token' ? 'pageToken' : '', description: error.message }])
      : undefined;
  const precondition = status === 'FAILED_PRECONDITION' ? { type: reason, subject } : undefined;
  return errorResponse(c, { status, reason, message: error.message, fieldViolations, precondition });
}
