import { describe, expect, it } from 'vitest';
import { committedFiles, generateFiles, GENERATED_FILES } from '../scripts/openapi-types.js';

describe('the generated types', () => {
  it(`${GENERATED_FILES.document} and ${GENERATED_FILES.types} equal a fresh generation from the server (else: pnpm --filter @billing/client generate)`, async () => {
    const fresh = await generateFiles();
    const committed = committedFiles();
    expect(committed.document, `${GENERATED_FILES.document} is stale`).toBe(fresh.document);
    expect(committed.types, `${GENERATED_FILES.types} is stale`).toBe(fresh.types);
  });

  it('a fresh generation holds every /v1 operation of the server', async () => {
    const { types } = await generateFiles();
    for (const operation of ['calculatePlan', 'getAddonSubscription', 'listAddonSubscriptions', 'cancelAddonSubscription', 'undoCancelAddonSubscription']) {
      expect(types).toContain(`    ${operation}: {`);
    }
  });
});
