import type { BillingService } from '@billing/billing-domain';
import { pino, type Logger } from 'pino';
import { createApp, type AppDeps } from '../../src/app.js';
import { createJwtVerifier } from '../../src/auth/token-verifier.js';
import { TEST_SECRET } from './tokens.js';

/** Log lines written by an app under test, parsed. */
export interface CapturedLog {
  logger: Logger;
  lines: () => Record<string, unknown>[];
  text: () => string;
}

export function captureLog(): CapturedLog {
  const chunks: string[] = [];
  const logger = pino({ level: 'debug' }, { write: (chunk: string) => void chunks.push(chunk) });
  return {
    logger,
    text: () => chunks.join(''),
    lines: () => chunks.join('').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

export interface TestAppOptions {
  issuer?: string;
  audience?: string;
  bodyLimitBytes?: number;
  logger?: Logger;
  clock?: () => Date;
  /** Further dependencies (calculator, limits, deadline, rate limit, metrics). */
  deps?: Partial<Omit<AppDeps, 'billing' | 'auth'>>;
}

/** The app under test with HS256 auth on TEST_SECRET. */
export function testApp(billing: BillingService, options: TestAppOptions = {}) {
  return createApp({
    billing,
    auth: createJwtVerifier({ secret: TEST_SECRET, issuer: options.issuer, audience: options.audience }),
    logger: options.logger ?? pino({ level: 'silent' }),
    bodyLimitBytes: options.bodyLimitBytes ?? 1024 * 1024,
    ...(options.clock ? { clock: options.clock } : {}),
    ...options.deps,
  });
}
