// Typed failures the service can map to HTTP answers without parsing messages.

// A case the pack does not calculate is the packs' shared failure (501).
export { UnsupportedInPack } from '../errors.ts';

/** Pay input the calculator cannot turn into a lawful pay (the service answers 422). */
export class AuPayInputError extends Error {
  readonly code = 'AU_PAY_INPUT_INVALID';
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
    this.name = 'AuPayInputError';
  }
}

/** A version string that names no AU pack module. */
export class UnknownPackVersion extends Error {
  readonly code = 'UNKNOWN_PACK_VERSION';
  constructor(readonly version: string) {
    super(`No AU pack version ${version}`);
    this.name = 'UnknownPackVersion';
  }
}
