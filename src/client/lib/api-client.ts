/**
 * The one configured client for the server's JSON API (`/api/...`, see CONTRACT.md §2).
 *
 * - Same-origin cookies are sent (the applicant session lives in an HttpOnly cookie).
 * - Any failure (non-2xx, a 2xx body with `ok: false`, a network failure) is thrown as an
 *   `ApiError` carrying the HTTP status, the server's message from the error catalogue and
 *   the per-field `details`, so forms and toasts can show them as they are.
 * - Aborts (TanStack Query cancellation) are re-thrown untouched.
 */

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

/** A path under /api, e.g. `/apply-basic` or `/site-settings/invite_mode`. */
export type ApiPath = `/${string}`;

export type ApiRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain value is sent as JSON; FormData is sent as multipart (uploads). */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

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

/**
 * Sends a request and returns the raw Response once it is known to be a success. Use it for
 * non-JSON replies (CSV export); everything else should use `api.get` / `api.post`.
 */
export async function apiRequest(
  path: ApiPath,
  options: ApiRequestOptions = {},
): Promise<Response> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, signal } = options;
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
    response = await fetch(`${API_BASE}${path}`, {
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

/** Sends a JSON request and returns the parsed JSON body (a 204 gives `undefined`). */
export async function apiFetch<T>(path: ApiPath, options: ApiRequestOptions = {}): Promise<T> {
  const response = await apiRequest(path, options);
  const body = await readJson(response);
  // The contract marks failures with `ok: false`; treat one as a failure even on a 2xx.
  if (isRecord(body) && body.ok === false) {
    throw toApiError(response.status, body);
  }
  return body as T;
}

export const api = {
  get: <T>(path: ApiPath, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiFetch<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: ApiPath, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiFetch<T>(path, { ...options, method: 'POST', body: body ?? {} }),
};
