import { Task } from '@lit/task';
import { html, nothing, type ReactiveControllerHost } from 'lit';
import type { ApiList } from '../client/models.js';
import type { MessageKey } from './i18n.js';
import { errorState } from './states.js';

type Fetch<T> = (cursor: string | undefined, signal?: AbortSignal) => Promise<ApiList<T>>;

/**
 * Cursor pagination: the first page is a Task (so it aborts and reloads when its inputs change),
 * later pages append without replacing what is on screen with a skeleton.
 */
export class Paged<T extends { id: string }> {
  rows: T[] = [];
  cursor: string | null = null;
  hasMore = false;
  busy = false;
  moreError: unknown;
  /** Rows across every page, when the API counts them (`total`). */
  total?: number;
  /** What the API lets the caller do beside the rows (`allowed_actions`, from the first page). */
  allowed: string[] = [];
  readonly task: Task<readonly unknown[], T[]>;

  constructor(
    private host: ReactiveControllerHost,
    private fetchPage: Fetch<T>,
    args: () => readonly unknown[],
  ) {
    this.task = new Task(host, {
      args,
      task: async (_a, { signal }) => this.take(await fetchPage(undefined, signal), true),
    });
  }

  private take(p: ApiList<T>, reset: boolean): T[] {
    this.rows = reset ? p.data : [...this.rows, ...p.data];
    this.cursor = p.next_cursor;
    this.hasMore = p.has_more && !!p.next_cursor;
    this.total = p.total;
    if (reset) this.allowed = p.allowed_actions ?? [];
    return this.rows;
  }

  /**
   * Appends the next page. When `from` (the "Load more" button) had focus, focus then moves to the
   * first new row on screen (its `.link` in `tr[data-id]`), or stays on `from` when none arrived.
   */
  async more(from?: Element): Promise<void> {
    if (this.busy || !this.cursor) return;
    const first = this.rows.length;
    const root = from?.getRootNode() as ShadowRoot | undefined;
    const had = !!from && root?.activeElement === from;
    this.busy = true;
    this.moreError = undefined;
    this.host.requestUpdate();
    try {
      this.take(await this.fetchPage(this.cursor), false);
    } catch (e) {
      this.moreError = e;
    } finally {
      this.busy = false;
      this.host.requestUpdate();
    }
    if (!had) return;
    await this.host.updateComplete;
    const next = this.rows
      .slice(first)
      .map((r) => root!.querySelector<HTMLElement>(`tr[data-id="${CSS.escape(r.id)}"] .link`))
      .find(Boolean);
    (next ?? (from!.isConnected ? (from as HTMLElement) : null))?.focus();
  }

  /** The list's foot: the next page's error, and "Load more" (busy, not disabled, while it loads). */
  footer(t: (k: MessageKey) => string) {
    return html`${this.moreError ? errorState(this.moreError, t, { retry: () => this.more() }) : nothing}
    ${
      this.hasMore
        ? html`<div class="foot">
            <button
              class="btn"
              part="button load-more-button"
              aria-disabled=${this.busy ? 'true' : 'false'}
              @click=${(e: Event) => this.more(e.currentTarget as Element)}
            >
              ${t(this.busy ? 'loading' : 'loadMore')}
            </button>
          </div>`
        : nothing
    }`;
  }
}
