import { css } from 'lit';

export default css`
  select {
    height: 36px;
    padding: 0 10px;
    font: inherit;
    font-size: 13px;
    color: var(--_tx);
    background: var(--_sf);
    border: 1px solid var(--_bd);
    border-radius: var(--_rs);
  }
  .late {
    color: var(--_er);
  }
  @container (max-width: 36rem) {
    .search,
    .sort,
    select {
      width: 100%;
    }
  }
`;
