import openapiFetch from 'openapi-fetch';

// NOTE: openapi-fetch's CommonJS build puts createClient on `exports.default`. Our CommonJS
// build reads a package's default export with node's semantics (the whole `module.exports`),
// so there the import is the exports object and its `default` is the function; from ESM it is
// the function itself. The package check's require() test is what catches this.
const interop = openapiFetch as unknown as typeof openapiFetch | { default: typeof openapiFetch };

/** openapi-fetch's createClient, from either build. */
export const createFetchClient: typeof openapiFetch = typeof interop === 'function' ? interop : interop.default;
