export { PayrailClient, tokenExpiry, CACHE_TTL_MS, type ClientConfig } from './client.js';
export { PayrailApiError } from './errors.js';
export type * from './models.js';
