import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';
import { useCommand } from '@/lib/command';

// The catalogue's singletons: home content, business settings (office hours, holidays, default
// pickup point) and currency rates.

const homeSchema = z.object({ data: z.record(z.string(), z.unknown()), version: z.number() });
export type HomeContent = z.infer<typeof homeSchema>;

export function useHomeContent() {
  return useQuery({ queryKey: ['admin-catalogue', 'home'], queryFn: ({ signal }) => api.get('/api/admin/home', { schema: homeSchema, signal }) });
}

const hoursSchema = z.array(z.object({ day: z.number(), open: z.string(), close: z.string() }));
const holidaySchema = z.object({ date: z.string(), name: z.object({ en: z.string(), ar: z.string() }) });
export type Holiday = z.infer<typeof holidaySchema>;
// `version` is the settings' own; each form that replaces some of them sends the version of its own
// group's last change (office hours, default pickup point), so a holiday added, or the other form
// saved, neither refuses nor flags it. A server that answers no group version is older: its forms
// send the settings' version, as before.
const settingsSchema = z
  .object({
    data: z.object({
      opening_hours: hoursSchema,
      holidays: z.array(holidaySchema),
      default_pickup_point_id: z.string().nullish(),
      version: z.number(),
      opening_hours_version: z.number().nullish(),
      default_pickup_point_version: z.number().nullish(),
    }),
  })
  .transform(({ data }) => ({
    ...data,
    opening_hours_version: data.opening_hours_version ?? data.version,
    default_pickup_point_version: data.default_pickup_point_version ?? data.version,
  }));
export type Settings = z.infer<typeof settingsSchema>;

export function useSettings() {
  return useQuery({ queryKey: ['admin-catalogue', 'settings'], queryFn: ({ signal }) => api.get('/api/admin/settings', { schema: settingsSchema, signal }) });
}

const ratesSchema = z
  .object({ data: z.object({ rates: z.record(z.string(), z.number()), set_at: z.string().nullish(), version: z.number() }) })
  .transform((v) => v.data);
export type Rates = z.infer<typeof ratesSchema>;

export function useCurrencyRates() {
  return useQuery({ queryKey: ['admin-catalogue', 'rates'], queryFn: ({ signal }) => api.get('/api/admin/currency-rates', { schema: ratesSchema, signal }) });
}

// `version` is what the form was loaded at (the GET's `version`, -1 before anything was saved; for the
// office hours and the default pickup point, the version of that group, `opening_hours_version` or
// `default_pickup_point_version`): sent as If-Match, so a save over another admin's newer one is
// refused (409) instead of replacing it. Holidays are added and removed one date at a time and take none.
type SiteCall =
  | { kind: 'home'; version: number; values: Record<string, unknown> }
  | { kind: 'hours'; version: number; hours: Array<{ day: number; open: string; close: string }> }
  | { kind: 'addHoliday'; holiday: Holiday }
  | { kind: 'removeHoliday'; date: string }
  | { kind: 'defaultPoint'; version: number; id: string }
  | { kind: 'rates'; version: number; rates: Record<string, number> };

function ifMatch(version: number) {
  return { headers: { 'If-Match': `"${String(version)}"` } };
}

/** What a save answers: the singleton after it (the home content, the settings, the rates), or nothing to keep. */
type SiteSaved = { key: 'home'; data: HomeContent } | { key: 'settings'; data: Settings } | { key: 'rates'; data: Rates } | { key: 'none' };

export async function saveSite(call: SiteCall): Promise<SiteSaved> {
  switch (call.kind) {
    case 'home':
      return { key: 'home', data: await api.put('/api/admin/home', call.values, { schema: homeSchema, ...ifMatch(call.version) }) };
    case 'hours':
      return { key: 'settings', data: await api.put('/api/admin/settings/opening-hours', { hours: call.hours }, { schema: settingsSchema, ...ifMatch(call.version) }) };
    case 'addHoliday':
      await api.post('/api/admin/settings/holidays', call.holiday);
      return { key: 'none' };
    case 'removeHoliday':
      await api.delete(`/api/admin/settings/holidays/${encodeURIComponent(call.date)}`);
      return { key: 'none' };
    case 'defaultPoint':
      return { key: 'settings', data: await api.put('/api/admin/settings/default-pickup-point', { pickup_point_id: call.id }, { schema: settingsSchema, ...ifMatch(call.version) }) };
    case 'rates':
      return { key: 'rates', data: await api.put('/api/admin/currency-rates', { rates: call.rates }, { schema: ratesSchema, ...ifMatch(call.version) }) };
  }
}

export function useSaveSite() {
  const queryClient = useQueryClient();
  return useCommand({
    mutationFn: saveSite,
    // What the server answered is the newest version at once (an editor saved clean follows it
    // without waiting for the refetch); the rest (history, lists) is read again.
    onSuccess: (saved: SiteSaved) => {
      if (saved.key !== 'none') queryClient.setQueryData(['admin-catalogue', saved.key], saved.data);
      void queryClient.invalidateQueries({ queryKey: ['admin-catalogue'] });
    },
  });
}
