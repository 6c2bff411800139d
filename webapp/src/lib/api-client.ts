// The one HTTP client of the web app. It knows the API base URL, adds the
// Bearer token through an injected getter (it never imports a store: stores
// sit above it), decodes every error body into ApiError, tells the app when a
// signed-in request is refused with 401 (the session ended: onSessionEnded),
// and applies the retry rule of the spec. It must never retry a request that changes data; every such
// request carries an Idempotency-Key (see withIdempotencyKey), so the user's
// own retry of an action is recognised by the server as the same action.

import { env } from '@/config/env';

export type HttpMethod = 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const IDEMPOTENT_METHODS: ReadonlySet<HttpMethod> = new Set(['GET', 'HEAD', 'OPTIONS']);
const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const MAX_RETRY_AFTER_MS = 2000;

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** A fresh Idempotency-Key (a random UUID; crypto.randomUUID needs a secure context, this does not). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

let actionKey: string | undefined;

/**
 * Runs start with key as the Idempotency-Key of the requests that change something it sends before
 * it first waits (an endpoint function sends its request at once). The mutation layer (lib/command.ts)
 * runs every user action through this with the key made when the action started, so trying the same
 * action again sends the same key; a request outside any action gets a key of its own.
 */
export function withIdempotencyKey<T>(key: string, start: () => T): T {
  const outer = actionKey;
  actionKey = key;
  try {
    return start();
  } finally {
    actionKey = outer;
  }
}

export function isRetryable(method: HttpMethod, status: number): boolean {
  return IDEMPOTENT_METHODS.has(method) && RETRYABLE_STATUSES.has(status);
}

export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  readonly status: number;
  readonly errors: FieldErrors;
  readonly body: unknown;

  constructor(status: number, message: string, errors: FieldErrors = {}, body: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.body = body;
  }

  /** First message for a field, or for the whole request when no field matches. */
  firstError(field?: string): string | undefined {
    if (field) return this.errors[field]?.[0];
    return Object.values(this.errors).find((list) => list.length > 0)?.[0];
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Status 0: the request never reached the server (offline, CORS, DNS). */
export const NETWORK_ERROR_STATUS = 0;
/** Status -1: the server answered 2xx with a body we do not understand. */
export const INVALID_RESPONSE_STATUS = -1;

// The server answers `{"message": "...", "errors": {"field": ["..."]}}`; older
// endpoints of the spec also send errors as one string or a list.
export function normaliseErrors(raw: unknown): FieldErrors {
  if (typeof raw === 'string') return raw ? { general: [raw] } : {};
  if (Array.isArray(raw)) {
    const list = raw.filter((item): item is string => typeof item === 'string');
    return list.length ? { general: list } : {};
  }
  if (raw && typeof raw === 'object') {
    const out: FieldErrors = {};
    for (const [key, value] of Object.entries(raw)) {
      if (typeof value === 'string') out[key] = [value];
      else if (Array.isArray(value)) out[key] = value.filter((v): v is string => typeof v === 'string');
    }
    return out;
  }
  return {};
}

function decodeError(status: number, statusText: string, body: unknown): ApiError {
  let message = statusText || `HTTP ${status}`;
  let errors: FieldErrors = {};
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const record = body as Record<string, unknown>;
    if (typeof record.message === 'string' && record.message) message = record.message;
    else if (typeof record.error === 'string' && record.error) message = record.error;
    errors = normaliseErrors(record.errors);
  } else if (typeof body === 'string' && body.trim()) {
    message = body.trim().slice(0, 300);
  }
  return new ApiError(status, message, errors, body);
}

export interface Schema<T> {
  parse(data: unknown): T;
}

/**
 * A schema in a chunk of its own, loaded while the request is on its way: the home page's requests
 * use these so the validation library is not part of the first download.
 */
export type LazySchema<T> = () => Promise<Schema<T>>;

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions<T> {
  query?: Record<string, QueryValue>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  schema?: Schema<T> | LazySchema<T>;
  /**
   * The endpoint answers 401 for reasons of its own (a wrong password, an account without admin
   * access): such an answer does not mean that the session ended.
   */
  answersUnauthorized?: boolean;
}

export interface ApiClientOptions {
  baseUrl: string;
  getToken?: () => string | null | undefined;
  getLanguage?: () => string | undefined;
  /** Who is signed in (any text that tells sessions apart), or null: read as each request is sent. */
  getSession?: () => string | null;
  /** A request sent in `session` was answered 401: the session has ended (signed out elsewhere, expired). */
  onSessionEnded?: (session: string) => void;
  fetchImpl?: typeof fetch;
  retryDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

export interface ApiClient {
  request<T>(method: HttpMethod, path: string, options?: RequestOptions<T>): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions<T>, 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions<T>): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions<T>): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: RequestOptions<T>): Promise<T>;
  delete<T>(path: string, options?: RequestOptions<T>): Promise<T>;
}

export function buildUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): string {
  const base = baseUrl.replace(/\/+$/, '');
  const cleanPath = path.startsWith('/') ? path : `/${path}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, String(value));
  }
  const search = params.toString();
  return `${base}${cleanPath}${search ? `?${search}` : ''}`;
}

function retryAfterMs(response: Response, fallback: number): number {
  const header = response.headers.get('Retry-After');
  if (header === null) return fallback;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.min(Math.max(seconds * 1000, 0), MAX_RETRY_AFTER_MS);
  const date = Date.parse(header);
  if (Number.isNaN(date)) return fallback;
  return Math.min(Math.max(date - Date.now(), 0), MAX_RETRY_AFTER_MS);
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('Content-Type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createApiClient(options: ApiClientOptions): ApiClient {
  const fetchImpl = options.fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const sleep = options.sleep ?? defaultSleep;
  const retryDelay = options.retryDelayMs ?? 300;

  async function send(method: HttpMethod, url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetchImpl(url, { ...init, method });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(NETWORK_ERROR_STATUS, 'Network request failed', {}, null);
    }
  }

  async function request<T>(method: HttpMethod, path: string, opts: RequestOptions<T> = {}): Promise<T> {
    const schema = typeof opts.schema === 'function' ? opts.schema() : opts.schema;
    // Read below, after the response; a request that fails first must not leave it unhandled.
    if (schema instanceof Promise) schema.catch(() => undefined);
    const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
    if (!IDEMPOTENT_METHODS.has(method) && !(IDEMPOTENCY_KEY_HEADER in headers)) headers[IDEMPOTENCY_KEY_HEADER] = actionKey ?? newIdempotencyKey();
    const token = options.getToken?.();
    if (token) headers.Authorization = `Bearer ${token}`;
    const session = options.getSession?.() ?? null;
    const language = options.getLanguage?.();
    if (language && !('Accept-Language' in headers)) headers['Accept-Language'] = language;

    let body: BodyInit | undefined;
    if (opts.body instanceof FormData || opts.body instanceof URLSearchParams) {
      body = opts.body;
    } else if (opts.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }

    const url = buildUrl(options.baseUrl, path, opts.query);
    const init: RequestInit = { headers, body, signal: opts.signal, credentials: 'include' };

    let response = await send(method, url, init);
    if (!response.ok && isRetryable(method, response.status)) {
      await sleep(retryAfterMs(response, retryDelay));
      response = await send(method, url, init);
    }

    const payload = await readBody(response);
    if (response.status === 401 && session !== null && !opts.answersUnauthorized) options.onSessionEnded?.(session);
    if (!response.ok) throw decodeError(response.status, response.statusText, payload);
    if (!schema) return payload as T;
    let parser: Schema<T>;
    try {
      parser = await schema;
    } catch {
      // The schema's chunk did not load: as unreachable as the server itself.
      throw new ApiError(NETWORK_ERROR_STATUS, 'Network request failed', {}, null);
    }
    try {
      return parser.parse(payload);
    } catch {
      throw new ApiError(INVALID_RESPONSE_STATUS, 'Unexpected response from the server', {}, payload);
    }
  }

  return {
    request,
    get: (path, opts) => request('GET', path, opts),
    post: (path, body, opts) => request('POST', path, { ...opts, body }),
    put: (path, body, opts) => request('PUT', path, { ...opts, body }),
    patch: (path, body, opts) => request('PATCH', path, { ...opts, body }),
    delete: (path, opts) => request('DELETE', path, opts),
  };
}

let tokenGetter: () => string | null | undefined = () => null;
let languageGetter: () => string | undefined = () => undefined;
let sessionGetter: () => string | null = () => null;
let sessionEnded: (session: string) => void = () => undefined;

/** Called once by the app shell so the shared client can read the session without importing it. */
export function configureApiClient(getters: {
  getToken: () => string | null | undefined;
  getLanguage: () => string | undefined;
  getSession?: () => string | null;
  onSessionEnded?: (session: string) => void;
}): void {
  tokenGetter = getters.getToken;
  languageGetter = getters.getLanguage;
  if (getters.getSession) sessionGetter = getters.getSession;
  if (getters.onSessionEnded) sessionEnded = getters.onSessionEnded;
}

export const api: ApiClient = createApiClient({
  baseUrl: env.apiUrl,
  getToken: () => tokenGetter(),
  getLanguage: () => languageGetter(),
  getSession: () => sessionGetter(),
  onSessionEnded: (session) => sessionEnded(session),
});
