import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { listOf } from '@/lib/schemas';

import { savedLocationSchema, type SavedLocation } from './types';

const schema = listOf(savedLocationSchema);

export const savedLocationsQueryKey = ['account', 'locations'] as const;

export function getSavedLocations(signal?: AbortSignal): Promise<SavedLocation[]> {
  return api.get('/api/me/locations', { schema, signal });
}

export function useSavedLocations(enabled = true) {
  return useQuery(queryOptions({ queryKey: savedLocationsQueryKey, queryFn: ({ signal }) => getSavedLocations(signal), enabled }));
}
