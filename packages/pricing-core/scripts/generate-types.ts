// Writes src/request/types.ts from the request's field tables and docs (see src/request/generate-types.ts).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generateTypes } from '../src/request/generate-types.js';

const target = fileURLToPath(new URL('../src/request/types.ts', import.meta.url));
writeFileSync(target, generateTypes());
console.log(`wrote ${target}`);
