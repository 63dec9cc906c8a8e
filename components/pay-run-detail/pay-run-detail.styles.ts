import { css } from 'lit';

export default css`
  .head {
    align-items: flex-start;
    padding: 20px 24px;
  }
  .eyebrow {
    margin: 0 0 2px;
    font-size: 12px;
    font-weight: 500;
    color: var(--_muted);
    display: flex;
    gap: 8px;
    align-items: baseline;
  }
  .eyebrow .mono {
    font-size: 11px;
  }
  h2 {
    font-size: 20px;
    line-height: 28px;
    letter-spacing: -0.02em;
  }
  .head .sub {
    margin: 4px 0 0;
  }
  .head .pill {
    margin-top: 3px;
  }
  .totals {
    display: grid;
    grid-template-columns: repeat(5, minmax(0, 1fr));
    gap: 1px;
    background: var(--_border);
    border-bottom: 1px solid var(--_border);
  }
  /* AU runs have no employee social insurance figure: four columns, so no cell is left empty. */
  .totals.four {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
  .stat {
    display: grid;
    align-content: start;
    gap: 4px;
    min-width: 0;
    padding: 16px 20px;
    background: var(--_surface);
  }
  .stat span {
    font-size: 12px;
    color: var(--_muted);
    font-weight: 500;
  }
  .stat b {
    font: 600 clamp(15px, 5cqi, 18px) / 1.3 var(--_font-display);
    letter-spacing: -0.01em;
    font-variant-numeric: tabular-nums;
    /* A figure is never cut off: it breaks only when it cannot fit at all. */
    overflow-wrap: anywhere;
  }
  .totals.employer {
    grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  }
  .totals.employer .stat b {
    font-size: 15px;
  }
  .totals.employer .sub {
    margin: 0;
    padding: 16px 24px;
    display: flex;
    align-items: center;
    font-size: 12px;
    color: var(--_muted);
    background: var(--_surface);
  }
  th.employer,
  td.employer {
    color: var(--_muted);
    border-left: 1px dashed var(--_border);
  }
  .stat.strong b {
    color: var(--_primary);
  }
  th:first-child,
  td:first-child {
    padding-left: 24px;
  }
  th:last-child,
  td:last-child {
    padding-right: 24px;
  }
  .note {
    display: flex;
    align-items: center;
    gap: 8px;
    margin: 0;
    padding: 12px 24px;
    font-size: 13px;
    color: var(--_danger);
    background: color-mix(in srgb, var(--_danger) 7%, var(--_surface));
    border-bottom: 1px solid var(--_border);
  }
  /* Whose turn it is: information, in the text colour so it keeps its contrast in both themes. */
  .note.wait {
    color: var(--_text);
    background: color-mix(in srgb, var(--_info) 7%, var(--_surface));
  }
  .hint {
    margin: 0;
    padding: 12px 24px;
    font-size: 12px;
    color: var(--_muted);
    border-top: 1px solid var(--_border);
  }

  @container (max-width: 48rem) {
    .totals,
    .totals.four {
      grid-template-columns: repeat(2, minmax(0, 1fr));
    }
    .stat.strong {
      grid-column: 1 / -1;
    }
    /* Four figures fill two rows exactly; net on a row of its own would leave tax beside a gap. */
    .totals.four .stat.strong {
      grid-column: auto;
    }
  }
`;
