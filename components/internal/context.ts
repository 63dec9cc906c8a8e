import { createContext } from '@lit/context';
import type { PayrailClient } from '../client/client.js';
import type { Country } from '../client/types.js';
import type { PayrailStrings } from './i18n.js';

/** What `<payrail-provider>` hands to its subtree; `client` is absent when it has no token. */
export interface PayrailContext {
  client?: PayrailClient;
  tenantId?: string;
  country?: Country;
  locale?: string;
  /** The provider's `lang`: wins over the country's default language. */
  lang?: string;
  /** The provider's string overrides; an element's own `strings` win. */
  strings?: PayrailStrings;
}

// A registry symbol, so two SDK bundles on one page still find each other's provider.
export const payrailContext = createContext<PayrailContext>(Symbol.for('payrail.context'));
