import { css } from 'lit';

export default css`
  .head .sub {
    margin: 0;
    font-size: 13px;
  }
  .search {
    position: relative;
    display: flex;
    align-items: center;
    width: min(280px, 100%);
    color: var(--_mu);
  }
  .search .icon {
    position: absolute;
    left: 11px;
    pointer-events: none;
  }
  input {
    width: 100%;
    height: 36px;
    padding: 0 12px 0 34px;
    font: inherit;
    font-size: 13px;
    color: var(--_tx);
    background: var(--_sf);
    border: 1px solid var(--_bd);
    border-radius: var(--_rs);
    box-shadow: 0 1px 2px rgb(16 24 40 / 0.05);
    transition:
      border-color 0.15s,
      box-shadow 0.15s;
  }
  input::placeholder {
    color: var(--_mu);
  }
  input:focus {
    outline: none;
    border-color: var(--_p);
    box-shadow: 0 0 0 3px color-mix(in srgb, var(--_p) 18%, transparent);
  }
  td .sub {
    font-size: 12px;
  }
  td .link {
    color: var(--_p);
  }
  .code {
    font: 12px var(--_fm);
    padding: 2px 6px;
    border-radius: 6px;
    color: var(--_tx);
    background: var(--_soft);
    border: 1px solid var(--_bd);
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
    color: var(--_mu);
  }
`;
