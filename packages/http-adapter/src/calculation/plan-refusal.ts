import type { ApiError } from '../errors/aip193.js';
import { invalidFieldsMessage } from '../errors/aip193.js';
import { withSettingNames, type LimitedFieldViolation } from '../limits/pricing-limits.js';

/**
 * The refusal of an invalid plan request as the API answers it (and `billing price --format json`
 * prints it): 400 INVALID_ARGUMENT, reason PLAN_INVALID, one violation per field, each limit
 * violation naming its setting; when more were found than listed, the message says how many.
 * @example planRefusal([{ field: 'instances', description: 'must be a list' }], 1).message // 'request has 1 invalid field'
 */
export function planRefusal(violations: readonly LimitedFieldViolation[], total: number): ApiError {
  const listed = withSettingNames(violations);
  const message =
    total <= listed.length
      ? invalidFieldsMessage(listed.length)
      : `request has ${total.toLocaleString('en-US')} invalid fields; the first ${listed.length} are listed`;
  return { status: 'INVALID_ARGUMENT', reason: 'PLAN_INVALID', message, fieldViolations: listed };
}
