import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { OBJECT_DOCS } from '../request/field-docs.js';
import { planRequestSchema } from './index.js';

describe('the JSON Schema (and so the OpenAPI document) of the request', () => {
  it('describes every field with the sentence of request/field-docs.ts, the one the TypeScript interfaces carry', () => {
    const text = JSON.stringify(z.toJSONSchema(planRequestSchema as z.ZodType, { io: 'input', unrepresentable: 'any' }));
    const sentences = OBJECT_DOCS.flatMap(({ doc, fieldDocs }) => [doc, ...Object.values(fieldDocs as Record<string, string>)]);
    expect(sentences.length).toBeGreaterThan(40);
    for (const sentence of sentences) expect(text).toContain(JSON.stringify(sentence).slice(1, -1));
  });
});
