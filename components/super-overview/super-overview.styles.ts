import { css } from 'lit';

export default css`
  .run + .run {
    border-top: 1px solid var(--_border);
  }
  .run-head {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    justify-content: space-between;
    gap: 4px 16px;
    padding: 14px 20px 6px;
  }
  h3 {
    font-size: 14px;
    font-weight: 600;
  }
  .run-head .sub {
    margin: 0;
  }
  .rule {
    display: block;
    font-size: 12px;
    color: var(--_muted);
  }
  .more {
    display: flex;
    justify-content: center;
    padding: 14px 20px 18px;
    border-top: 1px solid var(--_border);
  }
  .state.info .state-icon {
    color: var(--_info);
  }
`;
