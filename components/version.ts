/** Published SDK version; bundles are served at `/sdk/v${SDK_VERSION}/payrail-components.js`. */
export const SDK_VERSION = '1.5.0';
export { SDK_VERSION as VERSION };
