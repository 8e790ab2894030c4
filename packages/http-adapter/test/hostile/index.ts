// The hostile suite: attacks on the real server process (test/support/server-process.ts), one
// server per file, each file ending with "the same process (same pid) is alive and /healthz answers".
// Every call has a client timeout, so a server that dies or stalls fails the test within seconds.
//
// Run against the code before the fixes (one run, 2 cores; 37 of 52 tests failed, 177 s, most of it
// client timeouts and slow-client caps; the three "store" cases, found by the fuzz, were added later
// and checked on their own: 40 of 55). The results of each test on that code:
//
// | finding | file | test | before the fixes |
// |---|---|---|---|
// | 1 numeric bombs | numeric-bombs | 7 fields (freeUnits, capHours, hoursUsed, usage element, unitQuantity, 2 tier bounds) | FAIL: the first request kills the process (OOM); the rest get ECONNREFUSED |
// | 1 | numeric-bombs | same process alive | FAIL: the process is dead |
// | 2 formula bomb | event-loop | 4xx or result in time, /healthz < 100 ms | FAIL: /healthz stalls (probes time out at 2 s or take 1.3 s); the 200 comes after 5 s, or not within 10 s |
// | 3 debug amplification | debug-amplification | BASIC debug small by default | FAIL: debug holds the full breakdown |
// | 3 | debug-amplification | ?view=FULL within the limit is BASIC plus the breakdown | FAIL: `view` ignored, both answers equal |
// | 3 | debug-amplification | FULL with 110,000 entries is 400 naming `view` | FAIL: no answer within 10 s (10 million tier entries) |
// | 3 | debug-amplification | same process alive | pass |
// | 4 echoed numbers | bounded-answers | discountPercent "1e-999999" 400 | FAIL: 200 |
// | 4 | bounded-answers | quantity "1e-999999" 400 | FAIL: 200 |
// | 4 | bounded-answers | quantity "1e+999999" 400 | pass (already refused) |
// | 4 | bounded-answers | discountPercent 1e-7 / 0.000000000001 / "0.0000001": 200 without exponents | FAIL (3 tests): `1e-7`, `1e-12` in the answer |
// | 5 349,000 instances | bounded-answers | 400 naming instances, maxInstances, BILLING_MAX_INSTANCES | FAIL: 200 (a response of tens of MB) |
// | 10 violation list | bounded-answers | at most 100 listed, message with the total | FAIL: "request has 10000 invalid fields", all listed |
// | 4, 5, 10 | bounded-answers | same process alive | pass |
// | 6 slow clients | abusive-clients | headers a byte at a time closed within 8 s | FAIL: still open at 8 s |
// | 6 | abusive-clients | body a byte at a time closed within 8 s | FAIL: still open at 8 s |
// | 6 | abusive-clients | unsigned webhook refused before its body | FAIL: no answer (waits for the body) |
// | 11 rate limit | abusive-clients | burst of 30: 429 with headers, org_b served | FAIL: 30 of 30 served |
// | 6, 11 | abusive-clients | same process alive | pass |
// | 7 page tokens | tokens-webhooks-metrics | real token pages on | pass (setup) |
// | 7 | tokens-webhooks-metrics | NUL byte appended to the token text | pass (already 400) |
// | 7 | tokens-webhooks-metrics | NUL byte inside a forged token | FAIL: 503 UNAVAILABLE |
// | 7 | tokens-webhooks-metrics | year +275760 / -271821 | FAIL (2 tests): 503 UNAVAILABLE |
// | 7 | tokens-webhooks-metrics | one base64 character changed | pass (already 400) |
// | 7 | tokens-webhooks-metrics | forged well-formed token | FAIL: 200 |
// | 7 | tokens-webhooks-metrics | org_b's token used by org_a | FAIL: 200 |
// | 9 raw-byte HMAC | tokens-webhooks-metrics | signed over its bytes: 0xff accepted, 0xfe refused | FAIL: the correctly signed 0xff body is refused |
// | 9 | tokens-webhooks-metrics | signature over the decoded text verifies neither body | FAIL: 200 (both verify) |
// | fuzz finding | tokens-webhooks-metrics | signed standard event with timestamp / currentPeriodEnd in year 0000, add-on quantity 999999999999999.999999999999 | FAIL (3 tests): 503 "storage is unavailable" |
// | 13 metrics | tokens-webhooks-metrics | /metrics Prometheus text with request counts | FAIL: 404 |
// | 7, 9, 13 | tokens-webhooks-metrics | same process alive | pass |
// | 8 JWKS down | jwks-down | 503 with Retry-After, not 401 | FAIL: 401 |
// | 8 | jwks-down | same process alive | pass |
// | 8 unknown kids | jwks-flood | known key accepted; 40 unknown kids: 401 each, at most 1 refetch | pass (0 refetches: jose's cooldown) |
// | 12 deadline | deadline | 504 DEADLINE_EXCEEDED at 50 ms | FAIL: 200 after 6 s |
// | 12 | deadline | a small calculation answers; same process alive | pass |
// | 14 largest calculation | event-loop | 200/400 in time, /healthz max < 100 ms | FAIL: answered in 8.6-9.7 s, /healthz probes timed out (2 s) |
// | 2, 14 | event-loop | same process alive | pass (it survives, once the CPU is free) |
// | fuzz | fuzz | 6,000 plan bodies: 0 5xx, 0 broken | FAIL: the process died after 490 answers (a numeric bomb) |
// | fuzz | fuzz | 4,000 standard deliveries: 0 5xx | FAIL: the process was already dead. On a fresh server: 6 x 503 (timestamps in year 0000, a quantity of 999999999999999.999999999999) |
// | fuzz | fuzz | same process alive, peak RSS printed | FAIL: the process is dead (VmHWM 2,926 MiB before it died) |

/** The findings and the file that attacks each. */
export const HOSTILE_FINDINGS = {
  1: 'numeric-bombs.test.ts',
  2: 'event-loop.test.ts',
  3: 'debug-amplification.test.ts',
  4: 'bounded-answers.test.ts',
  5: 'bounded-answers.test.ts',
  6: 'abusive-clients.test.ts',
  7: 'tokens-webhooks-metrics.test.ts',
  8: 'jwks-down.test.ts, jwks-flood.test.ts',
  9: 'tokens-webhooks-metrics.test.ts',
  10: 'bounded-answers.test.ts',
  11: 'abusive-clients.test.ts',
  12: 'deadline.test.ts',
  13: 'tokens-webhooks-metrics.test.ts',
  14: 'event-loop.test.ts',
  fuzz: 'fuzz.test.ts',
  /** Cases the fuzz found, kept as named tests. */
  'fuzz findings': 'tokens-webhooks-metrics.test.ts',
} as const;
