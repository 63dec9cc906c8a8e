import { css } from 'lit';

export default css`
  .sect {
    margin: 0;
    padding: 16px 20px 8px;
    font: 600 14px/1.3 var(--_font-display);
  }
  .pad {
    margin: 0;
    padding: 4px 20px 16px;
  }
  .cal {
    border-top: 1px solid var(--_border);
    margin-top: 8px;
  }
  .cal-head {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 8px;
    padding-right: 20px;
  }
  .nav {
    display: flex;
    gap: 6px;
  }
  .flip {
    display: inline-flex;
    transform: scaleX(-1);
  }
  table.grid {
    border-collapse: collapse;
    font-size: 12px;
    margin: 0 20px 16px;
  }
  table.grid th[scope='row'] {
    text-align: left;
    white-space: nowrap;
    padding-right: 8px;
    font-weight: 500;
  }
  .d {
    min-width: 18px;
    height: 22px;
    padding: 0;
    text-align: center;
    color: var(--_muted);
    font-weight: 400;
  }
  td.d {
    border: 1px solid var(--_border);
  }
  td.off {
    background: var(--_accent);
  }
  td.who-c {
    font-weight: 400;
  }
  /* Stacked (narrow): name and type on one line, the three figures labelled on the next. */
  @container (max-width: 36rem) {
    table.stack tbody tr {
      grid-template-columns: repeat(3, minmax(0, 1fr));
    }
    td.who-c {
      grid-column: 1 / span 2;
      font-weight: 600;
    }
    td.type-c {
      text-align: right;
      color: var(--_muted);
      font-size: 13px;
    }
  }
  .settings {
    border-top: 1px solid var(--_border);
    margin-top: 8px;
    padding-top: 0;
  }
  .settings .sect {
    padding: 16px 0 0;
  }
`;
