import { css } from 'lit';

// Three tiers, as in Material: public --payrail-* tokens (theme), private --_* system values
// with defaults (so an element looks right with no theme at all), and component rules below.
export const tokens = css`
  :host {
    --_primary: var(--payrail-primary, #4f46e5);
    --_primary-hover: var(--payrail-primary-hover, #4338ca);
    --_accent: var(--payrail-accent, #0e9f8e);
    --_background: var(--payrail-bg, #f6f7f9);
    --_surface: var(--payrail-surface, #ffffff);
    --_text: var(--payrail-text, #101828);
    --_border: var(--payrail-border, #e4e7ec);
    --_radius: var(--payrail-radius, 12px);
    --_radius-small: var(--payrail-radius-sm, 8px);
    --_muted: var(--payrail-muted, #5d6679);
    --_success: var(--payrail-success, #12733a);
    --_warning: var(--payrail-warning, #a15c07);
    --_danger: var(--payrail-danger, #b42318);
    --_info: var(--payrail-info, #175cd3);
    /* The SDK loads no font: without --payrail-font it uses the system's UI font, on purpose.
       The example themes load Inter and name it there. */
    --_font: var(--payrail-font, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif);
    --_font-display: var(--payrail-font-display, var(--_font));
    --_font-mono: var(--payrail-mono, ui-monospace, 'SF Mono', 'JetBrains Mono', Menlo, Consolas, monospace);
    --_surface-soft: color-mix(in srgb, var(--_background) 55%, var(--_surface));
    --_skeleton: color-mix(in srgb, var(--_text) 7%, var(--_surface));
    display: block;
    /* The element takes its width from its container, never from its content: a wide table stacks
       or scrolls inside it instead of widening the page. The minimum keeps it usable in a
       shrink-to-fit container (a flex row without flex-grow). */
    container-type: inline-size;
    min-width: min(100%, 16rem);
    font: 400 14px/1.5 var(--_font);
    color: var(--_text);
    font-feature-settings: 'cv11', 'ss01';
    -webkit-font-smoothing: antialiased;
  }
  :host([hidden]) {
    display: none;
  }
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  :focus-visible {
    outline: 2px solid var(--_primary);
    outline-offset: 2px;
    border-radius: 4px;
  }
  .icon {
    flex: none;
  }
  .card {
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    box-shadow:
      0 1px 2px rgb(16 24 40 / 0.04),
      0 1px 3px rgb(16 24 40 / 0.03);
  }
  .head {
    display: flex;
    align-items: center;
    gap: 12px;
    flex-wrap: wrap;
    padding: 18px 20px;
    border-bottom: 1px solid var(--_border);
  }
  .head > :first-child {
    margin-right: auto;
  }
  h2,
  h3 {
    margin: 0;
    font-family: var(--_font-display);
    letter-spacing: -0.011em;
  }
  h2 {
    font-size: 16px;
    font-weight: 600;
    line-height: 24px;
  }
  h3 {
    font-size: 13px;
    font-weight: 600;
    line-height: 20px;
  }
  .sub {
    color: var(--_muted);
    font-size: 13px;
  }
  .num,
  .money {
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }
  .num {
    text-align: right;
  }
  .strong {
    font-weight: 600;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
  }
  .mono {
    font-family: var(--_font-mono);
    font-size: 12px;
    color: var(--_muted);
  }
  .sample {
    display: inline-flex;
    align-items: center;
    height: 22px;
    padding: 0 9px;
    border-radius: 999px;
    font-size: 11px;
    font-weight: 600;
    letter-spacing: 0.04em;
    text-transform: uppercase;
    white-space: nowrap;
    color: var(--_warning);
    background: color-mix(in srgb, var(--_warning) 9%, var(--_surface));
    border: 1px dashed color-mix(in srgb, var(--_warning) 45%, var(--_surface));
  }
  .btn {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: 6px;
    height: 36px;
    padding: 0 14px;
    font: 500 13px/1 var(--_font);
    color: var(--_text);
    background: var(--_surface);
    white-space: nowrap;
    border: 1px solid var(--_border);
    border-radius: var(--_radius-small);
    cursor: pointer;
    box-shadow: 0 1px 2px rgb(16 24 40 / 0.05);
    transition:
      background 0.15s,
      border-color 0.15s;
  }
  .btn:hover {
    background: var(--_surface-soft);
    border-color: color-mix(in srgb, var(--_text) 22%, var(--_surface));
  }
  .btn.primary {
    background: var(--_primary);
    border-color: var(--_primary);
    color: var(--payrail-on-primary, #fff);
  }
  .btn.primary:hover {
    background: var(--_primary-hover);
    border-color: var(--_primary-hover);
  }
  .btn.danger {
    color: var(--_danger);
  }
  .btn:disabled {
    opacity: 0.55;
    cursor: default;
  }
  /* Busy, but still focusable, so focus is not lost while it works. */
  .btn[aria-disabled='true'] {
    opacity: 0.7;
    cursor: progress;
  }
  /* Each line 24 px tall: a tap target of at least 24 px however short the text. */
  .link {
    all: unset;
    display: inline-block;
    padding: 2px 0;
    line-height: 20px;
    cursor: pointer;
    font-weight: 500;
    color: var(--_text);
    border-radius: 4px;
  }
  .link:hover {
    color: var(--_primary);
    text-decoration: underline;
    text-underline-offset: 3px;
  }
  .ev {
    font-size: 12px;
    color: var(--_primary);
  }
  .link:focus-visible {
    outline: 2px solid var(--_primary);
    outline-offset: 2px;
  }
  table {
    width: 100%;
    border-collapse: separate;
    border-spacing: 0;
    font-variant-numeric: tabular-nums;
  }
  th {
    padding: 9px 16px;
    text-align: left;
    white-space: nowrap;
    font-size: 12px;
    font-weight: 500;
    color: var(--_muted);
    background: var(--_surface-soft);
    border-bottom: 1px solid var(--_border);
  }
  td {
    padding: 13px 16px;
    border-bottom: 1px solid var(--_border);
    vertical-align: middle;
  }
  th:first-child,
  td:first-child {
    padding-left: 20px;
  }
  th:last-child,
  td:last-child {
    padding-right: 20px;
  }
  tbody tr:last-child td {
    border-bottom: 0;
  }
  th.num {
    text-align: right;
  }
  tr.click {
    cursor: pointer;
  }
  tr.click:hover {
    background: color-mix(in srgb, var(--_primary) 4%, var(--_surface));
  }
  /* The open row (its button has aria-current="true"), marked the same way in every list. */
  tr:has([aria-current='true']) {
    background: color-mix(in srgb, var(--_primary) 10%, var(--_surface));
    box-shadow: inset 3px 0 0 var(--_primary);
  }
  .scroll {
    overflow-x: auto;
    /* Visually hidden text inside is positioned against this box, so it scrolls (and clips) with the table
       instead of widening the page. */
    position: relative;
  }
  .if-narrow {
    display: none;
  }
  /* Narrow containers: a table marked .stack shows each row as a small block of label/value pairs
     (components place the cells with grid areas). The header row stays for assistive technology. */
  @container (max-width: 36rem) {
    table.stack,
    table.stack tbody {
      display: block;
    }
    table.stack thead {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
      white-space: nowrap;
    }
    table.stack tbody tr {
      display: grid;
      grid-template-columns: minmax(0, 1fr) auto;
      gap: 10px 16px;
      align-items: start;
      padding: 14px 16px;
      border-bottom: 1px solid var(--_border);
    }
    table.stack tbody tr:last-child {
      border-bottom: 0;
    }
    /* Low specificity, so a component can still hide a column. */
    :where(table.stack) td {
      display: block;
    }
    table.stack tr td {
      min-width: 0;
      padding: 0;
      border: 0;
      text-align: left;
    }
    table.stack td[data-label]::before {
      content: attr(data-label);
      display: block;
      font-size: 12px;
      font-weight: 400;
      color: var(--_muted);
    }
    /* Placement: .s-wide spans the row, .s-top sits top right, .s-end aligns right. */
    table.stack tr .s-wide {
      grid-column: 1 / -1;
    }
    table.stack tr .s-top {
      grid-area: 1 / 2;
    }
    table.stack tr .s-top,
    table.stack tr .s-end {
      justify-self: end;
      text-align: right;
    }
    .if-wide {
      display: none;
    }
    .if-narrow {
      display: block;
    }
  }
  .pill {
    --c: var(--_muted);
    display: inline-flex;
    align-items: center;
    gap: 6px;
    height: 22px;
    padding: 0 9px 0 8px;
    border-radius: 999px;
    font-size: 12px;
    font-weight: 500;
    white-space: nowrap;
    color: color-mix(in srgb, var(--c) 70%, var(--_text));
    background: color-mix(in srgb, var(--c) 11%, var(--_surface));
  }
  .pill::before {
    content: '';
    width: 6px;
    height: 6px;
    border-radius: 50%;
    background: var(--c);
  }
  .s-previewed {
    --c: var(--_info);
  }
  .s-approved {
    --c: var(--_primary);
  }
  .s-finalising,
  .s-incomplete {
    --c: var(--_warning);
  }
  .s-finalised,
  .s-active,
  .s-complete {
    --c: var(--_success);
  }
  .s-lodged {
    --c: var(--_accent);
  }
  .s-voided,
  .s-blocked {
    --c: var(--_danger);
  }
  .state {
    display: grid;
    justify-items: center;
    gap: 4px;
    padding: 40px 24px;
    text-align: center;
  }
  .state-icon {
    display: grid;
    place-items: center;
    width: 40px;
    height: 40px;
    margin-bottom: 8px;
    border-radius: 50%;
    color: var(--_muted);
    background: var(--_surface-soft);
    border: 1px solid var(--_border);
  }
  .state-icon .icon {
    width: 20px;
    height: 20px;
  }
  .error .state-icon {
    color: var(--_danger);
    background: color-mix(in srgb, var(--_danger) 8%, var(--_surface));
    border-color: color-mix(in srgb, var(--_danger) 20%, var(--_surface));
  }
  .state-title {
    margin: 0;
    font-weight: 600;
    font-size: 14px;
  }
  .state-text {
    margin: 0 0 8px;
    max-width: 44ch;
    color: var(--_muted);
    font-size: 13px;
  }
  .state.quiet {
    padding: 24px;
  }
  .state.quiet .state-icon {
    margin-bottom: 0;
  }
  .pill.overdue {
    --c: var(--_danger);
  }
  .sk-wrap {
    display: grid;
    gap: 12px;
    padding: 20px;
  }
  .sk-row {
    display: grid;
    grid-auto-flow: column;
    grid-auto-columns: 1fr;
    gap: 24px;
    padding: 4px 0;
  }
  .sk {
    display: block;
    height: 12px;
    border-radius: 6px;
    background: linear-gradient(
        90deg,
        var(--_skeleton) 25%,
        color-mix(in srgb, var(--_skeleton) 35%, var(--_surface)) 50%,
        var(--_skeleton) 75%
      )
      0 0 / 300% 100%;
    animation: shimmer 1.4s ease-in-out infinite;
  }
  @keyframes shimmer {
    from {
      background-position: 100% 0;
    }
    to {
      background-position: 0 0;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .sk {
      animation: none;
    }
  }
  .vh {
    position: absolute !important;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    clip-path: inset(50%);
    white-space: nowrap;
  }
  .foot {
    display: flex;
    justify-content: center;
    padding: 14px;
    border-top: 1px solid var(--_border);
  }
  .foot .btn {
    color: var(--_primary);
  }
  .avatar {
    display: inline-grid;
    place-items: center;
    flex: none;
    width: 32px;
    height: 32px;
    border-radius: 50%;
    font-size: 12px;
    font-weight: 600;
    color: var(--_primary);
    background: color-mix(in srgb, var(--_primary) 11%, var(--_surface));
  }
  .who {
    display: flex;
    align-items: center;
    gap: 12px;
  }
`;
