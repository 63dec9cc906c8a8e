import { property } from 'lit/decorators.js';
import { PortfolioClient } from '../client/portfolio.js';
import type { PortfolioApi } from '../client/models.js';
import { PayrailElement } from './payrail-element.js';
import { sampleApi } from './sample/api.js';

const clients = new Map<string, PortfolioClient>();

/**
 * Base of the partner-portfolio elements. The API answers the portfolio to a partner key only, so these
 * elements never use a Payrail token: they read `portfolio-base` (their own, else their provider's), the
 * host backend's same-origin endpoints that add the key. Without one they show sample data.
 */
export class PortfolioElement extends PayrailElement {
  /** The host backend's portfolio endpoints, e.g. `/api/portfolio` (it answers `/summary`, `/pipeline`, `/clients`). */
  @property({ attribute: 'portfolio-base' }) portfolioBase?: string;

  protected get portfolio(): PortfolioApi {
    const base = this.portfolioBase || this.ctx?.source?.connection().portfolioBase;
    if (!base) return sampleApi(this.cc);
    let c = clients.get(base);
    if (!c) clients.set(base, (c = new PortfolioClient(base)));
    return c;
  }

  protected override get live(): boolean {
    return this.portfolio.live;
  }
}
