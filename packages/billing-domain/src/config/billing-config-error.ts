/** One problem in the configuration. */
export interface BillingConfigIssue {
  /** Where it is, such as `webhookEndpoints[0].secrets[1]`; '' for the whole document. */
  path: string;
  /** What is wrong there. */
  message: string;
}

/** The configuration is unusable; `issues` lists every problem found, each with its path. */
export class BillingConfigError extends Error {
  override readonly name = 'BillingConfigError';
  readonly issues: BillingConfigIssue[];

  constructor(summary: string, issues: BillingConfigIssue[]) {
    const lines = issues.map((issue) => `  - ${issue.path === '' ? '(root)' : issue.path}: ${issue.message}`);
    super([summary, ...lines].join('\n'));
    this.issues = issues;
  }
}
