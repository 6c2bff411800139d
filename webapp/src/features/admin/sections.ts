import type { AdminSectionKey } from '@/config/paths';

export type AdminFieldType = 'text' | 'textarea' | 'number' | 'email' | 'tel' | 'date' | 'url';

export interface AdminField {
  name: string;
  type: AdminFieldType;
  required?: boolean;
  dir?: 'ltr';
}

export interface AdminSectionSpec {
  /** Where the list is read from: the public catalogue endpoint where one exists. */
  listEndpoint: string;
  /** Admin write endpoint: POST to create, PUT `/{id}` to edit. */
  writeEndpoint: string;
  columns: string[];
  fields: AdminField[];
}

const nameFields: AdminField[] = [
  { name: 'name', type: 'text', required: true },
  { name: 'name_ar', type: 'text' },
];

export const ADMIN_SECTION_SPECS: Record<AdminSectionKey, AdminSectionSpec> = {
  rate: {
    listEndpoint: '/api/rates',
    writeEndpoint: '/api/admin/rates',
    columns: ['name', 'price_per_km', 'waiting_per_hour'],
    fields: [...nameFields, { name: 'price_per_km', type: 'number', required: true }, { name: 'waiting_per_hour', type: 'number', required: true }, { name: 'description', type: 'textarea' }],
  },
  offer: {
    listEndpoint: '/api/admin/offers',
    writeEndpoint: '/api/admin/offers',
    columns: ['name', 'discount_percent', 'valid_until'],
    fields: [...nameFields, { name: 'discount_percent', type: 'number', required: true }, { name: 'valid_from', type: 'date' }, { name: 'valid_until', type: 'date' }, { name: 'description', type: 'textarea' }],
  },
  driver: {
    listEndpoint: '/api/admin/drivers',
    writeEndpoint: '/api/admin/drivers',
    columns: ['name', 'phone_number', 'car_plate'],
    fields: [
      { name: 'name', type: 'text', required: true },
      { name: 'phone_number', type: 'tel', required: true, dir: 'ltr' },
      { name: 'email', type: 'email', dir: 'ltr' },
      { name: 'car_model', type: 'text' },
      { name: 'car_plate', type: 'text' },
    ],
  },
  country: {
    listEndpoint: '/api/admin/countries',
    writeEndpoint: '/api/admin/countries',
    columns: ['name', 'code', 'phone_key'],
    fields: [...nameFields, { name: 'code', type: 'text', required: true, dir: 'ltr' }, { name: 'phone_key', type: 'text', required: true, dir: 'ltr' }],
  },
  category: {
    listEndpoint: '/api/categories',
    writeEndpoint: '/api/admin/categories',
    columns: ['name', 'slug'],
    fields: [...nameFields, { name: 'slug', type: 'text', dir: 'ltr' }, { name: 'photo', type: 'url', dir: 'ltr' }, { name: 'description', type: 'textarea' }],
  },
  destination: {
    listEndpoint: '/api/destinations',
    writeEndpoint: '/api/admin/destinations',
    columns: ['name', 'visit_hours'],
    fields: [
      ...nameFields,
      { name: 'category_id', type: 'text', required: true, dir: 'ltr' },
      { name: 'latitude', type: 'number', required: true },
      { name: 'longitude', type: 'number', required: true },
      { name: 'visit_hours', type: 'number', required: true },
      { name: 'photo', type: 'url', dir: 'ltr' },
      { name: 'description', type: 'textarea' },
    ],
  },
  program: {
    listEndpoint: '/api/programs',
    writeEndpoint: '/api/admin/programs',
    columns: ['name', 'hours', 'price'],
    fields: [...nameFields, { name: 'hours', type: 'number', required: true }, { name: 'price', type: 'number', required: true }, { name: 'description', type: 'textarea' }],
  },
  pickup: {
    listEndpoint: '/api/pickup-points',
    writeEndpoint: '/api/admin/pickup-points',
    columns: ['name', 'kind'],
    fields: [...nameFields, { name: 'address', type: 'text' }],
  },
};
