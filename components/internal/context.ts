import { createContext } from '@lit/context';
import type { PayrailClient } from '../client/client.js';
import type { Country } from '../client/types.js';

/** What `<payrail-provider>` hands to its subtree; `client` is absent when it has no token. */
export interface PayrailContext {
  client?: PayrailClient;
  tenantId?: string;
  country?: Country;
  locale?: string;
}

// A registry symbol, so two SDK bundles on one page still find each other's provider.
export const payrailContext = createContext<PayrailContext>(Symbol.for('payrail.context'));
