import { ErrorCode, messages } from '@bridge/api';

/** An error whose message is safe to show to users; the error plugin sends it as `{ error, code }`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly issues?: { path: string; message: string }[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code: string = ErrorCode.validationFailed) => new AppError(400, code, message);
/** A 400 whose message belongs to one field of the input (`movement.text`, `pairs.2.pair`), where the form shows it. */
export const fieldError = (path: string, message: string) => new AppError(400, ErrorCode.validationFailed, message, [{ path, message }]);
export const unauthorized = (message: string = messages.notSignedIn) => new AppError(401, ErrorCode.unauthorized, message);
export const forbidden = (message: string = messages.forbidden) => new AppError(403, ErrorCode.forbidden, message);
export const notFound = (message = 'Not found') => new AppError(404, ErrorCode.notFound, message);
export const conflict = (message: string) => new AppError(409, ErrorCode.conflict, message);
export const serviceUnavailable = () => new AppError(503, ErrorCode.serviceUnavailable, messages.serviceUnavailable);

const formatWait = (ms: number) => {
  const minutes = Math.ceil(ms / 60_000);
  return ms < 60_000 ? `${Math.ceil(ms / 1000)} seconds` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
};
/** 429 with the catalogue's text, saying how long until the limit's window ends. */
export const tooManyAttempts = (waitMs: number) => new AppError(429, ErrorCode.rateLimited, messages.tooManyRequests(formatWait(waitMs)));
