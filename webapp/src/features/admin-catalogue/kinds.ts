import { SERVICE_AREA } from '@/config/constants';
import type { AdminSectionKey } from '@/config/paths';

// What each catalogue section of the admin area edits: its API collection, its list columns and its
// form fields. Field names are the API's JSON names, so server errors ("name.ar", "photos.1") land
// next to the field they are about.

export type FieldKind =
  | 'text2'
  | 'textarea2'
  | 'text'
  | 'number'
  | 'money'
  | 'percent'
  | 'bool'
  | 'date'
  | 'choice'
  | 'category'
  | 'program'
  | 'destinations'
  | 'programs'
  | 'ratePlans'
  | 'hours'
  | 'weekdays'
  | 'photos'
  | 'photo';

export type Values = Record<string, unknown>;

export interface FieldSpec {
  name: string;
  kind: FieldKind;
  required?: boolean;
  /** A label of its own (list items such as FAQ entries); default: the field's translated name. */
  label?: string;
  /** The translation key of the label when it differs from the field name. */
  labelKey?: string;
  options?: readonly string[];
  min?: number;
  max?: number;
  step?: number;
  ltr?: boolean;
  /** The translation key of a hint shown under the field (checkboxes). */
  hintKey?: string;
  /** Shown only when this returns true (e.g. the amount of an amount offer). */
  when?: (values: Values) => boolean;
}

/**
 * How a list cell shows its value: a choice by its translated name, a date in the page's language,
 * an offer's discount as a percent or an amount (by the record's kind).
 */
export type ColumnKind = 'text2' | 'text' | 'number' | 'money' | 'bool' | 'choice' | 'date' | 'discount';

export interface ColumnSpec {
  name: string;
  kind: ColumnKind;
  /** The translation key of the heading when it differs from the field name. */
  labelKey?: string;
  /** A value written left to right whatever the page's language (a phone number): isolated in the cell. */
  ltr?: boolean;
}

export interface KindSpec {
  endpoint: string;
  columns: readonly ColumnSpec[];
  fields: readonly FieldSpec[];
  defaults: Values;
}

const everyDay = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '09:00', close: '17:00' }));

export const KINDS: Record<AdminSectionKey, KindSpec> = {
  destination: {
    endpoint: '/api/admin/destinations',
    columns: [
      { name: 'name', kind: 'text2' },
      { name: 'slug', kind: 'text' },
      { name: 'visit_minutes', kind: 'number' },
      { name: 'published', kind: 'bool' },
    ],
    fields: [
      { name: 'name', kind: 'text2', required: true },
      { name: 'slug', kind: 'text', ltr: true },
      { name: 'category_id', kind: 'category', required: true },
      { name: 'short_description', kind: 'textarea2', required: true },
      { name: 'description', kind: 'textarea2' },
      { name: 'address', kind: 'text2' },
      { name: 'lat', kind: 'number', required: true, min: SERVICE_AREA.minLat, max: SERVICE_AREA.maxLat, step: 0.0001 },
      { name: 'lng', kind: 'number', required: true, min: SERVICE_AREA.minLng, max: SERVICE_AREA.maxLng, step: 0.0001 },
      { name: 'visit_minutes', kind: 'number', required: true, min: 10, max: 720, step: 5 },
      { name: 'opening_hours', kind: 'hours' },
      { name: 'hours_note', kind: 'text2' },
      { name: 'ticket_note', kind: 'text2' },
      { name: 'photos', kind: 'photos' },
      { name: 'display_order', kind: 'number', min: 0, step: 1 },
      { name: 'popularity', kind: 'number', min: 0, step: 1 },
      { name: 'published', kind: 'bool' },
    ],
    defaults: { visit_minutes: 60, opening_hours: everyDay, published: true, display_order: 0, popularity: 0, photos: [] },
  },
  category: {
    endpoint: '/api/admin/categories',
    columns: [
      { name: 'name', kind: 'text2' },
      { name: 'slug', kind: 'text' },
      { name: 'display_order', kind: 'number' },
    ],
    fields: [
      { name: 'name', kind: 'text2', required: true },
      { name: 'slug', kind: 'text', ltr: true },
      { name: 'description', kind: 'textarea2' },
      { name: 'photo', kind: 'photo' },
      { name: 'display_order', kind: 'number', min: 0, step: 1 },
    ],
    defaults: { display_order: 0, photo: '' },
  },
  program: {
    endpoint: '/api/admin/programs',
    columns: [
      { name: 'name', kind: 'text2' },
      { name: 'hours', kind: 'number' },
      { name: 'price', kind: 'money' },
      { name: 'top', kind: 'bool' },
      { name: 'published', kind: 'bool' },
    ],
    fields: [
      { name: 'name', kind: 'text2', required: true },
      { name: 'slug', kind: 'text', ltr: true },
      { name: 'short_description', kind: 'textarea2', required: true },
      { name: 'description', kind: 'textarea2' },
      { name: 'destination_ids', kind: 'destinations', required: true },
      { name: 'hours', kind: 'number', required: true, min: 1, max: 24, step: 1 },
      { name: 'price', kind: 'money', required: true },
      { name: 'photos', kind: 'photos' },
      { name: 'display_order', kind: 'number', min: 0, step: 1 },
      { name: 'top', kind: 'bool' },
      { name: 'published', kind: 'bool' },
    ],
    defaults: { hours: 4, destination_ids: [], photos: [], published: true, top: false, display_order: 0 },
  },
  rate: {
    endpoint: '/api/admin/rate-plans',
    columns: [
      { name: 'name', kind: 'text2' },
      { name: 'price_per_km', kind: 'money' },
      { name: 'waiting_per_hour', kind: 'money' },
      { name: 'active', kind: 'bool' },
    ],
    fields: [
      { name: 'name', kind: 'text2', required: true },
      { name: 'description', kind: 'textarea2' },
      { name: 'seats', kind: 'number', required: true, min: 1, max: 50, step: 1 },
      { name: 'price_per_km', kind: 'money', required: true },
      { name: 'waiting_per_hour', kind: 'money', required: true },
      { name: 'display_order', kind: 'number', min: 0, step: 1 },
      { name: 'active', kind: 'bool' },
    ],
    defaults: { seats: 4, active: true, display_order: 0 },
  },
  offer: {
    endpoint: '/api/admin/offers',
    columns: [
      { name: 'title', kind: 'text2' },
      { name: 'percent_basis_points', kind: 'discount', labelKey: 'discount' },
      { name: 'promo_code', kind: 'text' },
      { name: 'valid_until', kind: 'date' },
      { name: 'active', kind: 'bool' },
    ],
    fields: [
      { name: 'title', kind: 'text2', required: true },
      { name: 'description', kind: 'textarea2' },
      { name: 'kind', kind: 'choice', required: true, options: ['percent', 'amount'] },
      // Typed and shown as a percent (12.5); the API holds basis points (1250), see values.ts.
      { name: 'percent_basis_points', kind: 'percent', required: true, min: 0.01, max: 100, step: 0.01, when: (v) => v.kind === 'percent' },
      { name: 'amount', kind: 'money', when: (v) => v.kind === 'amount' },
      { name: 'promo_code', kind: 'text', ltr: true },
      { name: 'valid_from', kind: 'date', required: true },
      { name: 'valid_until', kind: 'date', required: true },
      { name: 'applies_to', kind: 'choice', required: true, options: ['all', 'programs', 'rate_plans'] },
      { name: 'program_ids', kind: 'programs', when: (v) => v.applies_to === 'programs' },
      { name: 'rate_plan_ids', kind: 'ratePlans', when: (v) => v.applies_to === 'rate_plans' },
      // How many orders may use the promo code (0: no limit), counted on the offer's own stream.
      { name: 'limit_per_customer', kind: 'number', min: 0, step: 1, when: (v) => Boolean(v.promo_code) },
      { name: 'limit_total', kind: 'number', min: 0, step: 1, when: (v) => Boolean(v.promo_code) },
      // Unticked (the default), the home page shows the offer with its code; ticked, the offer is not advertised.
      { name: 'code_private', kind: 'bool', hintKey: 'adminCatalogue.hints.code_private', when: (v) => Boolean(v.promo_code) },
      { name: 'active', kind: 'bool' },
    ],
    defaults: {
      kind: 'percent',
      percent_basis_points: '10',
      applies_to: 'all',
      active: true,
      program_ids: [],
      rate_plan_ids: [],
      limit_per_customer: 0,
      limit_total: 0,
      code_private: false,
    },
  },
  country: {
    endpoint: '/api/admin/countries',
    columns: [
      { name: 'name', kind: 'text2' },
      { name: 'code', kind: 'text' },
      { name: 'dial_code', kind: 'text', ltr: true },
      { name: 'active', kind: 'bool' },
    ],
    fields: [
      { name: 'name', kind: 'text2', required: true },
      { name: 'code', kind: 'text', required: true, ltr: true },
      { name: 'dial_code', kind: 'text', required: true, ltr: true },
      { name: 'display_order', kind: 'number', min: 0, step: 1 },
      { name: 'active', kind: 'bool' },
    ],
    defaults: { active: true, display_order: 0 },
  },
  driver: {
    endpoint: '/api/admin/drivers',
    columns: [
      { name: 'name', kind: 'text2' },
      { name: 'phone', kind: 'text', ltr: true },
      { name: 'vehicle', kind: 'text2' },
      { name: 'active', kind: 'bool' },
    ],
    fields: [
      { name: 'name', kind: 'text2', required: true },
      { name: 'phone', kind: 'text', required: true, ltr: true },
      { name: 'licence', kind: 'text', required: true, ltr: true },
      { name: 'vehicle', kind: 'text2', required: true },
      { name: 'plate', kind: 'text' },
      { name: 'seats', kind: 'number', required: true, min: 1, max: 50, step: 1 },
      { name: 'working_days', kind: 'weekdays', required: true },
      { name: 'trips_per_day', kind: 'number', min: 1, max: 6, step: 1 },
      { name: 'active', kind: 'bool' },
    ],
    defaults: { seats: 4, working_days: [0, 1, 2, 3, 4], trips_per_day: 1, active: true },
  },
  pickup: {
    endpoint: '/api/admin/pickup-points',
    columns: [
      { name: 'name', kind: 'text2' },
      { name: 'kind', kind: 'choice', labelKey: 'pointKind' },
      { name: 'active', kind: 'bool' },
    ],
    fields: [
      { name: 'name', kind: 'text2', required: true },
      { name: 'kind', kind: 'choice', labelKey: 'pointKind', required: true, options: ['airport', 'hotel', 'station', 'landmark'] },
      { name: 'address', kind: 'text2' },
      { name: 'lat', kind: 'number', required: true, min: SERVICE_AREA.minLat, max: SERVICE_AREA.maxLat, step: 0.0001 },
      { name: 'lng', kind: 'number', required: true, min: SERVICE_AREA.minLng, max: SERVICE_AREA.maxLng, step: 0.0001 },
      { name: 'display_order', kind: 'number', min: 0, step: 1 },
      { name: 'active', kind: 'bool' },
    ],
    defaults: { kind: 'hotel', active: true, display_order: 0 },
  },
};

export const SORTS = ['order', 'name', 'updated', 'created'] as const;
export type Sort = (typeof SORTS)[number];
export const STATUSES = ['active', 'archived', 'all'] as const;
export type Status = (typeof STATUSES)[number];
