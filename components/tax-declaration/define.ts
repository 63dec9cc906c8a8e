import '../provider/define.js';
import { PayrailTaxDeclaration } from './tax-declaration.js';

PayrailTaxDeclaration.define();
export { PayrailTaxDeclaration };

declare global {
  interface HTMLElementTagNameMap {
    'payrail-tax-declaration': PayrailTaxDeclaration;
    'prl-tax-declaration': PayrailTaxDeclaration;
  }
}
