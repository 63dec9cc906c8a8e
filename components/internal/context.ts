import { createContext } from '@lit/context';
import type { PayrailClient } from '../client/client.js';
import type { Country } from '../client/models.js';
import type { PayrailStrings } from './i18n.js';

/** A provider's connection as its subtree sees it now; `client` is absent when it has no token. */
export interface PayrailConnection {
  client?: PayrailClient;
  tenantId?: string;
  country?: Country;
  locale?: string;
  /** The provider's `lang`: wins over the country's default language. */
  lang?: string;
  /** The provider's string overrides; an element's own `strings` win. */
  strings?: PayrailStrings;
  /** The host backend's portfolio endpoints, for the partner-portfolio elements. */
  portfolioBase?: string;
}

/**
 * What `<payrail-provider>` hands to its subtree: itself, so an element reads the provider's
 * settings when it renders (a token set right after the markup is seen before anything loads),
 * and a revision that changes whenever those settings change.
 */
export interface PayrailContext {
  source?: { connection(): PayrailConnection; contains(n: Node | null): boolean };
  rev?: number;
}

// A registry symbol, so two SDK bundles on one page still find each other's provider.
export const payrailContext = createContext<PayrailContext>(Symbol.for('payrail.context'));
