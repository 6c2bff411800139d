import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { ApiError } from '@/lib/api-client';

import { QueryView } from './query-view';

const failed = (error: unknown) => ({ data: undefined, isPending: false, isError: true, error, refetch: vi.fn() });

describe('a read that failed', () => {
  it('says what the server said when there is nothing there, without blaming the connection or offering a retry', () => {
    render(<QueryView query={failed(new ApiError(404, 'This order does not exist.'))} loading={null} errorTitle="We couldn't find this order.">{() => null}</QueryView>);
    expect(screen.getByRole('alert')).toHaveTextContent("We couldn't find this order.This order does not exist.");
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers a retry when the failure may pass', () => {
    render(<QueryView query={failed(new ApiError(503, 'Busy'))} loading={null} errorTitle="Could not load">{() => null}</QueryView>);
    expect(screen.getByRole('button')).toBeInTheDocument();
  });
});
