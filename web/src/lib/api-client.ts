/**
 * The one way the dashboard talks to the server: JSON in, JSON out, the
 * session's bearer token attached, and errors raised with the server's own text.
 */
import { afterFirstPaint } from './first-paint';
import { takeFirstPaintData } from './first-paint-data';
import { getSession, refreshSession } from './session';

export const NO_TOKEN_MESSAGE = 'No authentication token available';

/** A non-2xx answer. `message` is the response's `error` text, or `HTTP {status}: {statusText}`. */
export class ApiError extends Error {
  readonly status: number;
  /** Machine-readable code some errors carry, e.g. `email_not_confirmed`. */
  readonly code: string | undefined;
  readonly data: unknown;

  constructor(message: string, status: number, code?: string, data?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.data = data;
  }
}

/**
 * - `required`: fails with "No authentication token available" when signed out.
 * - `optional`: sends the token when there is one.
 * - `none`: never sends it (sign-in, signup, password reset, …).
 */
export type AuthMode = 'required' | 'optional' | 'none';

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  auth?: AuthMode;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

function withQuery(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  if (!search) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

function send(path: string, options: RequestOptions, token: string | undefined): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body instanceof Blob) {
    // A file sent as it is (a CSV import): its own type, never wrapped in JSON.
    headers['Content-Type'] = options.body.type || 'application/octet-stream';
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(withQuery(path, options.query), {
    method: options.method ?? 'GET',
    headers,
    body,
    signal: options.signal,
  });
}

async function read<T>(response: Response): Promise<T> {
  const text = await response.text();
  let data: unknown;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!response.ok) {
    const record = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
    const message = typeof record.error === 'string' && record.error ? record.error : `HTTP ${response.status}: ${response.statusText}`;
    const code = typeof record.code === 'string' ? record.code : undefined;
    throw new ApiError(message, response.status, code, data);
  }
  return data as T;
}

async function sendSigned(path: string, options: RequestOptions): Promise<Response> {
  // What the first paint does not need starts after it (lib/first-paint.ts).
  await afterFirstPaint(path);
  const auth = options.auth ?? 'required';
  const session = auth === 'none' ? null : getSession();
  if (auth === 'required' && !session) throw new Error(NO_TOKEN_MESSAGE);

  // A page's first data may already be on its way, started by index.html; a failed early
  // request (offline, say) is simply sent again. Only a plain read can be one: headers
  // such as a read-after-write checkpoint ask for something the early one did not.
  const plainRead = (options.method ?? 'GET') === 'GET' && !options.query && Object.keys(options.headers ?? {}).length === 0;
  const early = plainRead ? takeFirstPaintData(path, session?.accessToken) : null;
  let response = early ? await early.catch(() => send(path, options, session?.accessToken)) : await send(path, options, session?.accessToken);
  if (response.status === 401 && session) {
    // One refresh, one retry: a token that expired in flight should not surface as an error.
    const refreshed = await refreshSession(session.accessToken).catch(() => null);
    if (refreshed) response = await send(path, options, refreshed.accessToken);
  }
  return response;
}

export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return read<T>(await sendSigned(path, options));
}

/** A file the server answers (a CSV export): fetched with the session, as a Blob. Errors as apiFetch's. */
export async function apiBlob(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<Blob> {
  const response = await sendSigned(path, { ...options, headers: { Accept: '*/*', ...options.headers } });
  if (!response.ok) return read<never>(response);
  return response.blob();
}

type BodylessOptions = Omit<RequestOptions, 'method' | 'body'>;

export const api = {
  get: <T>(path: string, options?: BodylessOptions) => apiFetch<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: BodylessOptions) => apiFetch<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: BodylessOptions) => apiFetch<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: BodylessOptions) => apiFetch<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, body?: unknown, options?: BodylessOptions) => apiFetch<T>(path, { ...options, method: 'DELETE', body }),
};

/** The text to show for any thrown value: the server's text, or the spec's generic message. */
export function errorMessage(error: unknown, fallback = 'An unexpected error occurred. Please try again.'): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message === NO_TOKEN_MESSAGE) return error.message;
  return fallback;
}
