import { css } from 'lit';

/** A numbered progress stepper (`ol.steps` of `li.done` / `li.current` / `li.todo`, each a `.dot` and a label). */
export const stepper = css`
  .steps {
    display: flex;
    list-style: none;
    margin: 0;
    padding: 16px 24px;
    gap: 8px;
    border-bottom: 1px solid var(--_border);
    counter-reset: s;
  }
  .steps li {
    flex: 1;
    display: flex;
    align-items: center;
    gap: 10px;
    font-size: 13px;
    color: var(--_muted);
    min-width: 0;
  }
  .steps li:not(:last-child)::after {
    content: '';
    flex: 1;
    height: 2px;
    border-radius: 2px;
    background: var(--_border);
    margin: 0 4px;
    min-width: 12px;
  }
  .steps li.done:not(:last-child)::after {
    background: var(--_primary);
  }
  .dot {
    display: grid;
    place-items: center;
    flex: none;
    width: 24px;
    height: 24px;
    border-radius: 50%;
    font-size: 12px;
    font-weight: 600;
    border: 1.5px solid var(--_border);
    background: var(--_surface);
    color: var(--_muted);
  }
  .dot .icon {
    width: 14px;
    height: 14px;
    stroke-width: 2.4;
  }
  .done .dot {
    background: var(--_primary);
    border-color: var(--_primary);
    color: var(--payrail-on-primary, #fff);
  }
  .done {
    color: var(--_text);
  }
  .current {
    color: var(--_text);
    font-weight: 600;
  }
  .current .dot {
    border-color: var(--_primary);
    color: var(--_primary);
    box-shadow: 0 0 0 4px color-mix(in srgb, var(--_primary) 14%, transparent);
  }
  /* Narrow: only the current step is named on screen; the others keep their names for screen readers. */
  @container (max-width: 36rem) {
    .steps {
      gap: 4px;
    }
    .steps li {
      flex: 1 1 auto;
      gap: 6px;
    }
    .steps li:last-child,
    .steps li.current {
      flex: none;
    }
    .steps li:not(:last-child)::after {
      min-width: 4px;
      margin: 0;
    }
    .steps li:not(.current) > :last-child {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
      white-space: nowrap;
    }
  }
`;
