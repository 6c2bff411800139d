export type { Destination, WeeklyHours } from './schemas';

export const categoryKey = (category: { id: string; slug?: string | null }) => category.slug ?? category.id;
