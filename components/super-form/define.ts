import '../provider/define.js';
import { PayrailSuperForm } from './super-form.js';

PayrailSuperForm.define();
export { PayrailSuperForm };

declare global {
  interface HTMLElementTagNameMap {
    'payrail-super-form': PayrailSuperForm;
    'prl-super-form': PayrailSuperForm;
  }
}
