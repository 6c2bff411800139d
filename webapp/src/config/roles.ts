/** The roles that work in the admin area (GET /api/auth/getadmin lets them in); see admin-access.ts. */
export type StaffRole = 'admin' | 'support';

export function isStaffRole(role: string | null | undefined): role is StaffRole {
  return role === 'admin' || role === 'support';
}
