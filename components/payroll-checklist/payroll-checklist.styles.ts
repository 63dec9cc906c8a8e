import { css } from 'lit';

export default css`
  .steps {
    display: grid;
    padding: 6px 0;
  }
  .step {
    display: grid;
    grid-template-columns: auto minmax(0, 1fr) auto;
    align-items: center;
    gap: 12px;
    padding: 10px 20px;
  }
  .step + .step {
    border-top: 1px solid var(--_border);
  }
  .mark {
    display: grid;
    place-items: center;
    width: 26px;
    height: 26px;
    border-radius: 50%;
    color: var(--_muted);
    background: var(--_surface-soft);
    border: 1px solid var(--_border);
  }
  .mark .icon {
    width: 14px;
    height: 14px;
  }
  .done .mark {
    color: var(--payrail-on-primary, #fff);
    background: var(--_success);
    border-color: var(--_success);
  }
  .pending .mark {
    color: var(--_info);
    border-color: color-mix(in srgb, var(--_info) 40%, var(--_surface));
  }
  .name {
    margin: 0;
    font-weight: 500;
  }
  .not_applicable .name,
  .not_available .name {
    color: var(--_muted);
  }
  .what .sub {
    margin: 2px 0 0;
    font-size: 13px;
  }
  .end {
    display: flex;
    align-items: center;
    gap: 12px;
    flex-wrap: wrap;
    justify-content: flex-end;
  }
  .btn.small {
    height: 30px;
    padding: 0 10px;
    font-size: 13px;
  }
  @container (max-width: 30rem) {
    .step {
      grid-template-columns: auto minmax(0, 1fr);
      padding: 10px 16px;
    }
    .end {
      grid-column: 2;
      justify-content: flex-start;
    }
  }
`;
