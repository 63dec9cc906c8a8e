import { PayrailProvider } from './provider.js';

PayrailProvider.define();
export { PayrailProvider };

declare global {
  interface HTMLElementTagNameMap {
    'payrail-provider': PayrailProvider;
    'prl-provider': PayrailProvider;
  }
}
