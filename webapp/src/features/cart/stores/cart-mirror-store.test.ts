import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { readCookie } from '@/lib/cookies';
import { recordCookieWrites } from '@/testing/cookie-writes';

import { readCartCookie, rejectedIndexes, useCartMirrorStore } from './cart-mirror-store';

const state = () => useCartMirrorStore.getState();

describe('cart mirror cookie', () => {
  let recorder: ReturnType<typeof recordCookieWrites>;
  beforeEach(() => {
    recorder = recordCookieWrites();
    useCartMirrorStore.setState({ ids: [] });
  });
  afterEach(() => recorder.restore());

  it('writes the destination ids to cookieCart for 30 days', () => {
    state().replace([3, 'b7', 9]);
    expect(readCartCookie()).toEqual(['3', 'b7', '9']);
    expect(JSON.parse(readCookie('cookieCart') ?? 'null')).toEqual(['3', 'b7', '9']);
    expect(recorder.writes.at(-1)).toContain('max-age=2592000');
  });

  it('adds an id once and removes it again', () => {
    state().add(5);
    state().add('5');
    expect(state().ids).toEqual(['5']);
    state().remove(5);
    expect(state().ids).toEqual([]);
    expect(readCookie('cookieCart')).toBeNull();
  });

  it('hydrates from the cookie', () => {
    document.cookie = `cookieCart=${encodeURIComponent('["1",2]')}; path=/`;
    state().hydrate();
    expect(state().ids).toEqual(['1', '2']);
  });

  it('ignores a cookie that is not a list', () => {
    document.cookie = 'cookieCart=%7Bbroken; path=/';
    expect(readCartCookie()).toEqual([]);
  });

  it('drops the entries the server rejected by index', () => {
    state().replace(['a', 'b', 'c', 'd']);
    state().removeIndexes(rejectedIndexes({ 'destination_ids.1': ['gone'], 'destination_ids.3': ['gone'], email: ['x'] }));
    expect(state().ids).toEqual(['a', 'c']);
  });
});
