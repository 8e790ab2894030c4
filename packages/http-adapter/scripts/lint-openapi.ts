// `pnpm lint:openapi`: writes the server's own OpenAPI document (GET /openapi.json of an app with
// every route, /metrics included) to a temporary file and runs `redocly lint` with the
// recommended rules on it. Exit code: redocly's (0 when there is no error).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BillingService } from '@billing/billing-domain';
import { pino } from 'pino';
import { createApp } from '../src/app.js';
import { createJwtVerifier } from '../src/auth/token-verifier.js';
import { createMetrics } from '../src/metrics/metrics.js';

const unused = (): never => {
  throw new Error('the document is generated without calling the service');
};
const billing = { addons: new Proxy({}, { get: unused }), webhooks: new Proxy({}, { get: unused }), isReady: unused, close: unused } as unknown as BillingService;
const app = createApp({
  billing,
  auth: createJwtVerifier({ secret: 'x'.repeat(32) }),
  logger: pino({ level: 'silent' }),
  bodyLimitBytes: 1024 * 1024,
  metrics: createMetrics(),
});
const response = await app.request('/openapi.json');
const dir = mkdtempSync(join(tmpdir(), 'billing-openapi-'));
const file = join(dir, 'openapi.json');
writeFileSync(file, JSON.stringify(await response.json(), null, 2));
const lint = spawnSync('redocly', ['lint', '--extends=recommended', file, ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  shell: process.platform === 'win32',
});
rmSync(dir, { recursive: true, force: true });
if (lint.error) {
  process.stderr.write(`redocly could not run: ${lint.error.message} (is @redocly/cli installed? pnpm install)\n`);
  process.exit(1);
}
process.exit(lint.status ?? 1);
