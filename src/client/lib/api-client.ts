/**
 * The one configured client for the server's JSON API (`/api/...`, see CONTRACT.md §2).
 *
 * - Calls go by name (src/shared/calls.ts): `callApi('apply-basic', body)` posts to
 *   `/api/apply-basic`, and the registry gives the body's and the answer's types. The registry is
 *   imported for its types only, so no schema reaches the public pages.
 * - Same-origin cookies are sent (the applicant session lives in an HttpOnly cookie).
 * - Any failure (non-2xx, a 2xx body with `ok: false`, a network failure) is thrown as an
 *   `ApiError` carrying the HTTP status, the server's message from the error catalogue and
 *   the per-field `details`, so forms and toasts can show them as they are.
 * - Aborts (TanStack Query cancellation) are re-thrown untouched.
 */

import { UPLOAD_HEADER, UPLOAD_HEADER_VALUE } from '#shared/api.ts';
import type {
  CallName,
  CallRequest,
  CallResponse,
  FileCallName,
  ParamCallName,
  PostCallName,
  ReadCallName,
  UploadCallName,
} from '#shared/calls.ts';

export const API_BASE = '/api';

/** Message used when the server gave none we can show (network failure, non-JSON reply). */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again.';
export const NETWORK_ERROR_MESSAGE = 'We could not reach Waj. Check your connection and try again.';

/** The contract's failure body: `{ ok: false, error, details? }`. */
export type ApiErrorBody = {
  ok: false;
  error: string;
  details?: Record<string, string>;
};

export class ApiError extends Error {
  /** HTTP status; 0 when the request never reached the server. */
  readonly status: number;
  /** Field name → message, for invalid input (HTTP 400). */
  readonly details: Readonly<Record<string, string>> | undefined;

  constructor(status: number, message: string, details?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.details = details;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseDetails(value: unknown): Record<string, string> | undefined {
  if (!isRecord(value)) return undefined;
  const details: Record<string, string> = {};
  for (const [key, message] of Object.entries(value)) {
    if (typeof message === 'string') details[key] = message;
  }
  return Object.keys(details).length > 0 ? details : undefined;
}

/** Turns a failure body into an ApiError; unknown shapes get the generic message. */
export function toApiError(status: number, body: unknown): ApiError {
  if (isRecord(body) && typeof body.error === 'string' && body.error.trim() !== '') {
    return new ApiError(status, body.error, parseDetails(body.details));
  }
  return new ApiError(status, GENERIC_ERROR_MESSAGE);
}

/** What any call may add: an abort signal (TanStack Query's) and headers (a staff token). */
export type CallOptions = {
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

/** A call's body, then its options: the body may be left out when the call needs none. */
export type CallArgs<N extends CallName, Options = CallOptions> =
  | [body: CallRequest<N>, options?: Options]
  | (Record<string, never> extends CallRequest<N> ? [body?: undefined, options?: Options] : never);

/** A GET call's options, with the path parameter of a call that has one (`site-settings/:key`). */
export type ReadArgs<N extends ReadCallName, Options = CallOptions> = N extends ParamCallName
  ? [options: Options & { param: string }]
  : [options?: Options];

/**
 * What names a file call's file: the path parameter of a GET (`admin-kyc-file/:id`), or the
 * body of a POST (the CSV exports).
 */
export type FileRequest<N extends FileCallName> = N extends ParamCallName
  ? { param: string; body?: never }
  : { body: CallRequest<N>; param?: never };

/** Everything `send` needs besides the call's name. */
type SendOptions = CallOptions & {
  method: 'GET' | 'POST';
  /** A plain value is sent as JSON; FormData is sent as multipart (uploads). */
  body?: unknown;
  param?: string;
};

/** The address of a call: `/api/<name>`, then its path parameter if it has one. */
export function callUrl(name: CallName, param?: string): string {
  const path = `${API_BASE}/${name}`;
  return param === undefined ? path : `${path}/${encodeURIComponent(param)}`;
}

function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Sends a call and returns the raw Response once it is known to be a success. */
async function send(name: CallName, options: SendOptions): Promise<Response> {
  const { method, body, param, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(callUrl(name, param), {
      method,
      headers,
      body: payload,
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }

  if (!response.ok) {
    throw toApiError(response.status, await readJson(response));
  }
  return response;
}

/** Sends a call and returns its parsed JSON answer (a 204 gives `undefined`). */
async function sendJson<T>(name: CallName, options: SendOptions): Promise<T> {
  const response = await send(name, options);
  const body = await readJson(response);
  // The contract marks failures with `ok: false`; treat one as a failure even on a 2xx.
  if (isRecord(body) && body.ok === false) {
    throw toApiError(response.status, body);
  }
  return body as T;
}

/** `POST /api/<name>` with a JSON body (`{}` when none is given); answers the call's response. */
export function callApi<N extends PostCallName>(
  name: N,
  ...[body, options]: CallArgs<N>
): Promise<CallResponse<N>> {
  return postCall(name, body, options);
}

/** `callApi` for wrappers that give the body's optionality their own signature (staffApi). */
export function postCall<N extends PostCallName>(
  name: N,
  body: CallRequest<N> | undefined,
  options?: CallOptions,
): Promise<CallResponse<N>> {
  return sendJson(name, { ...options, method: 'POST', body: body ?? {} });
}

/** `GET /api/<name>` (with `/<param>` for a call that has one); answers the call's response. */
export function readApi<N extends ReadCallName>(
  name: N,
  ...[options]: ReadArgs<N>
): Promise<CallResponse<N>> {
  return sendJson(name, { ...options, method: 'GET' });
}

/** A multipart upload (`apply-kyc-upload`, `admin-asset-upload`); answers the call's response. */
export function uploadApi<N extends UploadCallName>(
  name: N,
  form: FormData,
  options: CallOptions = {},
): Promise<CallResponse<N>> {
  return sendJson(name, {
    ...options,
    method: 'POST',
    body: form,
    // The server takes uploads only with this header, which no other site's page can add.
    headers: { ...options.headers, [UPLOAD_HEADER]: UPLOAD_HEADER_VALUE },
  });
}

/**
 * A call answered with a file: the raw Response, for the caller to read as a Blob. A GET names
 * its file by the path parameter; a POST sends a JSON body.
 */
export function downloadApi<N extends FileCallName>(
  name: N,
  request: FileRequest<N>,
  options: CallOptions = {},
): Promise<Response> {
  const { body, param }: { body?: unknown; param?: string } = request;
  return send(name, {
    ...options,
    method: body === undefined ? 'GET' : 'POST',
    body,
    param,
    headers: { ...options.headers, Accept: '*/*' },
  });
}
