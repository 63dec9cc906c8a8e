// Failures every pack can raise and the service maps to an HTTP answer without parsing messages.

/** A case a pack deliberately does not calculate (the service answers 501, never a guessed number). */
export class UnsupportedInPack extends Error {
  readonly code = 'UNSUPPORTED_IN_PACK';
  constructor(
    readonly pack: string,
    readonly feature: string,
    message: string,
    /** What the caller can do instead, in words a payroll officer follows. */
    readonly alternatives: string[] = [],
  ) {
    super(message);
    this.name = 'UnsupportedInPack';
  }
}
