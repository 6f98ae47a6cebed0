/**
 * What a failed call throws, apart from the client that throws it: screens tell an API error from
 * others and read its status, text and field without reaching the network layer.
 */

/** A failed call: the server's `{statusCode, error, message, code?, field?}` or a client failure (status 0). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string | undefined;
  readonly field: string | undefined;

  constructor(status: number, message: string, code?: string, field?: string) {
    super(message);
    this.status = status;
    this.code = code;
    this.field = field;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
