export { PROVIDERS } from './contract.js';
export type * from './contract.js';
