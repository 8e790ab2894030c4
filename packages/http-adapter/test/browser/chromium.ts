import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's chromium (`apt-get install -y chromium`); BILLING_CHROMIUM overrides the path. */
export const CHROMIUM_PATH = process.env['BILLING_CHROMIUM'] || '/usr/bin/chromium';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Whether the browser tests can run: chromium is installed. Absent under CI=true is an error (the
 * tests must not silently skip there); elsewhere the tests are skipped with the reason.
 */
export function chromiumAvailability(): { ok: true } | { ok: false; reason: string } {
  if (existsSync(CHROMIUM_PATH)) return { ok: true };
  const reason = `chromium not found at ${CHROMIUM_PATH} (apt-get install -y chromium, or set BILLING_CHROMIUM)`;
  if (process.env['CI'] === 'true' || process.env['CI'] === '1') throw new Error(`${reason}; CI requires it`);
  return { ok: false, reason };
}

/** Headless chromium through playwright-core. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: ARGS });
}
