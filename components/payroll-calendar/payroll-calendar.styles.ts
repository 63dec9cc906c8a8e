import { css } from 'lit';

export default css`
  :host {
    container-type: inline-size;
  }
  .head {
    display: flex;
    align-items: center;
    gap: 12px;
    flex-wrap: wrap;
    padding: 20px 24px 8px;
  }
  h2 {
    font-size: 18px;
    line-height: 26px;
    margin-right: auto;
  }
  .nav {
    display: flex;
    align-items: center;
    gap: 8px;
  }
  .nav .btn {
    width: 36px;
    padding: 0;
    font-size: 20px;
  }
  .month-name {
    min-width: 9em;
    text-align: center;
    font: 600 15px/22px var(--_font-display);
    margin: 0;
  }
  .where {
    margin: 0;
    padding: 12px 24px 8px;
    color: var(--_muted);
    font-size: 13px;
  }
  .legend {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    list-style: none;
    margin: 0;
    padding: 0 24px 12px;
  }
  .ev {
    display: flex;
    flex-direction: column;
    min-width: 0;
    padding: 2px 6px;
    border-radius: var(--_radius-small);
    font-size: 12px;
    line-height: 16px;
    color: var(--_text);
    border-left: 3px solid var(--_muted);
    background: var(--_surface-soft);
  }
  .ev.pay_date {
    border-left-color: var(--_primary);
    background: color-mix(in srgb, var(--_primary) 12%, var(--_surface));
  }
  .ev.cut_off {
    border-left-color: var(--_warning);
    background: color-mix(in srgb, var(--_warning) 12%, var(--_surface));
  }
  .ev.holiday {
    border-left-color: var(--_success);
    background: color-mix(in srgb, var(--_success) 12%, var(--_surface));
  }
  .ev.holiday.partial {
    border-left-style: dashed;
    background: var(--_surface);
    outline: 1px dashed color-mix(in srgb, var(--_success) 45%, var(--_surface));
    outline-offset: -1px;
  }
  .ev-name {
    font-weight: 500;
    overflow-wrap: anywhere;
  }
  .ev-note {
    color: var(--_muted);
    overflow-wrap: anywhere;
  }
  .evs {
    display: flex;
    flex-direction: column;
    gap: 3px;
    list-style: none;
    margin: 0;
    padding: 0;
  }
  .grid {
    width: 100%;
    table-layout: fixed;
    border-collapse: collapse;
    border-top: 1px solid var(--_border);
  }
  .grid th {
    padding: 8px 6px;
    font-size: 12px;
    font-weight: 500;
    color: var(--_muted);
    text-align: left;
  }
  .grid td {
    vertical-align: top;
    height: 92px;
    padding: 6px;
    border-top: 1px solid var(--_border);
    border-left: 1px solid var(--_border);
  }
  .grid td:first-child {
    border-left: 0;
  }
  .grid td.pad {
    background: var(--_surface-soft);
  }
  .num {
    display: inline-block;
    min-width: 22px;
    margin-bottom: 4px;
    font-size: 12px;
    font-variant-numeric: tabular-nums;
    color: var(--_muted);
  }
  .today .num {
    color: var(--_primary);
    font-weight: 700;
  }
  .list {
    display: none;
    border-top: 1px solid var(--_border);
  }
  .days {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  .days > li {
    display: grid;
    grid-template-columns: 96px minmax(0, 1fr);
    gap: 12px;
    padding: 10px 16px;
    border-bottom: 1px solid var(--_border);
  }
  .days h4 {
    margin: 0;
    font-size: 13px;
    font-weight: 600;
  }
  .empty {
    padding: 16px;
    color: var(--_muted);
    margin: 0;
  }
  @container (max-width: 640px) {
    .grid {
      display: none;
    }
    .list {
      display: block;
    }
    .head {
      padding: 16px 16px 8px;
    }
    .where,
    .legend {
      padding-left: 16px;
      padding-right: 16px;
    }
  }
`;
