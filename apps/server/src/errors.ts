/**
 * Typed domain errors. Services throw them; the one error handler in `app.ts` turns them into
 * `{ statusCode, error, message, field? }` replies (contract `errorReply`).
 */

/** Base class: an error with an HTTP status and a message meant for people. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** 400: bad input. `field` names the input, e.g. `body.username` or `query.site_uid`. */
export class ValidationError extends HttpError {
  constructor(field: string, message: string) {
    super(400, message, field);
  }
}

/** 401: no, invalid or expired credentials. */
export class UnauthorizedError extends HttpError {
  constructor(message = 'Authentication required') {
    super(401, message);
  }
}

/** 403: authenticated but not allowed. */
export class ForbiddenError extends HttpError {
  constructor(message = 'Forbidden') {
    super(403, message);
  }
}

/** 404: the thing does not exist or is outside the caller's scope. */
export class NotFoundError extends HttpError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}

/** 409: conflicts with existing state (duplicate username, ...). */
export class ConflictError extends HttpError {
  constructor(message: string, field?: string) {
    super(409, message, field);
  }
}

/** 429: too many attempts; `retryAfterSeconds` becomes the Retry-After header. */
export class TooManyRequestsError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(429, message);
  }
}

/**
 * The spec's text for a restricted action refused to a read-only user (docs/requirements.md#restricted-actions):
 * 'Sorry! You don't have the necessary permission to {action}.'
 */
export function readOnlyMessage(action: string): string {
  return `Sorry! You don't have the necessary permission to ${action}.`;
}
