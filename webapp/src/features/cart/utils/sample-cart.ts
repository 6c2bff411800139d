import { cartSchema, type Cart } from '../api/cart-schemas';

/** A cart as the server answers it: start → Museum → (Gone, unpublished) → Citadel → end. For tests. */
export function sampleCart(): Cart {
  return cartSchema.parse({
    version: 4,
    data: [
      {
        id: 'i1',
        destination_id: 'd1',
        position: 1,
        available: true,
        arrival: '2026-03-02T09:35:00+02:00',
        destination: { id: 'd1', name: 'Museum', slug: 'museum', coordinates: { lat: 30.0478, lng: 31.2336 }, visit_hours: 2, photo: null },
      },
      {
        id: 'i2',
        destination_id: 'd2',
        position: 2,
        available: false,
        destination: { id: 'd2', name: 'Gone', slug: 'gone', coordinates: { lat: 30.05, lng: 31.24 }, visit_hours: 1, photo: null },
      },
      {
        id: 'i3',
        destination_id: 'd3',
        position: 3,
        available: true,
        problem: 'after_closing',
        problem_message: 'Reached after closing time (16:00)',
        destination: { id: 'd3', name: 'Citadel', slug: 'citadel', coordinates: { lat: 30.0299, lng: 31.2611 }, visit_hours: 1, photo: null },
      },
    ],
    trip_calculations: {
      total_distance: 9.7,
      total_duration: 31,
      total_waiting_hours: 3,
      legs: [
        { from: 'start', to: 'd1', from_name: 'Hotel', to_name: 'Museum', distance: 0.6, duration: 3 },
        { from: 'd1', to: 'd3', from_name: 'Museum', to_name: 'Citadel', distance: 4.5, duration: 14 },
        { from: 'd3', to: 'end', from_name: 'Citadel', to_name: 'Hotel', distance: 4.6, duration: 14 },
      ],
      rate_calculations: [
        {
          rate_id: 'r1', name: 'Standard', price_per_km: 10, waiting_per_hour: 60, distance_cost: 97, waiting_cost: 180, total: 277, currency: 'EGP',
          converted: [{ currency: 'USD', total: 5.68 }],
        },
      ],
      warnings: [{ code: 'trip.stop_closed', message: 'Some stops are reached when they are closed.' }],
    },
    start_point: { kind: 'pickup', pickup_point_id: 'p1', name: 'Hotel', coordinates: { lat: 30.0444, lng: 31.2357 }, default: true },
    end_point: { kind: 'pickup', pickup_point_id: 'p1', name: 'Hotel', coordinates: { lat: 30.0444, lng: 31.2357 }, same_as_start: true },
  });
}
