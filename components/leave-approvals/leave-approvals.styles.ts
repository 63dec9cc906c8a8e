import { css } from 'lit';

export default css`
  .queue {
    display: grid;
  }
  .item {
    display: grid;
    gap: 10px;
    padding: 16px 20px;
    border-top: 1px solid var(--_border);
  }
  .top {
    display: flex;
    justify-content: space-between;
    align-items: flex-start;
    gap: 12px;
  }
  .top p {
    margin: 0;
  }
  .reason {
    margin-top: 4px;
    font-size: 13px;
    color: var(--_muted);
  }
  .overlap,
  .sent {
    margin: 0;
    font-size: 13px;
  }
  .sent {
    color: var(--_success);
  }
  .sent .ev {
    margin-left: 8px;
  }
  .refused {
    margin: 0;
    font-size: 13px;
    color: var(--_danger);
  }
`;
