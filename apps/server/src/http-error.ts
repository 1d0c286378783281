import { STATUS_CODES } from 'node:http';

/** An error whose German message is meant for the user: the error handler sends it as it is. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Headers of the answer (Retry-After of a 429). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = STATUS_CODES[statusCode] ?? 'Error';
  }
}
