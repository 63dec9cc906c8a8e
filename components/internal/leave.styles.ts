import { css } from 'lit';

/** Form fields and figure rows of the leave elements. */
export const leaveStyles = css`
  :host {
    container-type: inline-size;
  }
  form,
  .body {
    display: grid;
    gap: 14px;
    padding: 16px 20px 20px;
  }
  .row {
    display: grid;
    gap: 12px;
    grid-template-columns: repeat(auto-fit, minmax(150px, 1fr));
  }
  label,
  .field {
    display: grid;
    gap: 6px;
    font: 500 13px/1.3 var(--_font);
    color: var(--_text);
  }
  input,
  select,
  textarea {
    font: 14px/1.4 var(--_font);
    color: var(--_text);
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: var(--_radius-small);
    padding: 8px 10px;
    min-height: 36px;
    box-sizing: border-box;
    width: 100%;
  }
  textarea {
    min-height: 72px;
    resize: vertical;
  }
  input:focus-visible,
  select:focus-visible,
  textarea:focus-visible {
    outline: 2px solid var(--_primary);
    outline-offset: 1px;
  }
  [aria-invalid='true'] {
    border-color: var(--_danger);
  }
  .msg {
    font-size: 12px;
    color: var(--_danger);
    margin: 0;
  }
  .figs {
    display: flex;
    flex-wrap: wrap;
    gap: 8px 24px;
    margin: 0;
    padding: 12px 14px;
    background: var(--_surface-soft);
    border: 1px solid var(--_border);
    border-radius: var(--_radius-small);
  }
  .figs div {
    display: grid;
    gap: 2px;
  }
  .figs dt {
    font-size: 12px;
    color: var(--_muted);
  }
  .figs dd {
    margin: 0;
    font: 600 15px/1.3 var(--_font-display);
    font-variant-numeric: tabular-nums;
  }
  .neg {
    color: var(--_danger);
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    justify-content: flex-end;
  }
  .check {
    display: flex;
    align-items: center;
    gap: 8px;
    font-weight: 400;
  }
  /* A tap target of at least 24 px. */
  .check input {
    flex: none;
    width: 24px;
    height: 24px;
    min-height: 24px;
    margin: 0;
  }
  .done {
    padding: 24px 20px;
    display: grid;
    gap: 8px;
    justify-items: start;
  }
  .done p {
    margin: 0;
  }
  ul.plain {
    list-style: none;
    margin: 0;
    padding: 0;
  }
`;
