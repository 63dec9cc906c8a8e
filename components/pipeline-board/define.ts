import '../provider/define.js';
import { PayrailPipelineBoard } from './pipeline-board.js';

PayrailPipelineBoard.define();
export { PayrailPipelineBoard };

declare global {
  interface HTMLElementTagNameMap {
    'payrail-pipeline-board': PayrailPipelineBoard;
    'prl-pipeline-board': PayrailPipelineBoard;
  }
}
