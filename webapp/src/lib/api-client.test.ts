// @vitest-environment node
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { ApiError, createApiClient, isRetryable, normaliseErrors, type HttpMethod } from './api-client';

// A real HTTP server on loopback answers from a script, so the client's real
// fetch, headers and body handling are exercised.
interface Seen {
  method: string;
  url: string;
  authorization?: string;
  contentType?: string;
  body: string;
}

let server: Server;
let baseUrl = '';
let script: Array<{ status: number; body?: unknown; headers?: Record<string, string> }> = [];
let seen: Seen[] = [];

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (chunk: Buffer) => (data += chunk.toString()));
    req.on('end', () => resolve(data));
  });

beforeAll(async () => {
  server = createServer((req, res) => {
    void readBody(req).then((body) => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization, contentType: req.headers['content-type'], body });
      const next = script.shift() ?? { status: 200, body: { ok: true } };
      res.writeHead(next.status, { 'Content-Type': 'application/json', ...next.headers });
      res.end(next.body === undefined ? '' : JSON.stringify(next.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  script = [];
  seen = [];
});

const client = (token: string | null = null) => createApiClient({ baseUrl, getToken: () => token, retryDelayMs: 1, sleep: () => Promise.resolve() });

const RETRYABLE = [408, 409, 425, 429, 500, 502, 503, 504];

describe('retry rule', () => {
  it.each(RETRYABLE)('retries a GET once after %i and returns the second answer', async (status) => {
    script = [{ status, body: { message: 'busy' } }, { status: 200, body: { value: 42 } }];
    await expect(client().get('/api/thing')).resolves.toEqual({ value: 42 });
    expect(seen).toHaveLength(2);
  });

  it('retries only once: a second failure is reported', async () => {
    script = [{ status: 503 }, { status: 503, body: { message: 'still down' } }, { status: 200 }];
    await expect(client().get('/api/thing')).rejects.toMatchObject({ status: 503, message: 'still down' });
    expect(seen).toHaveLength(2);
  });

  it.each([400, 401, 403, 404, 422])('does not retry a GET after %i', async (status) => {
    script = [{ status, body: { message: 'no' } }];
    await expect(client().get('/api/thing')).rejects.toBeInstanceOf(ApiError);
    expect(seen).toHaveLength(1);
  });

  it.each<HttpMethod>(['POST', 'PUT', 'PATCH', 'DELETE'])('never retries %s, even on 503', async (method) => {
    script = [{ status: 503, body: { message: 'busy' } }, { status: 200 }];
    await expect(client().request(method, '/api/thing', { body: { a: 1 } })).rejects.toMatchObject({ status: 503 });
    expect(seen).toHaveLength(1);
  });

  it('classifies methods and statuses as the spec says', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS'] as const) {
      for (const status of RETRYABLE) expect(isRetryable(method, status)).toBe(true);
      expect(isRetryable(method, 501)).toBe(false);
    }
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      for (const status of RETRYABLE) expect(isRetryable(method, status)).toBe(false);
    }
  });
});

describe('requests', () => {
  it('sends the Bearer token when there is one', async () => {
    await client('tok-123').get('/api/me');
    expect(seen[0]?.authorization).toBe('Bearer tok-123');
  });

  it('sends no Authorization header when signed out', async () => {
    await client(null).get('/api/me');
    expect(seen[0]?.authorization).toBeUndefined();
  });

  it('encodes JSON bodies and drops empty query values', async () => {
    await client().post('/api/x', { a: 1 }, { query: { q: 'giza', category: '', cursor: undefined } });
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/x?q=giza', contentType: 'application/json', body: '{"a":1}' });
  });

  it('validates the answer with the schema it is given', async () => {
    script = [{ status: 200, body: { n: 'x' } }];
    const schema = {
      parse(data: unknown) {
        if (typeof (data as { n?: unknown }).n !== 'number') throw new Error('bad');
        return data as { n: number };
      },
    };
    await expect(client().get('/api/x', { schema })).rejects.toMatchObject({ status: -1 });
  });

  it('loads a lazy schema while the request is on its way, and validates with it', async () => {
    script = [{ status: 200, body: { n: 2 } }];
    const schema = { parse: (data: unknown) => ({ doubled: (data as { n: number }).n * 2 }) };
    await expect(client().get('/api/x', { schema: () => Promise.resolve(schema) })).resolves.toEqual({ doubled: 4 });
    script = [{ status: 200, body: { n: 2 } }];
    await expect(client().get('/api/x', { schema: () => Promise.reject(new Error('chunk failed')) })).rejects.toMatchObject({ status: 0 });
  });
});

describe('errors', () => {
  it('decodes the server error shape into one ApiError', async () => {
    script = [{ status: 422, body: { message: 'The given data was invalid.', errors: { email: ['Taken.'], 'destination_ids.1': ['Gone.'] } } }];
    const error = await client().post('/api/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(422);
    expect(apiError.message).toBe('The given data was invalid.');
    expect(apiError.errors).toEqual({ email: ['Taken.'], 'destination_ids.1': ['Gone.'] });
    expect(apiError.firstError('email')).toBe('Taken.');
  });

  it('reports a request that never reached a server as status 0', async () => {
    const offline = createApiClient({ baseUrl: 'http://127.0.0.1:1', sleep: () => Promise.resolve() });
    await expect(offline.get('/api/x')).rejects.toMatchObject({ status: 0 });
  });

  it('normalises errors sent as a string, a list or a map', () => {
    expect(normaliseErrors('Nope')).toEqual({ general: ['Nope'] });
    expect(normaliseErrors(['a', 'b'])).toEqual({ general: ['a', 'b'] });
    expect(normaliseErrors({ email: 'bad', phone: ['x', 'y'] })).toEqual({ email: ['bad'], phone: ['x', 'y'] });
    expect(normaliseErrors(null)).toEqual({});
  });
});

describe('a session that ended', () => {
  /** A client signed in as `session` (null: signed out) that records each session it is told ended. */
  const signedIn = (session: string | null) => {
    const ended: string[] = [];
    const api = createApiClient({ baseUrl, getSession: () => session, onSessionEnded: (s) => ended.push(s), sleep: () => Promise.resolve() });
    return { api, ended };
  };

  it('is told when a request sent signed in is answered 401, and the request still fails', async () => {
    const { api, ended } = signedIn('user-1');
    script = [{ status: 401, body: { message: 'Please sign in first.' } }];
    await expect(api.get('/api/orders/pickup-times')).rejects.toMatchObject({ status: 401 });
    expect(ended).toEqual(['user-1']);
  });

  it('is not told of a 401 to a visitor, nor of an endpoint whose 401 is its own answer', async () => {
    const visitor = signedIn(null);
    script = [{ status: 401, body: {} }];
    await expect(visitor.api.get('/api/auth/cart')).rejects.toMatchObject({ status: 401 });
    expect(visitor.ended).toEqual([]);

    const traveller = signedIn('user-1');
    script = [{ status: 401, body: { message: 'Wrong e-mail or password.' } }];
    await expect(traveller.api.post('/api/user/login', {}, { answersUnauthorized: true })).rejects.toMatchObject({ status: 401 });
    expect(traveller.ended).toEqual([]);
  });

  it('is not told of other refusals', async () => {
    const { api, ended } = signedIn('user-1');
    script = [{ status: 403, body: {} }];
    await expect(api.get('/api/admin/x')).rejects.toMatchObject({ status: 403 });
    expect(ended).toEqual([]);
  });
});
