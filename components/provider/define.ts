import { PayrailProvider } from './provider.js';

PayrailProvider.define();
export { PayrailProvider };
