// GET /api/home's response schema (zod), loaded with the response (see LazySchema) rather than in
// the home page's first download.
import { z } from 'zod';

import { CAIRO_TIME_ZONE } from '@/config/constants';
import { idSchema } from '@/lib/schemas';

const photo = z.object({ url: z.string(), thumb: z.string() });
const money = z.object({ minor: z.number(), currency: z.string() }).transform((m) => m.minor / 100);

const programCard = z
  .object({ id: idSchema, slug: z.string(), name: z.string(), short_description: z.string().nullish(), photos: z.array(photo).default([]), hours: z.number().nullish(), price: money.nullish() })
  .transform((p) => ({ id: p.slug, name: p.name, description: p.short_description ?? null, photo: p.photos[0]?.thumb ?? null, hours: p.hours ?? null, price: p.price ?? null }));

const destinationCard = z
  .object({ id: idSchema, slug: z.string(), name: z.string(), short_description: z.string().nullish(), photos: z.array(photo).default([]), visit_minutes: z.number().nullish() })
  .transform((d) => ({ id: d.slug, name: d.name, description: d.short_description ?? null, photo: d.photos[0]?.thumb ?? null, hours: d.visit_minutes != null ? d.visit_minutes / 60 : null, price: null as number | null }));

const homeSchema = z
  .object({
    hero: z.object({ title: z.string().nullish(), subtitle: z.string().nullish(), image: z.string().nullish() }).nullish(),
    top_programs: z.array(programCard).default([]),
    most_visited: destinationCard.nullish(),
    full_day_ride: z.object({ title: z.string().nullish(), description: z.string().nullish(), hours: z.number().nullish(), price: z.object({ minor: z.number(), currency: z.string() }).nullish() }).nullish(),
    full_day_program: z.object({ slug: z.string() }).loose().nullish(),
    faq: z.array(z.object({ question: z.string(), answer: z.string() })).default([]),
    whatsapp_url: z.string().nullish(),
    about: z.string().nullish(),
    terms: z.string().nullish(),
    privacy: z.string().nullish(),
    contact: z.object({ phone: z.string().nullish(), email: z.string().nullish(), address: z.string().nullish() }).nullish(),
    // The published schedule (the admin can change it); days numbered as Date#getDay.
    opening_hours: z
      .object({
        weekly: z.array(z.object({ day: z.number(), open: z.string(), close: z.string() })).default([]),
        holidays: z.array(z.object({ date: z.string() }).loose()).default([]),
        time_zone: z.string().default(CAIRO_TIME_ZONE),
      })
      .nullish(),
  })
  .transform((h) => ({
    ...h,
    hero: h.hero ? { title: h.hero.title || null, subtitle: h.hero.subtitle || null, photo: h.hero.image ?? null } : null,
    most_visited: h.most_visited ? [h.most_visited] : [],
    full_day: h.full_day_ride
      ? {
          title: h.full_day_ride.title || null,
          description: h.full_day_ride.description || null,
          hours: h.full_day_ride.hours || null,
          price: h.full_day_ride.price && h.full_day_ride.price.minor > 0 ? h.full_day_ride.price.minor / 100 : null,
          program: h.full_day_program?.slug ?? null,
        }
      : null,
    faq: h.faq.filter((item) => item.question && item.answer),
  }));

export const envelope = z.object({ data: homeSchema }).transform((value) => value.data);

export type HomeContent = z.infer<typeof homeSchema>;
