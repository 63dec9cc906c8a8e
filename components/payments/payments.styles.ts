import { css } from 'lit';

export default css`
  .totals {
    padding: 16px 20px;
    border-bottom: 1px solid var(--_border);
  }
  .totals .strong dd {
    color: var(--_text);
  }
  .neg {
    color: var(--_danger);
  }
  .note {
    border-top: 0;
    border-bottom: 1px solid var(--_border);
    color: var(--_warning);
  }
  .pick {
    width: 36px;
  }
  .pick input {
    display: block;
  }
  .reason {
    display: block;
    margin-top: 4px;
    font-size: 12px;
    color: var(--_muted);
  }
  td.act {
    text-align: right;
  }
  .s-current {
    --c: var(--_success);
  }
  .s-superseded {
    --c: var(--_muted);
  }
  .files {
    padding: 12px 20px 16px;
    border-top: 1px solid var(--_border);
  }
  .files h3 {
    margin: 0 0 8px;
    font-size: 14px;
  }
  .files ul {
    margin: 0;
    padding: 0;
    list-style: none;
    display: grid;
    gap: 8px;
  }
  .files li {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 4px 10px;
  }
  .files li .reason {
    flex-basis: 100%;
    margin-top: 0;
  }
  .btn.small {
    height: 30px;
    padding: 0 10px;
    font-size: 13px;
  }
  .return-form {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px 10px;
  }
  .return-form label {
    font-size: 13px;
    font-weight: 500;
  }
  .return-form input {
    flex: 1 1 12rem;
    min-width: 0;
  }
  [aria-invalid='true'] {
    border-color: var(--_danger);
  }
  @container (max-width: 36rem) {
    table.stack tr .pick {
      grid-area: 1 / 1;
    }
    table.stack tr .payee {
      grid-area: 1 / 1;
    }
    table.stack tr:has(.pick input) .who {
      padding-left: 30px;
    }
    table.stack tr.returning td {
      grid-column: 1 / -1;
    }
    td.act {
      text-align: left;
    }
  }
`;
