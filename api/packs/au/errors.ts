// Typed failures the service can map to HTTP answers without parsing messages.

/** A case the AU pack deliberately does not calculate (the service answers 501, never a guessed number). */
export class UnsupportedInPack extends Error {
  readonly code = 'UNSUPPORTED_IN_PACK';
  constructor(
    readonly pack: string,
    readonly feature: string,
    message: string,
    /** What the caller can do instead (the 501 answer's `alternatives`). */
    readonly alternatives: string[] = [],
  ) {
    super(message);
    this.name = 'UnsupportedInPack';
  }
}

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
