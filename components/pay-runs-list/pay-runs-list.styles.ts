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
    color: var(--_er);
    font-weight: 600;
  }
  .next {
    color: var(--_p);
    font-weight: 600;
  }
`;
