import { Task } from '@lit/task';
import { html, nothing, type ReactiveControllerHost } from 'lit';
import type { ApiList } from '../client/models.js';
import type { MessageKey } from './i18n.js';
import { errorState } from './states.js';

type Fetch<T> = (cursor: string | undefined, signal?: AbortSignal) => Promise<ApiList<T>>;

/**
 * Cursor pagination: the first page is a Task (so it aborts and reloads when its inputs change,
 * e.g. a new search), later pages append without replacing what is on screen with a skeleton.
 */
export class Paged<T> {
  rows: T[] = [];
  cursor: string | null = null;
  hasMore = false;
  busy = false;
  moreError: unknown;
  /** Rows across every page, when the API counts them (`total`). */
  total?: number;
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
    return this.rows;
  }

  /** Appends the next page; resolves with the index of the first new row (or -1). */
  async more(): Promise<number> {
    if (this.busy || !this.cursor) return -1;
    const at = this.rows.length;
    this.busy = true;
    this.moreError = undefined;
    this.host.requestUpdate();
    try {
      this.take(await this.fetchPage(this.cursor), false);
      return this.rows.length > at ? at : -1;
    } catch (e) {
      this.moreError = e;
      return -1;
    } finally {
      this.busy = false;
      this.host.requestUpdate();
    }
  }

  /** The list's foot: a failed page (with retry) and "Load more" while there is more. */
  footer(t: (k: MessageKey) => string) {
    return html`${this.moreError ? errorState(this.moreError, t, { retry: () => this.more() }) : nothing}
    ${
      this.hasMore
        ? html`<div class="foot">
            <button class="btn" part="button load-more-button" ?disabled=${this.busy} @click=${() => this.more()}>
              ${t(this.busy ? 'loading' : 'loadMore')}
            </button>
          </div>`
        : nothing
    }`;
  }
}
