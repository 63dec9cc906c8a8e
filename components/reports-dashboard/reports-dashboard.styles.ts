import { css } from 'lit';

// Beside the dashboards' shared sheet (title bar, tiles, states): the report picker, a chart row that
// wraps (a report has one to four charts) and the report's table.
export default css`
  .controls {
    display: flex;
    flex-wrap: wrap;
    align-items: end;
    gap: 12px;
    margin-bottom: 16px;
  }
  .controls label {
    display: grid;
    gap: 6px;
    font: 500 13px/1.3 var(--_font);
    color: var(--_text);
    min-width: 0;
    flex: 1 1 12rem;
    max-width: 20rem;
  }
  select {
    font: 14px/1.4 var(--_font);
    color: var(--_text);
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: var(--_radius-small);
    padding: 8px 10px;
    min-height: 36px;
    width: 100%;
  }
  select:focus-visible {
    outline: 2px solid var(--_primary);
    outline-offset: 1px;
  }
  .controls .btn {
    margin-left: auto;
  }
  .note {
    margin: 0 0 12px;
    font-size: 13px;
    color: var(--_muted);
  }
  .charts {
    grid-template-columns: repeat(auto-fit, minmax(min(100%, 20rem), 1fr));
  }
  .table {
    margin-top: 16px;
    overflow: hidden;
  }
  td.date {
    white-space: nowrap;
  }
  td.num,
  th.num {
    text-align: right;
    white-space: nowrap;
  }
  tfoot td {
    font-weight: 600;
    border-top: 1px solid var(--_border);
    border-bottom: 0;
  }
  @container (max-width: 30rem) {
    .controls .btn {
      margin-left: 0;
      flex: 1 1 100%;
    }
    .controls label {
      max-width: none;
    }
    th,
    td {
      padding: 9px 10px;
    }
  }
`;
