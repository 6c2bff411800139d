import type { User } from './schemas';

export type { User } from './schemas';

/** Admin-area accounts: admins and support staff. */
export const isAdminUser = (user: User | null | undefined): boolean => user?.role === 'admin' || user?.role === 'support';
