import { css } from 'lit';

/** A requirement as a chip that opens what completes it (red when it blocks the pay run). */
export const chipStyles = css`
  .item {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    min-height: 32px;
    padding: 4px 10px;
    border-radius: 999px;
    border: 1px solid currentColor;
    background: var(--_surface);
    font: inherit;
    font-size: 13px;
    cursor: pointer;
  }
  .item.blk {
    color: var(--_danger);
  }
  .item.todo {
    color: var(--_warning);
  }
  .item:hover {
    background: var(--_surface-soft);
  }
  .item span {
    color: var(--_text);
  }
`;
