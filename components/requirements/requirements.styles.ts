import { css } from 'lit';

export default css`
  .head {
    display: flex;
    align-items: center;
    gap: 12px;
    flex-wrap: wrap;
    padding: 20px 24px;
  }
  h2 {
    font-size: 18px;
    line-height: 26px;
    margin-right: auto;
  }
  .counts {
    display: grid;
    grid-template-columns: repeat(3, minmax(0, 1fr));
    margin: 0;
    border-top: 1px solid var(--_border);
  }
  .counts > div {
    padding: 12px 24px;
    min-width: 0;
  }
  .counts > div + div {
    border-left: 1px solid var(--_border);
  }
  .counts dt {
    color: var(--_muted);
    font-size: 12px;
  }
  .counts dd {
    margin: 0;
    font: 600 20px/28px var(--_font-display);
    font-variant-numeric: tabular-nums;
  }
  .counts .blk dd {
    color: var(--_danger);
  }
  .panel {
    padding: 16px 24px;
    border-top: 1px solid var(--_border);
  }
  h3 {
    margin-bottom: 8px;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  .items {
    display: flex;
    flex-wrap: wrap;
    gap: 6px;
    align-items: center;
  }
  ul.items {
    display: grid;
    gap: 8px;
  }
  ul.items > li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px;
  }
  .people > li {
    display: grid;
    gap: 6px;
    padding: 10px 0;
  }
  .people > li + li {
    border-top: 1px solid var(--_border);
  }
  .done {
    display: flex;
    gap: 8px;
    align-items: center;
    margin: 0;
    padding: 16px 24px;
    border-top: 1px solid var(--_border);
    color: var(--_success);
  }
  .done span {
    color: var(--_text);
  }
  @container (max-width: 480px) {
    .head,
    .panel,
    .done {
      padding-inline: 16px;
    }
    .counts > div {
      padding: 10px 16px;
    }
  }
`;
