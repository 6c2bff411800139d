import { DriverDay } from '@/features/dispatch/components/driver-day';
import { useAuthStore } from '@/features/auth/stores/auth-store';

/** /driver: the driver's day for a driver's account (the guard has already asked for a sign-in). */
export function DriverRoute() {
  const isDriver = useAuthStore((state) => state.user?.role === 'driver');
  return <DriverDay isDriver={isDriver} />;
}
