import { css } from 'lit';

export default css`
  .totals {
    padding: 16px 20px;
    border-bottom: 1px solid var(--_bd);
  }
  .totals .strong dd {
    color: var(--_tx);
  }
  .neg {
    color: var(--_er);
  }
  .note {
    border-top: 0;
    border-bottom: 1px solid var(--_bd);
    color: var(--_wn);
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
    color: var(--_mu);
  }
  td.act {
    text-align: right;
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
    border-color: var(--_er);
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
