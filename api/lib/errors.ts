import type { z } from 'zod';
// The one error type of the service. The error middleware turns it into the SPEC envelope.

export interface FieldError {
  path: string;
  message: string;
}

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly detail: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  toBody() {
    return { error: { code: this.code, message: this.message, status: this.status, ...this.detail } };
  }
}

export const badRequest = (message: string, errors?: FieldError[]) =>
  new AppError(400, 'bad_request', message, errors ? { errors } : {});
export const unauthorized = (message = 'A valid bearer credential is required.') =>
  new AppError(401, 'unauthorized', message);
export const forbidden = (message: string) => new AppError(403, 'forbidden', message);
export const notFound = (message = 'Resource not found.') => new AppError(404, 'not_found', message);
export const stateConflict = (message: string, detail: Record<string, unknown> = {}) =>
  new AppError(409, 'state_conflict', message, detail);
export const conflict = (code: string, message: string, detail: Record<string, unknown> = {}) =>
  new AppError(409, code, message, detail);

export interface RuleFailure {
  rule: string;
  path: string;
  message: string;
}
export const packValidationFailed = (violations: RuleFailure[]) =>
  new AppError(422, 'pack_validation_failed', violations.map((v) => v.message).join(' '), {
    rule: violations[0]?.rule,
    violations,
  });

/**
 * A pack rule the employer meets by recording something first (figures on record, a setting), not by changing the
 * request: an adjustment that meets it is kept, and the employee is held out of the run with the rule until then.
 */
export class RecordsNeeded extends AppError {
  constructor(violations: RuleFailure[]) {
    const e = packValidationFailed(violations);
    super(e.status, e.code, e.message, e.detail);
  }
}

export const capabilityNotSupported = (
  capability: string,
  pack: string | null,
  alternatives: string[],
  message?: string,
) =>
  new AppError(501, 'CAPABILITY_NOT_SUPPORTED', message ?? `The bound pack or engine does not support ${capability}.`, {
    capability,
    pack,
    alternatives,
  });

/** A schema's issues as field errors: the dotted path (under `prefix`) and the message; unknown keys by name. */
export function issuesToErrors(issues: z.core.$ZodIssue[], prefix = ''): FieldError[] {
  return issues.map((i) => {
    const path = [prefix, ...i.path.map(String)].filter(Boolean).join('.');
    const unknownKeys = i.code === 'unrecognized_keys' ? ((i as { keys?: string[] }).keys ?? []) : [];
    if (unknownKeys.length)
      return {
        path: [path, unknownKeys[0]].filter(Boolean).join('.'),
        message: `Unknown field${unknownKeys.length > 1 ? 's' : ''}: ${unknownKeys.join(', ')}.`,
      };
    return { path: path || prefix || '(root)', message: i.message };
  });
}
