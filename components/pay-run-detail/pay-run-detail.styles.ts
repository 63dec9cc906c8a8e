import { css } from 'lit';

export default css`
  .head {
    align-items: flex-start;
    padding: 20px 24px;
  }
  .eyebrow {
    margin: 0 0 2px;
    font-size: 12px;
    font-weight: 500;
    color: var(--_mu);
    display: flex;
    gap: 8px;
    align-items: baseline;
  }
  .eyebrow .mono {
    font-size: 11px;
  }
  h2 {
    font-size: 20px;
    line-height: 28px;
    letter-spacing: -0.02em;
  }
  .head .sub {
    margin: 4px 0 0;
  }
  .head .pill {
    margin-top: 3px;
  }
  .actions {
    display: flex;
    gap: 8px;
    flex-wrap: wrap;
  }
  .steps {
    display: flex;
    list-style: none;
    margin: 0;
    padding: 16px 24px;
    gap: 8px;
    border-bottom: 1px solid var(--_bd);
    counter-reset: s;
  }
  .steps li {
    flex: 1;
    display: flex;
    align-items: center;
    gap: 10px;
    font-size: 13px;
    color: var(--_mu);
    min-width: 0;
  }
  .steps li:not(:last-child)::after {
    content: '';
    flex: 1;
    height: 2px;
    border-radius: 2px;
    background: var(--_bd);
    margin: 0 4px;
    min-width: 12px;
  }
  .steps li.done:not(:last-child)::after {
    background: var(--_p);
  }
  .dot {
    display: grid;
    place-items: center;
    flex: none;
    width: 24px;
    height: 24px;
    border-radius: 50%;
    font-size: 12px;
    font-weight: 600;
    border: 1.5px solid var(--_bd);
    background: var(--_sf);
    color: var(--_mu);
  }
  .dot .icon {
    width: 14px;
    height: 14px;
    stroke-width: 2.4;
  }
  .done .dot {
    background: var(--_p);
    border-color: var(--_p);
    color: var(--payrail-on-primary, #fff);
  }
  .done {
    color: var(--_tx);
  }
  .current {
    color: var(--_tx);
    font-weight: 600;
  }
  .current .dot {
    border-color: var(--_p);
    color: var(--_p);
    box-shadow: 0 0 0 4px color-mix(in srgb, var(--_p) 14%, transparent);
  }
  .totals {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(140px, 1fr));
    gap: 1px;
    background: var(--_bd);
    border-bottom: 1px solid var(--_bd);
  }
  .stat {
    display: grid;
    gap: 4px;
    padding: 16px 24px;
    background: var(--_sf);
  }
  .stat span {
    font-size: 12px;
    color: var(--_mu);
    font-weight: 500;
  }
  .stat b {
    font: 600 18px/1.3 var(--_fd);
    letter-spacing: -0.01em;
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }
  .totals.employer {
    grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  }
  .totals.employer .stat b {
    font-size: 15px;
  }
  .totals.employer .sub {
    margin: 0;
    padding: 16px 24px;
    display: flex;
    align-items: center;
    font-size: 12px;
    color: var(--_mu);
    background: var(--_sf);
  }
  th.employer,
  td.employer {
    color: var(--_mu);
    border-left: 1px dashed var(--_bd);
  }
  .stat.strong b {
    color: var(--_p);
  }
  .strong {
    font-weight: 600;
  }
  th:first-child,
  td:first-child {
    padding-left: 24px;
  }
  th:last-child,
  td:last-child {
    padding-right: 24px;
  }
  .note {
    display: flex;
    align-items: center;
    gap: 8px;
    margin: 0;
    padding: 12px 24px;
    font-size: 13px;
    color: var(--_er);
    background: color-mix(in srgb, var(--_er) 7%, var(--_sf));
    border-bottom: 1px solid var(--_bd);
  }
  .hint {
    margin: 0;
    padding: 12px 24px;
    font-size: 12px;
    color: var(--_mu);
    border-top: 1px solid var(--_bd);
  }
`;
