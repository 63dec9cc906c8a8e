import { css } from 'lit';

export default css`
  .filters {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(min(100%, 9.5rem), 1fr));
    gap: 10px 12px;
    padding: 12px 20px 16px;
    border-bottom: 1px solid var(--_border);
  }
  .verify {
    margin: 0;
    padding: 10px 20px;
    border-bottom: 1px solid var(--_border);
    background: var(--_surface-soft);
  }
  .ok b {
    color: var(--_success);
  }
  .bad b {
    color: var(--_danger);
  }
  .detail {
    padding: 14px 20px 20px;
  }
  h3 {
    margin: 10px 0 12px;
  }
  dl {
    display: grid;
    grid-template-columns: minmax(8rem, auto) minmax(0, 1fr);
    gap: 8px 16px;
    margin: 0;
  }
  dt {
    color: var(--_muted);
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  @container (max-width: 36rem) {
    dl {
      grid-template-columns: minmax(0, 1fr);
      gap: 2px;
    }
    dd {
      margin-bottom: 8px;
    }
  }
`;
