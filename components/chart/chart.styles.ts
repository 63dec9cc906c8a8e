import { css } from 'lit';

export default css`
  :host {
    /* Each series colour keeps at least 3:1 against the card (WCAG 1.4.11); the themes do the same. */
    --_chart-3: var(--payrail-chart-3, #c26a04);
    --_chart-4: var(--payrail-chart-4, #d93f44);
    --_chart-5: var(--payrail-chart-5, #78829a);
  }
  figure {
    margin: 0;
    height: 100%;
    display: flex;
    flex-direction: column;
  }
  .cap {
    display: flex;
    align-items: center;
    gap: 12px;
    padding: 16px 20px 4px;
  }
  .cap h3 {
    margin-right: auto;
    font-size: 14px;
  }
  .plot {
    position: relative;
    min-width: 0;
    margin: 8px 12px 12px;
    outline-offset: 4px;
    border-radius: var(--_radius-small);
    touch-action: pan-y;
  }
  svg {
    display: block;
    overflow: visible;
  }
  .grid {
    stroke: var(--_border);
    stroke-width: 1;
    shape-rendering: crispEdges;
  }
  .tick {
    font-size: 11px;
    fill: var(--_muted);
    font-variant-numeric: tabular-nums;
  }
  .tick.on {
    fill: var(--_text);
    font-weight: 600;
  }
  .band {
    fill: color-mix(in srgb, var(--_primary) 6%, transparent);
  }

  .area {
    fill: url(#fade);
  }
  .line {
    fill: none;
    stroke-width: 2.25;
    stroke-linejoin: round;
    stroke-linecap: round;
  }
  .pt {
    fill: var(--_surface);
    stroke-width: 2;
    transition: r 0.12s;
  }
  .track {
    fill: none;
    stroke: var(--_surface-soft);
    stroke-width: 22;
  }
  .slice {
    fill: none;
    stroke-width: 22;
    transition: stroke-width 0.15s;
    cursor: pointer;
  }
  /* The active slice stands out by size, not by fading the others below their contrast. */
  .slice.on {
    stroke-width: 30;
  }
  .c-label {
    font-size: 12px;
    fill: var(--_muted);
  }
  .c-value {
    font: 600 18px var(--_font-display);
    fill: var(--_text);
    font-variant-numeric: tabular-nums;
  }
  .tip {
    position: absolute;
    z-index: 1;
    transform: translate(-50%, calc(-100% - 12px));
    pointer-events: none;
    min-width: 120px;
    padding: 8px 10px;
    border-radius: var(--_radius-small);
    font-size: 12px;
    white-space: nowrap;
    color: var(--_surface);
    background: var(--_text);
    box-shadow: 0 6px 16px rgb(16 24 40 / 0.18);
  }
  .tip-label {
    opacity: 0.75;
    margin-bottom: 2px;
  }
  .tip-row {
    display: flex;
    align-items: center;
    gap: 6px;
    font-variant-numeric: tabular-nums;
  }
  .tip-row b {
    margin-left: auto;
    font-weight: 600;
  }
  i {
    display: inline-block;
    width: 8px;
    height: 8px;
    border-radius: 2px;
    flex: none;
  }
  .split {
    display: flex;
    align-items: center;
    gap: 8px 24px;
    flex-wrap: wrap;
    padding: 0 8px 8px;
  }
  .split .plot {
    margin: 8px;
  }
  .legend {
    list-style: none;
    margin: 0;
    padding: 0 20px 16px;
    display: flex;
    flex-wrap: wrap;
    gap: 6px 18px;
    font-size: 13px;
  }
  .split .legend {
    flex: 1;
    min-width: 180px;
    flex-direction: column;
    padding: 0 12px 0 0;
    gap: 0;
  }
  .split li {
    display: grid;
    grid-template-columns: 8px minmax(0, 1fr) auto;
    align-items: center;
    gap: 2px 10px;
    padding: 9px 0;
    border-bottom: 1px solid var(--_border);
  }
  .split li span {
    grid-column: 2;
  }
  .split li em {
    grid-column: 3;
    grid-row: 1;
  }
  .split li b {
    grid-column: 2 / 4;
    grid-row: 2;
    font-size: 15px;
  }
  .split li:last-child {
    border-bottom: 0;
  }
  li {
    display: flex;
    align-items: center;
    gap: 8px;
  }
  li span {
    color: var(--_muted);
    margin-right: auto;
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  li.on span {
    color: var(--_text);
    font-weight: 500;
  }
  li b {
    font-weight: 600;
    font-variant-numeric: tabular-nums;
  }
  li em {
    font-style: normal;
    color: var(--_muted);
    font-variant-numeric: tabular-nums;
    min-width: 44px;
    text-align: right;
  }
  .sk-wrap {
    padding: 12px 20px 20px;
  }
`;
