import { css } from 'lit';

export default css`
  .attempts {
    display: grid;
  }
  .attempt {
    display: grid;
    gap: 12px;
    padding: 16px 20px;
    border-top: 1px solid var(--_border);
  }
  .attempt:first-child {
    border-top: 0;
  }
  .top {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 12px;
    flex-wrap: wrap;
  }
  h3 {
    font-size: 14px;
    font-weight: 600;
  }
  .label {
    margin: 0 0 6px;
    font-size: 12px;
    font-weight: 600;
    color: var(--_muted);
  }
  .attempt .sub {
    margin: 0;
  }
  .polling {
    display: flex;
    gap: 8px;
    align-items: center;
    border-top: 0;
    border-bottom: 1px solid var(--_border);
    color: var(--_info);
  }
  .polling .icon {
    width: 16px;
    height: 16px;
  }
  .year {
    display: grid;
    gap: 10px;
    padding: 16px 20px 20px;
    border-top: 1px solid var(--_border);
    background: var(--_surface-soft);
    border-radius: 0 0 var(--_radius) var(--_radius);
  }
  .year .sub {
    margin: 2px 0 0;
  }
  .year-row {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px 12px;
  }
  .year-row label {
    font-size: 13px;
    font-weight: 500;
  }
  .declaration {
    display: grid;
    gap: 12px;
    margin: 0;
    padding: 16px 20px;
    border-top: 1px solid var(--_border);
  }
  .year .declaration {
    padding: 12px 0 0;
  }
  .statement {
    margin: 0;
    font-size: 14px;
  }
  .decl-row {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
  }
  .corrections,
  .replace {
    display: grid;
    gap: 10px;
    padding: 16px 20px;
    border-top: 1px solid var(--_border);
  }
  .corrections .sub,
  .replace .sub,
  .correction p {
    margin: 0;
  }
  .correction {
    display: grid;
    gap: 8px;
    justify-items: start;
  }
  .corrections .declaration,
  .replace .declaration {
    padding: 12px 0 0;
    justify-self: stretch;
  }
  .replace {
    justify-items: start;
  }
  .year .hint {
    padding: 0;
    border: 0;
  }
`;
