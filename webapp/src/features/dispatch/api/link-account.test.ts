import { beforeEach, describe, expect, it, vi } from 'vitest';

const put = vi.fn((..._args: unknown[]) => Promise.resolve({}));
vi.mock('@/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  api: { put: (...args: unknown[]) => put(...args) },
}));

import { linkDriverAccount } from './trips';

beforeEach(() => put.mockClear());

describe('linking a driver to their sign-in account', () => {
  it('sends the link’s version the board was loaded at as If-Match, so another admin’s link is not overwritten', async () => {
    await linkDriverAccount('d-1', 'karim@example.com', 0);
    expect(put).toHaveBeenCalledWith('/api/admin/drivers/d-1/account', { email: 'karim@example.com' }, { headers: { 'If-Match': '"0"' } });
  });

  it('sends "-1" for a driver never linked', async () => {
    await linkDriverAccount('d-1', 'karim@example.com', -1);
    expect(put).toHaveBeenCalledWith('/api/admin/drivers/d-1/account', { email: 'karim@example.com' }, { headers: { 'If-Match': '"-1"' } });
  });
});
