import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';

import { createApiClient, IDEMPOTENCY_KEY_HEADER, withIdempotencyKey } from './api-client';
import { fingerprint, startAction, useCommand } from './command';
import { createQueryClient } from './query-client';

/** An API whose answers the test decides, recording each request's method and Idempotency-Key. */
function fakeApi(answers: Array<'ok' | 'lost' | 'conflict'>) {
  const sent: Array<{ method: string; key: string | null }> = [];
  const releases: Array<() => void> = [];
  const client = createApiClient({
    baseUrl: 'http://api.test',
    fetchImpl: (_input, init) => {
      sent.push({ method: init?.method ?? 'GET', key: new Headers(init?.headers).get(IDEMPOTENCY_KEY_HEADER) });
      const answer = answers.shift() ?? 'ok';
      return new Promise<Response>((resolve, reject) => {
        releases.push(() => {
          if (answer === 'lost') reject(new TypeError('network'));
          else resolve(new Response(JSON.stringify({ ok: answer === 'ok' }), { status: answer === 'ok' ? 200 : 409, headers: { 'Content-Type': 'application/json' } }));
        });
      });
    },
  });
  const release = async () => {
    await waitFor(() => expect(releases.length).toBeGreaterThan(0));
    releases.shift()?.();
  };
  return { client, sent, release };
}

describe('Idempotency-Key', () => {
  it('goes with every request that changes something, never with a read', async () => {
    const { client, sent, release } = fakeApi(['ok', 'ok', 'ok']);
    const requests = [client.get('/a'), client.post('/b', {}), client.delete('/c')];
    for (let i = 0; i < 3; i += 1) await release();
    await Promise.all(requests);
    expect(sent[0]).toEqual({ method: 'GET', key: null });
    expect(sent[1]?.key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(sent[2]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[2]?.key).not.toBe(sent[1]?.key);
  });

  it('is the action’s key for the requests the action sends, and a header given by the caller wins', async () => {
    const { client, sent, release } = fakeApi(['ok', 'ok']);
    const first = withIdempotencyKey('action-1', () => client.post('/orders/1/cancel', {}));
    const second = client.post('/x', {}, { headers: { [IDEMPOTENCY_KEY_HEADER]: 'given' } });
    await release();
    await release();
    await Promise.all([first, second]);
    expect(sent.map((request) => request.key)).toEqual(['action-1', 'given']);
  });
});

describe('an action', () => {
  it('tells variables apart by value, and files by identity', () => {
    expect(fingerprint({ a: 1, b: 'x' })).toBe(fingerprint({ a: 1, b: 'x' }));
    expect(fingerprint(undefined)).toBe('undefined');
    const one = new Blob(['a']);
    expect(fingerprint({ file: one })).toBe(fingerprint({ file: one }));
    expect(fingerprint({ file: one })).not.toBe(fingerprint({ file: new Blob(['a']) }));
  });

  it('joins the request on its way, retries with the same key after a failure, and starts anew after a success', async () => {
    let calls = 0;
    let fail = true;
    const run = () => {
      calls += 1;
      return fail ? Promise.reject(new Error('lost')) : Promise.resolve('done');
    };
    const first = startAction<string>(null, { reason: 'x' }, run);
    const joined = startAction(first.action, { reason: 'x' }, run);
    expect(joined.promise).toBe(first.promise);
    expect(calls).toBe(1);
    await expect(first.promise).rejects.toThrow('lost');

    fail = false;
    const retried = startAction(first.action, { reason: 'x' }, run);
    expect(retried.action.key).toBe(first.action.key);
    await retried.promise;
    const other = startAction(first.action, { reason: 'y' }, run);
    expect(other.action.key).not.toBe(first.action.key);
    const next = startAction(retried.action, { reason: 'x' }, run);
    expect(next.action.key).not.toBe(retried.action.key);
    expect(calls).toBe(4);
  });
});

describe('useCommand', () => {
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;

  it('sends one request for a double click, one key for its retry, and a new key for the next action', async () => {
    const { client, sent, release } = fakeApi(['ok', 'lost', 'ok', 'ok']);
    const { result } = renderHook(() => useCommand({ mutationFn: (reason: string) => client.post('/api/orders/1/cancel', { reason }) }), { wrapper });

    // A double click: both calls are the one action, one request.
    let clicks: Array<Promise<unknown>> = [];
    act(() => {
      clicks = [result.current.mutateAsync('changed plans'), result.current.mutateAsync('changed plans')];
    });
    await release();
    await Promise.all(clicks);
    expect(sent).toHaveLength(1);

    // The next cancellation is a new action; its answer is lost, and trying again is the same action.
    let attempt: Promise<unknown> = Promise.resolve();
    act(() => {
      attempt = result.current.mutateAsync('changed plans');
    });
    await release();
    await expect(attempt).rejects.toThrow();
    act(() => {
      attempt = result.current.mutateAsync('changed plans');
    });
    await release();
    await attempt;
    expect(sent).toHaveLength(3);
    expect(sent[1]?.key).not.toBe(sent[0]?.key);
    expect(sent[2]?.key).toBe(sent[1]?.key);
  });
});
