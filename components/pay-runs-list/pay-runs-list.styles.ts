import { css } from 'lit';

export default css`
  .sub {
    font-size: 12px;
    margin-top: 2px;
  }
  td .link {
    font-weight: 600;
  }
  .overdue {
    color: var(--_danger);
    font-weight: 600;
  }
  .next {
    color: var(--_primary);
    font-weight: 600;
  }
  .nr-note {
    margin: 0;
    color: var(--_muted);
    font-size: 13px;
  }
  .new-run {
    display: grid;
    gap: 14px;
    border-bottom: 1px solid var(--_border);
    background: var(--_surface-soft);
  }
  .new-run h3 {
    font-size: 15px;
  }
  .kinds {
    display: grid;
    gap: 8px;
    margin: 0;
    padding: 0;
    border: 0;
    min-width: 0;
  }
  .kinds legend {
    margin-bottom: 6px;
    padding: 0;
    font-weight: 500;
    font-size: 13px;
  }
  /* The form's inputs, not the search box's (whose icon sits inside its left padding). */
  .new-run input,
  .new-run select {
    width: 100%;
    height: 38px;
    padding: 0 10px;
    font-size: 14px;
    box-shadow: none;
  }
  .kind {
    display: flex;
    align-items: flex-start;
    gap: 10px;
    padding: 10px 12px;
    border: 1px solid var(--_border);
    border-radius: var(--_radius-small);
    background: var(--_surface);
    cursor: pointer;
  }
  .kind:has(input:checked) {
    border-color: var(--_primary);
  }
  .kind span {
    display: grid;
  }
  .kind .sub {
    color: var(--_muted);
  }
  /* A tap target of 24 px, kept clear of the search box's input styles. */
  .kind input {
    flex: none;
    width: 24px;
    height: 24px;
    margin: 0;
    padding: 0;
    box-shadow: none;
    accent-color: var(--_primary);
  }
  .new-run .bar {
    margin-top: 0;
  }
`;
