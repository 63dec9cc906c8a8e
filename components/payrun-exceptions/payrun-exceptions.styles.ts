import { css } from 'lit';

export default css`
  .group {
    border-top: 1px solid var(--_bd);
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
    border-top: 1px dashed var(--_bd);
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
    color: var(--_tx);
  }
  .ack,
  .sent {
    font-size: 13px;
    color: var(--_mu);
  }
  .sent {
    color: var(--_ok);
  }
  .ack b {
    color: var(--_ok);
    font-weight: 600;
  }
  .sev-error {
    --c: var(--_er);
  }
  .sev-warning {
    --c: var(--_wn);
  }
  .sev-info {
    --c: var(--_in);
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
