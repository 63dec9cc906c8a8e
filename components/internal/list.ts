// The tables the API both searches and pages (employees, pay runs, employers): one search box whose words
// go with every page request, so each list element says only what it fetches and how a row looks.
import { css, type ReactiveControllerHost } from 'lit';
import type { ApiList } from '../client/models.js';
import { Paged } from './paged.js';
import { SearchController } from './search.js';

type Fetch<T> = (q: string, cursor: string | undefined, signal?: AbortSignal) => Promise<ApiList<T>>;

/** Pages of the rows matching the search box: a new search, or a change of `args`, reloads the first page. */
export class SearchedList<T extends { id: string }> extends Paged<T> {
  readonly search: SearchController;

  constructor(host: ReactiveControllerHost, fetch: Fetch<T>, args: () => readonly unknown[]) {
    const search = new SearchController(host);
    super(
      host,
      (cursor, signal) => fetch(search.q, cursor, signal),
      () => [...args(), search.q],
    );
    this.search = search;
  }
}

/** Rows named by a link in the primary colour, with a smaller line under the name. */
export const rowLinkStyles = css`
  td .sub {
    font-size: 12px;
  }
  td .link {
    color: var(--_primary);
  }
`;
