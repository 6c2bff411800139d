package order_test

import (
	"testing"
	"time"

	"mishwar/domain/order"
)

// A traveller phones the office to move their trip: staff move its date or time under the
// traveller's rules, past the traveller's cut-off, with a reason, and decide what a dearer start costs.
func TestStaffMoveAPaidOrdersDateOrTimeForTheTraveller(t *testing.T) {
	clerk := order.Actor{UserID: "admin-7", Staff: true}
	later := time.Date(2026, 11, 25, 11, 0, 0, 0, cairo)
	cheaper, dearer := trip(later, 120000), trip(later, 180000)
	// dearer kept at the order's price: the new start, the booked total.
	keptDearer := trip(later, price.Minor)
	waived := egp(30000)
	change := func(to order.Trip, reason string, keep bool) order.ChangeOrderAsStaff {
		return order.ChangeOrderAsStaff{ExchangeID: "x1", Actor: clerk, To: to, NewReservation: "res-2", Policy: policy,
			ServiceHours: hours, Reason: reason, KeepPrice: keep}
	}
	run(t, []tc{
		{name: "a cheaper start is moved at once, owes the difference back and records the clerk and why", given: paidOrder,
			when: change(cheaper, "  traveller phoned: flight moved ", false),
			then: []order.Event{order.OrderExchanged{ExchangeID: "x1", From: trip(startAt, price.Minor), To: cheaper,
				OldReservation: "res-1", NewReservation: "res-2", Difference: egp(-30000),
				ByStaff: true, ByUserID: "admin-7", Reason: "traveller phoned: flight moved"}}},
		{name: "a dearer start waits for the traveller to pay the difference", given: paidOrder,
			when: change(dearer, "phoned", false),
			then: []order.Event{order.ExchangeRequested{ExchangeID: "x1", To: dearer, NewReservation: "res-2",
				Difference: waived, HoldUntil: now.Add(30 * time.Minute).UTC(), ByStaff: true, ByUserID: "admin-7", Reason: "phoned"}}},
		{name: "a dearer start kept at the order's price is moved at once and records what was waived", given: paidOrder,
			when: change(dearer, "our mistake", true),
			then: []order.Event{order.OrderExchanged{ExchangeID: "x1", From: trip(startAt, price.Minor), To: keptDearer,
				OldReservation: "res-1", NewReservation: "res-2", Difference: egp(0),
				ByStaff: true, ByUserID: "admin-7", Reason: "our mistake", Waived: &waived}}},
		{name: "keeping the price of a cheaper start still refunds the difference", given: paidOrder,
			when: change(cheaper, "phoned", true),
			then: []order.Event{order.OrderExchanged{ExchangeID: "x1", From: trip(startAt, price.Minor), To: cheaper,
				OldReservation: "res-1", NewReservation: "res-2", Difference: egp(-30000),
				ByStaff: true, ByUserID: "admin-7", Reason: "phoned"}}},
		{name: "staff may move it after the traveller's change cut-off", given: paidOrder, at: startAt.Add(-23 * time.Hour),
			when: change(cheaper, "phoned", false),
			then: []order.Event{order.OrderExchanged{ExchangeID: "x1", From: trip(startAt, price.Minor), To: cheaper,
				OldReservation: "res-1", NewReservation: "res-2", Difference: egp(-30000),
				ByStaff: true, ByUserID: "admin-7", Reason: "phoned"}}},
		{name: "staff say why", given: paidOrder, when: change(cheaper, "  ", false),
			wantErr: fieldErr(map[string][]string{"reason": {order.KeyReasonRequired}})},
		{name: "a traveller cannot use the staff change", given: paidOrder,
			when:    order.ChangeOrderAsStaff{ExchangeID: "x1", Actor: order.Actor{UserID: owner}, To: cheaper, NewReservation: "res-2", Policy: policy, ServiceHours: hours, Reason: "me"},
			wantErr: order.ErrNotYourOrder},
		{name: "the new start keeps to the office hours", given: paidOrder,
			when:    change(trip(time.Date(2026, 11, 25, 23, 0, 0, 0, cairo), 120000), "phoned", false),
			wantErr: fieldErr(map[string][]string{"time": {order.KeyOutsideServiceHours}})},
		{name: "the new start keeps to the lead time", given: paidOrder,
			when:    change(trip(now.Add(2*time.Hour), 120000), "phoned", false),
			wantErr: fieldErr(map[string][]string{"time": {order.KeyTooSoon}})},
		{name: "staff move the start only, not the car", given: paidOrder,
			when: change(withPlan(cheaper, "rp2"), "phoned", false), wantErr: order.ErrStaffChangeMovesStartOnly},
		{name: "an unpaid order is not moved", given: []order.Event{placed()},
			when: change(cheaper, "phoned", false), wantErr: order.ErrNotExchangeable},
		{name: "a trip under way is not moved", given: with(paidOrder, order.TripStarted{DriverID: "d1", StartedAt: startAt.UTC()}), at: startAt.Add(time.Minute),
			when: change(cheaper, "phoned", false), wantErr: order.ErrTripStarted},
		{name: "the same change sent again records nothing more",
			given: with(paidOrder, order.OrderExchanged{ExchangeID: "x1", From: trip(startAt, price.Minor), To: cheaper, OldReservation: "res-1", NewReservation: "res-2", Difference: egp(-30000)}),
			when:  change(cheaper, "phoned", false)},
	})
}

// Staff kept the price: the order's price stays what the traveller paid, so nothing is owed either way.
func TestAMoveKeptAtTheOrdersPriceLeavesNothingOwed(t *testing.T) {
	later := time.Date(2026, 11, 25, 11, 0, 0, 0, cairo)
	waived := egp(30000)
	s := order.Decider.Fold(with(paidOrder, order.OrderExchanged{ExchangeID: "x1", From: trip(startAt, price.Minor), To: trip(later, price.Minor),
		OldReservation: "res-1", NewReservation: "res-2", Difference: egp(0), ByStaff: true, ByUserID: "admin-7", Reason: "ours", Waived: &waived}))
	if s.Price() != price || s.Owed() != egp(0) || s.Underpaid() != egp(0) || !s.Trip().StartAt.Equal(later) {
		t.Fatalf("price %v owed %v underpaid %v start %v", s.Price(), s.Owed(), s.Underpaid(), s.Trip().StartAt)
	}
}
