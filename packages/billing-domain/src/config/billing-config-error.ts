import type { FieldViolation } from '@billing/pricing-core';

/**
 * One problem in the configuration, in the one violation shape: `field` says where it is (such as
 * `webhookEndpoints[0].secrets[1]`; '' for the whole document), `description` what is wrong there.
 */
export type BillingConfigIssue = FieldViolation;

/** The configuration is unusable; `issues` lists every problem found, each with its path. */
export class BillingConfigError extends Error {
  override readonly name = 'BillingConfigError';
  readonly issues: BillingConfigIssue[];

  constructor(summary: string, issues: BillingConfigIssue[]) {
    const lines = issues.map((issue) => `  - ${issue.field === '' ? '(root)' : issue.field}: ${issue.description}`);
    super([summary, ...lines].join('\n'));
    this.issues = issues;
  }
}
