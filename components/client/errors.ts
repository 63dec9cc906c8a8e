import type { ApiErrorBody } from './models.js';

/** The API's error envelope as a throwable; `status` 0 means the request never got an answer. */
export class PayrailApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly errors?: ApiErrorBody['errors'];

  constructor(body: ApiErrorBody) {
    super(body.message);
    this.name = 'PayrailApiError';
    this.code = body.code;
    this.status = body.status;
    this.errors = body.errors;
  }

  /** The envelope's body again, as `payrail-error` events carry it. */
  get envelope(): ApiErrorBody {
    return {
      code: this.code,
      message: this.message,
      status: this.status,
      ...(this.errors ? { errors: this.errors } : {}),
    };
  }

  static from(status: number, body: unknown): PayrailApiError {
    const e = (body as { error?: Partial<ApiErrorBody> & { violations?: ApiErrorBody['errors'] } } | null)?.error;
    return new PayrailApiError({
      code: e?.code ?? `http_${status}`,
      message: e?.message ?? `Request failed with status ${status}`,
      status: e?.status ?? status,
      // A pack rule's violations (422) name their fields as validation errors do.
      errors: e?.errors ?? e?.violations?.map(({ path, message }) => ({ path, message })),
    });
  }

  /** A request that got no answer: the network, or the service, is down. */
  static unreachable(): PayrailApiError {
    return new PayrailApiError({
      code: 'network_error',
      message: 'The payroll service could not be reached',
      status: 0,
    });
  }

  /** Any failure as an envelope: a thrown non-API error becomes `client_error`. */
  static envelopeOf(e: unknown): ApiErrorBody {
    return e instanceof PayrailApiError
      ? e.envelope
      : { code: 'client_error', message: e instanceof Error ? e.message : String(e), status: 0 };
  }
}
