import { paths } from '@/config/paths';

/**
 * Where a sign-in on the site ends: the page that asked for it, or, when none did, a driver's trips
 * (a driver's working screen) and the home page for everyone else.
 */
export function landingAfterSignIn(role: string | null | undefined, asked: string | null): string {
  if (asked) return asked;
  return role === 'driver' ? paths.driver : paths.home;
}
