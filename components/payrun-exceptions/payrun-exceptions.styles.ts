import { css } from 'lit';

export default css`
  .group {
    border-top: 1px solid var(--_border);
  }
  .group > h3 {
    display: flex;
    align-items: baseline;
    gap: 8px;
    margin: 0;
    padding: 14px 20px 4px;
    font-size: 13px;
    font-weight: 600;
  }
  .group > .sub {
    margin: 0;
    padding: 0 20px 6px;
  }
  .item {
    display: grid;
    gap: 6px;
    padding: 12px 20px;
  }
  .item + .item {
    border-top: 1px dashed var(--_border);
  }
  .top {
    display: flex;
    justify-content: space-between;
    align-items: flex-start;
    gap: 12px;
  }
  .top p,
  .msg,
  .ack,
  .sent {
    margin: 0;
  }
  .msg {
    font-size: 13px;
    color: var(--_text);
  }
  .ack,
  .sent {
    font-size: 13px;
    color: var(--_muted);
  }
  .sent {
    color: var(--_success);
  }
  .ack b {
    color: var(--_success);
    font-weight: 600;
  }
  .sev-error {
    --c: var(--_danger);
  }
  .sev-warning {
    --c: var(--_warning);
  }
  .sev-info {
    --c: var(--_info);
  }
  form {
    padding: 0;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    justify-content: flex-end;
    gap: 8px;
  }
`;
