import { css } from 'lit';
import { property, state } from 'lit/decorators.js';
import { PayrailElement } from './payrail-element.js';
import { mayWrite, SaveController } from './save-controller.js';
import { fill } from '../client/client.js';
import type { TenantWrite, WriteBody, WriteIds, WriteMethod } from '../client/models.js';

/**
 * The base of the employer-setup elements (org setup, cost centres): how they write, as every Payrail form
 * does (DESIGN.md, "How the SDK writes"). A checked change is emitted as a cancelable `payrail-save` naming
 * the request; only when the page lets it through, the data is live, the element has a `governance-reason`
 * and the token's allowlist holds the element does it write itself, with that reason.
 *
 * @attr governance-reason - The reason the element writes with when the page lets it write (3-500 characters).
 */
export abstract class SetupElement extends PayrailElement {
  @property({ attribute: 'governance-reason' }) governanceReason?: string;
  /** The outcome of the last write, in words. */
  @state() protected note = '';
  /** Field errors of the last write by the API's path ('' for the whole write). */
  @state() protected errs: Record<string, string> = {};

  /** The component name a token's allowlist must hold for the element to write itself. */
  protected abstract readonly form: string;
  /** Reads the element's data again after its own write. */
  protected abstract refresh(): void;

  // `form` is the subclass's, set after this initialiser: it is read when a write is allowed.
  #save = new SaveController(this.port, {
    allow: (api) => mayWrite(api, this.form),
    reason: () => this.governanceReason,
    reload: () => this.refresh(),
  });

  /** True when the change was written or handed over; false when the API refused it (errors shown). */
  protected save<M extends WriteMethod, P extends TenantWrite<M>>(
    method: M,
    tpl: P,
    ids: WriteIds<P>,
    payload: WriteBody<P, M>,
  ): Promise<boolean> {
    this.errs = {};
    return new Promise((resolve) => {
      const started = this.#save.run(
        { form: this.form, payload: payload ?? {}, request: { method, path: fill(tpl, ids) } },
        (reason) => this.api.write(method, tpl, ids, payload, reason),
        (r) => {
          this.errs = r.status === 'refused' ? r.errors : {};
          this.note = r.status === 'refused' ? '' : this.t(r.status === 'written' ? 'saved' : 'handedOver');
          resolve(r.status !== 'refused');
        },
      );
      if (!started) resolve(false);
    });
  }
}

/** Sections, rows and the working-day boxes of the setup elements (with `formStyles`). */
export const setupStyles = css`
  form + form,
  .part {
    border-top: 1px solid var(--_border);
  }
  .part {
    padding: 8px 20px;
  }
  ul.plain ul.plain {
    margin: 0;
    padding-left: 20px;
    border-left: 2px solid var(--_border);
  }
  h3 {
    margin: 0 0 10px;
  }
  .fields + h3 {
    margin-top: 20px;
  }
  .days {
    display: flex;
    flex-wrap: wrap;
    gap: 8px 16px;
    margin: 14px 0 0;
    padding: 0;
    border: 0;
  }
  legend {
    width: 100%;
    margin-bottom: 6px;
    padding: 0;
    font-weight: 500;
    font-size: 13px;
  }
  .day {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    font-weight: 400;
  }
  .day input {
    width: 18px;
    height: 18px;
    padding: 0;
    accent-color: var(--_primary);
  }
  ul.plain {
    list-style: none;
    margin: 0 0 14px;
    padding: 0;
  }
  .row {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 6px 12px;
    padding: 8px 0;
    border-bottom: 1px dashed var(--_border);
  }
  .row > span {
    min-width: 0;
    overflow-wrap: anywhere;
  }
`;
