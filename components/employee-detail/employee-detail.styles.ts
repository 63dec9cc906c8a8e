import { css } from 'lit';

export default css`
  :host {
    container-type: inline-size;
  }
  .head {
    padding: 20px 24px;
  }
  .avatar.lg {
    width: 48px;
    height: 48px;
    font-size: 16px;
  }
  h2 {
    font-size: 20px;
    line-height: 28px;
    letter-spacing: -0.02em;
  }
  .head .sub {
    margin: 2px 0 0;
  }
  .grid {
    display: grid;
    grid-template-columns: 1fr 1fr;
  }
  .panel {
    padding: 20px 24px;
    min-width: 0;
  }
  .panel + .panel {
    border-left: 1px solid var(--_border);
  }
  .panel.wide {
    grid-column: 1 / -1;
    border-left: 0;
    border-top: 1px solid var(--_border);
  }
  @container (max-width: 640px) {
    .grid {
      grid-template-columns: minmax(0, 1fr);
    }
    .panel + .panel {
      border-left: 0;
      border-top: 1px solid var(--_border);
    }
  }
  h3 {
    margin-bottom: 12px;
  }
  h3.sp {
    margin-top: 20px;
  }
  dl {
    display: grid;
    margin: 0;
  }
  dl > div {
    display: flex;
    justify-content: space-between;
    gap: 16px;
    padding: 8px 0;
    border-bottom: 1px dashed var(--_border);
    font-size: 13px;
  }
  dl > div:last-child {
    border-bottom: 0;
  }
  dt {
    color: var(--_muted);
  }
  dd {
    margin: 0;
    min-width: 0;
    font-weight: 500;
    text-align: right;
    font-variant-numeric: tabular-nums;
    overflow-wrap: anywhere;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  .flags li {
    display: flex;
    align-items: center;
    gap: 10px;
    padding: 7px 0;
    font-size: 13px;
  }
  .flags li span {
    margin-right: auto;
  }
  .flags em {
    font-style: normal;
    font-size: 12px;
    color: var(--_muted);
  }
  .flags .icon {
    width: 18px;
    height: 18px;
    padding: 3px;
    border-radius: 50%;
    stroke-width: 2.4;
  }
  .flags .ok .icon {
    color: var(--_success);
    background: color-mix(in srgb, var(--_success) 12%, var(--_surface));
  }
  .flags .no .icon {
    color: var(--_warning);
    background: color-mix(in srgb, var(--_warning) 12%, var(--_surface));
  }
  .flags .fact .icon {
    color: var(--_muted);
    background: var(--_surface-soft);
  }
  .rhead {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 12px;
    margin-bottom: 12px;
  }
  .rhead h3 {
    margin: 0 auto 0 0;
  }
  .tabs {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(min(260px, 100%), 1fr));
    gap: 10px;
  }
  .tabs li {
    display: flex;
    align-items: center;
    gap: 12px;
    padding: 12px 14px;
    border: 1px solid var(--_border);
    border-radius: var(--_radius-small);
    background: var(--_surface);
  }
  .tabs li:has(.incomplete) {
    border-color: color-mix(in srgb, var(--_warning) 35%, var(--_border));
    background: color-mix(in srgb, var(--_warning) 4%, var(--_surface));
  }
  .tab-main {
    display: grid;
    margin-right: auto;
    min-width: 0;
    font-size: 13px;
  }
  .tab-main b {
    font-weight: 500;
  }
  .tab-main .sub {
    font-size: 12px;
  }
  .tab-ic {
    display: grid;
    place-items: center;
    width: 28px;
    height: 28px;
    border-radius: 8px;
    flex: none;
  }
  .tab-ic.complete {
    color: var(--_success);
    background: color-mix(in srgb, var(--_success) 11%, var(--_surface));
  }
  .tab-ic.incomplete {
    color: var(--_warning);
    background: color-mix(in srgb, var(--_warning) 11%, var(--_surface));
  }
  .btn.sm {
    height: 28px;
    padding: 0 10px;
    font-size: 12px;
  }
  .unverified {
    margin: 14px 0 0;
    font-size: 13px;
    color: var(--_muted);
  }
  .unverified b {
    color: var(--_text);
    font-weight: 500;
  }
`;
