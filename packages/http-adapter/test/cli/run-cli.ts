import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from '../support/server-process.js';

const OWN_ENV = /^(BILLING_|DATABASE_URL$|PORT$|HOST$|LOG_LEVEL$|NODE_ENV$)/;

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the `billing` CLI as a process from its source entry, with only the given variables configuring it. */
export function runCli(args: string[], options: { env?: Record<string, string>; stdin?: string; cwd?: string } = {}): Promise<CliRun> {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !OWN_ENV.test(k)));
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', join(REPO_ROOT, 'packages/http-adapter/src/cli/main.ts'), ...args], {
    cwd: options.cwd ?? REPO_ROOT,
    env: { ...inherited, ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(options.stdin ?? '');
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A small valid plan request: two instances, an add-on, pooled egress, 10% off, 20% tax. */
export const SAMPLE_PLAN = {
  planConfig: {
    currency: 'USD',
    prices: [
      { productType: 'PRODUCT_TYPE_BASE', pricingModel: 'PRICING_MODEL_PER_UNIT', unitAmount: '10.00' },
      { productType: 'PRODUCT_TYPE_ADDON', pricingModel: 'PRICING_MODEL_FLAT', unitAmount: '1.25', addonCode: 'backup' },
      { productType: 'PRODUCT_TYPE_USAGE', pricingModel: 'PRICING_MODEL_PER_UNIT', unitAmount: '0.05', metricName: 'egress_gb', freeUnits: 100 },
    ],
  },
  instances: [{ quantity: 2, region: 'eu-west', addons: [{ code: 'backup' }], usage: { egress_gb: 400 } }, { quantity: 1, usage: { egress_gb: 40 } }],
  calcConfig: { taxRate: '0.2', discountPercent: 10 },
};
