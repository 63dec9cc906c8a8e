// The list helper behind the employees, pay runs and employers tables: the search box's words go with
// the first page and every later one, and a new search (or a change of the list's own inputs) starts over.
import { LitElement } from 'lit';
import { SearchedList } from '../../components/internal/list.js';
import { expect } from './support.js';

const asked: [string, string | undefined][] = [];

class ListHost extends LitElement {
  status = 'all';
  list = new SearchedList<{ id: string }>(
    this,
    async (q, cursor) => {
      asked.push([q, cursor]);
      return { data: [{ id: `${q}-${cursor ?? 0}` }], has_more: !cursor, next_cursor: cursor ? null : 'page-2' };
    },
    () => [this.status],
  );
}
customElements.define('searched-list-host', ListHost);

describe('SearchedList', () => {
  it('sends the search with every page, and starts over on a new search or a new input', async () => {
    const host = document.createElement('searched-list-host') as ListHost;
    document.body.append(host);
    try {
      await host.list.task.taskComplete;
      expect(asked).to.deep.equal([['', undefined]]);
      host.list.search.input('amy');
      host.list.search.commit();
      await host.updateComplete;
      await host.list.task.taskComplete;
      await host.list.more();
      expect(asked.slice(1)).to.deep.equal([
        ['amy', undefined],
        ['amy', 'page-2'],
      ]);
      expect(host.list.rows.map((r) => r.id)).to.deep.equal(['amy-0', 'amy-page-2']);
      host.status = 'finalised';
      host.requestUpdate();
      await host.updateComplete;
      await host.list.task.taskComplete;
      expect(asked.at(-1)).to.deep.equal(['amy', undefined]);
      expect(host.list.rows.map((r) => r.id)).to.deep.equal(['amy-0']);
    } finally {
      host.remove();
    }
  });
});
