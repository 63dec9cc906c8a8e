import { css } from 'lit';

export default css`
  .tile {
    display: grid;
    gap: 6px;
    padding: 18px 20px;
    min-height: 118px;
    height: 100%;
    align-content: start;
  }
  .top {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 10px;
  }
  .ic {
    display: grid;
    place-items: center;
    width: 28px;
    height: 28px;
    border-radius: 8px;
    color: var(--_primary);
    background: color-mix(in srgb, var(--_primary) 10%, var(--_surface));
  }
  .label {
    font-size: 13px;
    font-weight: 500;
    color: var(--_muted);
    margin-right: auto;
  }
  /* The figure is never cut off: it scales with the tile and, as a last resort, wraps. */
  .value {
    margin-top: 6px;
    font: 600 clamp(17px, 11.5cqi, 26px) / 1.2 var(--_font-display);
    letter-spacing: -0.02em;
    font-variant-numeric: tabular-nums;
    overflow-wrap: anywhere;
  }
  @container (max-width: 13rem) {
    .tile {
      padding: 14px;
    }
    .top {
      gap: 8px;
    }
  }
  .meta .overdue {
    color: var(--_danger);
    font-weight: 600;
  }
  .meta {
    display: flex;
    align-items: center;
    gap: 8px;
    flex-wrap: wrap;
    font-size: 12px;
    color: var(--_muted);
  }
  .delta {
    display: inline-flex;
    align-items: center;
    gap: 2px;
    padding: 1px 7px 1px 5px;
    border-radius: 999px;
    font-weight: 600;
    font-variant-numeric: tabular-nums;
    color: color-mix(in srgb, var(--c) 70%, var(--_text));
    background: color-mix(in srgb, var(--c) 11%, var(--_surface));
  }
  .up {
    --c: var(--_success);
  }
  .down {
    --c: var(--_danger);
  }
  .flat {
    --c: var(--_muted);
  }
  .delta .icon {
    width: 12px;
    height: 12px;
  }
  .down .icon {
    transform: scaleY(-1);
  }
  .act {
    cursor: pointer;
    transition:
      border-color 0.15s,
      box-shadow 0.15s;
  }
  .act:hover {
    border-color: color-mix(in srgb, var(--_primary) 40%, var(--_border));
    box-shadow: 0 2px 8px rgb(16 24 40 / 0.06);
  }
  .act:focus-visible {
    outline-offset: 2px;
    border-radius: var(--_radius);
  }
  .sk-wrap {
    padding: 0;
    gap: 14px;
    margin-top: 4px;
  }
`;
