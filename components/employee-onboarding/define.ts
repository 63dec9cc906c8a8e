import '../provider/define.js';
import { PayrailEmployeeOnboarding } from './employee-onboarding.js';

PayrailEmployeeOnboarding.define();
export { PayrailEmployeeOnboarding };

declare global {
  interface HTMLElementTagNameMap {
    'payrail-employee-onboarding': PayrailEmployeeOnboarding;
    'prl-employee-onboarding': PayrailEmployeeOnboarding;
  }
}
