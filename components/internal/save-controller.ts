// How an element writes (DESIGN.md, "How the SDK writes"), once for every element that does: the page hears
// of the write first and may take it over; the element writes only what the page leaves it, only with live
// data, a governance reason and a token that allows it, and then reads afresh.
import type { ReactiveController } from 'lit';
import { PayrailApiError } from '../client/errors.js';
import type { PayrailApi } from '../client/models.js';
import type { PayrailEventMap } from './events.js';
import type { ElementPort } from './payrail-element.js';

/** The token's allowlist holds this form (a page's own tokens say so in `me`). */
export async function mayWrite(api: PayrailApi, form: string): Promise<boolean> {
  const me = await api.me();
  return me.components.includes('*') || me.components.includes(form);
}

type WriteEvent = 'payrail-save' | 'payrail-leave-decision';
type Detail<K extends WriteEvent> = Omit<PayrailEventMap[K], 'waitUntil' | 'sample'>;

/** What came of a write: handed to the page, written (with the answer), or refused (messages by field, '' for the whole). */
export type SaveResult<T> =
  | { status: 'handed' }
  | { status: 'written'; value: T }
  | { status: 'refused'; errors: Record<string, string>; error: unknown };

export interface SaveOptions<K extends WriteEvent> {
  /** The event the page hears (`payrail-save` unless said). */
  event?: K;
  /** The component name the token's allowlist must hold, or the element's own verdict on whether it may write. */
  allow: string | ((api: PayrailApi) => boolean | Promise<boolean>);
  reason: () => string | undefined;
  /** Reads the element's data again after its own write. */
  reload?: () => unknown;
  /** The field an error's path is about ('' for the whole write); the path itself unless said. */
  fieldOf?: (path: string) => string;
  /** The whole write's message where the element words a refusal its own way (undefined: the usual words). */
  message?: (err: unknown) => string | undefined;
  /** The page may hand back its own write's promise (`detail.waitUntil`), whose outcome the element shows. */
  handBack?: boolean;
}

/**
 * Owns one element's writes. The outcome is handed to `done` as soon as it is known: a write the page takes, or
 * that sample data or a missing reason keeps from the API, is reported in the same task as the event, so the
 * element shows it (and its form is reset) before the page's next step.
 */
export class SaveController<K extends WriteEvent = 'payrail-save'> implements ReactiveController {
  /** A write (or the checks before it) is under way: a second one is ignored until it ends. */
  busy = false;
  /** The whole write's message from the last refusal ('' once a write goes through). */
  error = '';

  constructor(
    private readonly port: ElementPort,
    private readonly o: SaveOptions<K>,
  ) {
    port.host.addController(this);
  }

  /** Nothing to set up: the controller holds no subscription, only the state of the element's writes. */
  hostConnected(): void {}

  /** The write, one at a time: false (and nothing done) while another is under way. */
  run<T>(detail: Detail<K>, write: (reason: string) => Promise<T>, done: (r: SaveResult<T>) => void): boolean {
    return this.hold(() => this.send(detail, write, done));
  }

  /** Runs `work` (checks, then `send`) while busy: false (and nothing done) while work is under way already. */
  hold(work: () => void | Promise<void>): boolean {
    if (this.busy) return false;
    this.#busy(true);
    // `send` ends the busy state as it reports; this ends work that stops before it (a failed check).
    const end = () => this.busy && this.#busy(false);
    let p: void | Promise<void>;
    try {
      p = work();
    } catch (err) {
      end();
      throw err;
    }
    if (p) void p.finally(end);
    else end();
    return true;
  }

  /** Emits the cancelable event; writes only what the page leaves to the element, and reads afresh after. */
  send<T>(
    detail: Detail<K>,
    write: (reason: string) => Promise<T>,
    done: (r: SaveResult<T>) => void,
  ): void | Promise<void> {
    const { port, o } = this;
    let outcome: Promise<unknown> | undefined;
    const waitUntil = (p: Promise<unknown>) => void (outcome = Promise.resolve(p));
    const event = (o.event ?? 'payrail-save') as K;
    const ev = port.emit(event, (o.handBack ? { ...detail, waitUntil } : detail) as PayrailEventMap[K]);
    const api = port.api();
    const reason = o.reason()?.trim();
    if (!outcome && (ev.defaultPrevented || !api.live || !reason)) return this.#end(done, { status: 'handed' });
    return this.#write(api, reason!, outcome, write).then((r) => this.#end(done, r));
  }

  /** The page's write handed back, else the element's own where the allowlist lets it, then a fresh read. */
  async #write<T>(
    api: PayrailApi,
    reason: string,
    outcome: Promise<unknown> | undefined,
    write: (reason: string) => Promise<T>,
  ): Promise<SaveResult<T>> {
    try {
      if (outcome) return { status: 'written', value: (await outcome) as T };
      const allowed = typeof this.o.allow === 'string' ? await mayWrite(api, this.o.allow) : await this.o.allow(api);
      if (!allowed) return { status: 'handed' };
      const value = await write(reason);
      api.reset?.();
      this.o.reload?.();
      return { status: 'written', value };
    } catch (err) {
      return { status: 'refused', errors: this.errorsOf(err), error: err };
    }
  }

  /** The outcome ends the element's busy state in the same task as it is shown. */
  #end<T>(done: (r: SaveResult<T>) => void, r: SaveResult<T>) {
    this.error = r.status === 'refused' ? (r.errors[''] ?? '') : '';
    this.#busy(false);
    done(r);
  }

  /** Messages at the fields their paths name, a field's first. */
  byField(list: { path: string; message: string }[]): Record<string, string> {
    const out: Record<string, string> = {};
    for (const v of list) out[this.o.fieldOf?.(v.path) ?? v.path] ||= v.message;
    return out;
  }

  /** The API's errors at their fields, else one message for the whole request. */
  errorsOf(err: unknown): Record<string, string> {
    const list = err instanceof PayrailApiError ? (err.errors ?? []) : [];
    if (list.length) return this.byField(list);
    const own = this.o.message?.(err);
    const key = err instanceof PayrailApiError && err.status === 403 ? 'errForbidden' : 'errGeneric';
    return { '': own ?? this.port.t(key) };
  }

  #busy(on: boolean) {
    this.busy = on;
    this.port.host.requestUpdate();
  }
}
