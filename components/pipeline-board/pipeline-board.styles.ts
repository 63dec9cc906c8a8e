import { css } from 'lit';

export default css`
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
  }
  .board {
    display: grid;
    grid-template-columns: repeat(4, minmax(0, 1fr));
    gap: 12px;
    align-items: start;
  }
  .col {
    padding: 12px;
    border-radius: var(--_radius);
    background: var(--_surface-soft);
    border: 1px solid var(--_border);
    border-top: 3px solid var(--c, var(--_muted));
  }
  .c-approved {
    --c: var(--_primary);
  }
  .c-blocked {
    --c: var(--_danger);
  }
  .c-finalised {
    --c: var(--_success);
  }
  h3 {
    display: flex;
    justify-content: space-between;
  }
  .n {
    color: var(--_muted);
    font-weight: 500;
  }
  .col > .sub {
    margin: 0 0 10px;
    font-size: 12px;
  }
  ul {
    display: grid;
    gap: 8px;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .run {
    all: unset;
    box-sizing: border-box;
    display: grid;
    gap: 2px;
    width: 100%;
    padding: 10px 12px;
    font-size: 13px;
    cursor: pointer;
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: var(--_radius-small);
    overflow-wrap: anywhere;
  }
  .run:hover {
    border-color: var(--_primary);
  }
  .run:focus-visible {
    outline: 2px solid var(--_primary);
    outline-offset: 2px;
  }
  .fig {
    display: flex;
    justify-content: space-between;
    gap: 8px;
    margin-top: 4px;
    color: var(--_muted);
  }
  .fig b {
    color: var(--_text);
  }
  .none {
    margin: 0;
    font-size: 13px;
    color: var(--_muted);
  }
  .more {
    margin: 10px 0 0;
    font-size: 12px;
    color: var(--_muted);
  }
  .state {
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
  }
  @container (max-width: 56rem) {
    .board {
      grid-template-columns: repeat(2, minmax(0, 1fr));
    }
  }
  @container (max-width: 30rem) {
    .board {
      grid-template-columns: minmax(0, 1fr);
    }
  }
`;
