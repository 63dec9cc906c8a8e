export { PayrailClient, type ClientConfig } from './client.js';
export { PayrailApiError } from './errors.js';
export type * from './types.js';
