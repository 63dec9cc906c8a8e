import { css } from 'lit';

export default css`
  .head .sub {
    margin: 0;
    font-size: 13px;
  }
  .code {
    font: 12px var(--_font-mono);
    padding: 2px 6px;
    border-radius: 6px;
    color: var(--_text);
    background: var(--_surface-soft);
    border: 1px solid var(--_border);
  }
  :host {
    container-type: inline-size;
  }
  td .link,
  .code {
    white-space: nowrap;
  }
  .alt {
    display: none;
  }
  /* Narrow hosts (master-detail layouts) drop the least useful columns instead of wrapping. */
  @container (max-width: 820px) {
    .opt2 {
      display: none;
    }
  }
  @container (max-width: 680px) {
    .opt {
      display: none;
    }
    .alt {
      display: inline;
    }
  }
  .btn.sm {
    height: 30px;
    padding: 0 8px 0 12px;
    gap: 2px;
  }
  .btn.sm .icon {
    width: 14px;
    height: 14px;
    color: var(--_muted);
  }
`;
