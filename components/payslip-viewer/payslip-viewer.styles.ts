import { css } from 'lit';

export default css`
  :host {
    container-type: inline-size;
  }
  .head {
    align-items: flex-start;
    padding: 22px 24px;
  }
  .eyebrow {
    margin: 0 0 2px;
    font-size: 12px;
    font-weight: 600;
    letter-spacing: 0.06em;
    text-transform: uppercase;
    color: var(--_primary);
  }
  h2 {
    font-size: 18px;
    line-height: 26px;
  }
  .head .sub {
    margin: 2px 0 0;
  }
  .facts {
    display: grid;
    grid-template-columns: repeat(4, 1fr);
    margin: 0;
    border-bottom: 1px solid var(--_border);
    background: var(--_surface-soft);
  }
  .facts > div {
    padding: 14px 24px;
    min-width: 0;
  }
  .facts > div + div {
    border-left: 1px solid var(--_border);
  }
  dt {
    font-size: 12px;
    color: var(--_muted);
  }
  .facts dd {
    margin: 2px 0 0;
    font-weight: 500;
    display: grid;
  }
  .facts .mono {
    font-size: 11px;
    font-weight: 400;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  .body {
    display: grid;
    grid-template-columns: minmax(0, 1fr) 280px;
  }
  .lines {
    display: grid;
    gap: 4px;
    padding: 8px 0 16px;
  }
  .lines h3 {
    padding: 16px 24px 8px;
  }
  .lines th,
  .lines td {
    padding-top: 9px;
    padding-bottom: 9px;
  }
  th:first-child,
  td:first-child {
    padding-left: 24px;
  }
  tfoot th,
  tfoot td {
    font-weight: 600;
    color: var(--_text);
    font-size: 13px;
    background: none;
    border-top: 1px solid var(--_border);
    border-bottom: 0;
    text-align: left;
  }
  tfoot td {
    text-align: right;
  }
  tbody tr:last-child td {
    border-bottom: 0;
  }
  .side {
    padding: 24px;
    border-left: 1px solid var(--_border);
    display: grid;
    gap: 20px;
    align-content: start;
  }
  .net {
    display: grid;
    gap: 2px;
    padding: 18px;
    border-radius: var(--_radius);
    background: color-mix(in srgb, var(--_primary) 7%, var(--_surface));
    border: 1px solid color-mix(in srgb, var(--_primary) 18%, var(--_surface));
  }
  .net > span {
    font-size: 13px;
    font-weight: 500;
    color: var(--_muted);
  }
  .net strong {
    overflow-wrap: anywhere;
    font: 600 30px/1.2 var(--_font-display);
    letter-spacing: -0.02em;
    font-variant-numeric: tabular-nums;
    color: var(--_text);
  }
  .calc {
    margin: 12px 0 0;
    display: grid;
    gap: 6px;
    font-size: 13px;
  }
  .calc > div {
    display: flex;
    justify-content: space-between;
    gap: 12px;
  }
  .calc dd {
    margin: 0;
    font-variant-numeric: tabular-nums;
  }
  .calc .total {
    padding-top: 6px;
    border-top: 1px solid var(--_border);
    font-weight: 600;
  }
  .calc .total dt {
    color: var(--_text);
  }
  .side h3 {
    margin-bottom: 4px;
  }
  .calc.employer {
    padding-top: 8px;
    border-top: 1px dashed var(--_border);
    color: var(--_muted);
  }
  .note {
    margin: 6px 0 0;
    font-size: 12px;
    color: var(--_muted);
  }
  .lines .note {
    margin: 0;
    padding: 8px 24px 16px;
  }
  .paid {
    margin: 10px 0 0;
    font-size: 12px;
    color: var(--_muted);
    font-variant-numeric: tabular-nums;
  }
  @container (max-width: 760px) {
    .body {
      grid-template-columns: minmax(0, 1fr);
    }
    .side {
      border-left: 0;
      border-top: 1px solid var(--_border);
    }
    .facts {
      grid-template-columns: 1fr 1fr;
    }
    .facts > div:nth-child(3) {
      border-left: 0;
    }
    .facts > div:nth-child(n + 3) {
      border-top: 1px solid var(--_border);
    }
  }
  /* A long German compound breaks rather than push the amount out of the card. */
  td:first-child {
    overflow-wrap: anywhere;
  }
  .qty {
    font-size: 12px;
    color: var(--_muted);
  }
  /* The narrow layout's hours total sits under the gross pay label and wraps there when it must. */
  tfoot th .qty {
    white-space: normal;
    font-weight: 400;
  }
  @media print {
    .actions,
    .sample {
      display: none;
    }
    .card {
      box-shadow: none;
      border-color: #ccc;
    }
  }
`;
