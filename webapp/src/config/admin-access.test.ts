import { describe, expect, it } from 'vitest';

import { adminFeatureOf, adminMenu, adminStart, canUse } from './admin-access';

describe('admin access', () => {
  it('offers support staff the dashboard, the trips board, the week planner, purchase orders, the process steps, the support console and the reviews only', () => {
    expect(adminMenu('support').map((entry) => entry.key)).toEqual(['dashboard', 'trips', 'planner', 'purchaseOrders', 'processSteps', 'support', 'reviews']);
  });

  it('offers admins every screen', () => {
    expect(adminMenu('admin').map((entry) => entry.key)).toEqual([
      'dashboard',
      'home',
      'rate',
      'offer',
      'driver',
      'country',
      'category',
      'destination',
      'program',
      'pickup',
      'trips',
      'planner',
      'purchaseOrders',
      'processSteps',
      'support',
      'mailbox',
      'reviews',
    ]);
  });

  it.each(['user', 'driver', null, undefined, 'Admin'])('offers the role %j nothing', (role) => {
    expect(adminMenu(role)).toEqual([]);
    expect(canUse(role, 'dashboard')).toBe(false);
  });

  it('lets only admins assign drivers on the board support staff can read', () => {
    expect(canUse('support', 'trips')).toBe(true);
    expect(canUse('support', 'assignDrivers')).toBe(false);
    expect(canUse('admin', 'assignDrivers')).toBe(true);
  });

  it('lets staff read the stuck process steps and only admins retry one', () => {
    expect(canUse('support', 'processSteps')).toBe(true);
    expect(canUse('admin', 'processSteps')).toBe(true);
    expect(canUse('support', 'retryJobs')).toBe(false);
    expect(canUse('admin', 'retryJobs')).toBe(true);
  });

  it.each([
    ['/admin/dashboard', 'dashboard'],
    ['/admin/home', 'siteSettings'],
    ['/admin/home/edit', 'siteSettings'],
    ['/admin/rate/edit', 'rate'],
    ['/admin/programes/create', 'program'],
    ['/admin/pickup-point', 'pickup'],
    ['/admin/trip', 'trips'],
    ['/admin/purchase_order', 'purchaseOrders'],
    ['/admin/support', 'support'],
    ['/admin/process-steps', 'processSteps'],
    ['/admin/mailbox/5f0c', 'mailbox'],
    ['/admin/rates', undefined],
    ['/admin/nothing-here', undefined],
  ])('finds what %s needs: %s', (path, feature) => {
    expect(adminFeatureOf(path)).toBe(feature);
  });

  it('starts staff on the dashboard', () => {
    expect(adminStart('support')).toBe('/admin/dashboard');
    expect(adminStart('admin')).toBe('/admin/dashboard');
  });
});
