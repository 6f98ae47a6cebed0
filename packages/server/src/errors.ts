import { ERROR_CODES } from '@stoop/shared';

/**
 * The expected failures of the domains, in the domains' own words. Services, access rules and repos
 * throw these and know nothing of HTTP; the one error handler (http/errors.ts) turns each kind into
 * its status code. Each carries the text the resident reads, the machine code of the API body and,
 * where one input is to blame, its field.
 */
export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;

  constructor(
    message: string,
    readonly code: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export type DomainErrorKind =
  'invalid' | 'unauthenticated' | 'forbidden' | 'not-found' | 'conflict' | 'too-large' | 'rate-limited';

/** The input cannot be used as it is. */
export class Invalid extends DomainError {
  readonly kind = 'invalid';
  constructor(message: string, field?: string) {
    super(message, ERROR_CODES.validation, field);
  }
}

/** The caller is nobody we know (no session, a wrong password, a bad signature). */
export class Unauthenticated extends DomainError {
  readonly kind = 'unauthenticated';
  constructor(message = 'You need to sign in first', code: string = ERROR_CODES.unauthenticated) {
    super(message, code);
  }
}

/** The caller is known but may not do this. */
export class Forbidden extends DomainError {
  readonly kind = 'forbidden';
  constructor(message = 'You are not allowed to do that', code: string = ERROR_CODES.forbidden) {
    super(message, code);
  }
}

/** The thing does not exist, or the caller may not know that it does. */
export class NotFound extends DomainError {
  readonly kind = 'not-found';
  constructor(message = 'Not found') {
    super(message, ERROR_CODES.notFound);
  }
}

/** The request clashes with the current state (a duplicate, a closed poll, a broken source). */
export class Conflict extends DomainError {
  readonly kind = 'conflict';
  constructor(message: string, field?: string) {
    super(message, ERROR_CODES.conflict, field);
  }
}

/** An upload, or what it unpacks to, is larger than allowed. */
export class TooLarge extends DomainError {
  readonly kind = 'too-large';
  constructor(message: string, field?: string) {
    super(message, ERROR_CODES.payloadTooLarge, field);
  }
}

/** Too many attempts in too short a time. */
export class RateLimited extends DomainError {
  readonly kind = 'rate-limited';
  constructor(message: string) {
    super(message, ERROR_CODES.rateLimited);
  }
}
