import { css } from 'lit';

export default css`
  select {
    height: 36px;
    padding: 0 10px;
    font: inherit;
    font-size: 13px;
    color: var(--_text);
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: var(--_radius-small);
  }
  .late {
    color: var(--_danger);
  }
  @container (max-width: 36rem) {
    .search,
    .sort,
    select {
      width: 100%;
    }
  }
`;
