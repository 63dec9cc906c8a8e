import { css } from 'lit';

export default css`
  :host {
    container-type: inline-size;
  }
  .top {
    display: flex;
    align-items: center;
    gap: 12px;
    margin-bottom: 16px;
  }
  .top h2 {
    margin-right: auto;
    font-size: 20px;
    line-height: 28px;
    letter-spacing: -0.02em;
  }
  .tiles {
    display: grid;
    grid-template-columns: repeat(4, minmax(0, 1fr));
    gap: 16px;
  }
  .charts {
    display: grid;
    grid-template-columns: minmax(0, 1.6fr) minmax(0, 1fr);
    gap: 16px;
    margin-top: 16px;
  }
  @container (max-width: 900px) {
    .tiles {
      grid-template-columns: repeat(2, minmax(0, 1fr));
    }
    .charts {
      grid-template-columns: minmax(0, 1fr);
    }
  }
  @container (max-width: 20rem) {
    .tiles {
      grid-template-columns: minmax(0, 1fr);
    }
  }
  .error,
  .state {
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
  }
`;
