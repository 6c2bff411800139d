package order_test

import (
	"testing"
	"time"

	"mishwar/domain/order"
)

func payAgain(reservation string, capacity order.CapacityCheck) order.PayAgain {
	return order.PayAgain{Actor: order.Actor{UserID: owner}, Reservation: reservation, Capacity: capacity,
		PaymentID: "p2", Provider: "sandbox", Policy: policy}
}

func heldAgain(reservation string, previous order.Status, at time.Time) order.OrderHeldAgain {
	return order.OrderHeldAgain{Reservation: reservation, HoldUntil: at.Add(policy.Hold).UTC(), PreviousStatus: previous, ByUserID: owner}
}

func sessionAgain(at time.Time) order.PaymentSessionOrdered {
	return order.PaymentSessionOrdered{PaymentID: "p2", Purpose: order.PurposeOrder, Provider: "sandbox", Amount: price,
		ExpiresAt: at.Add(policy.Hold).UTC()}
}

var (
	failedOrder  = []order.Event{placed(), requested("p1"), order.PaymentFailed{PaymentID: "p1", Purpose: order.PurposeOrder, Reason: "card_declined"}}
	expiredOrder = []order.Event{placed(), requested("p1"), order.OrderExpired{Reservation: "res-1", HeldUntil: now.Add(30 * time.Minute).UTC()}}
	// later is after the first hold lapsed, well outside the trip's booking lead.
	later = now.Add(2 * time.Hour)
	// tooLate is inside the 12-hour lead of the Friday 9:30 trip.
	tooLate = startAt.Add(-11 * time.Hour)
)

func TestPayAgain(t *testing.T) {
	run(t, []tc{
		{name: "after a failed payment, the order is held again on a new car and a new session is ordered",
			given: failedOrder, when: payAgain("res-2", order.CapacityKept), at: later,
			then: []order.Event{heldAgain("res-2", order.StatusPaymentFailed, later), sessionAgain(later)}},
		{name: "after the hold expired, the order is held again and a new session is ordered",
			given: expiredOrder, when: payAgain("res-2", order.CapacityKept), at: later,
			then: []order.Event{heldAgain("res-2", order.StatusExpired, later), sessionAgain(later)}},
		{name: "a hold that lapsed before the expiry job came by expires first",
			given: []order.Event{placed(), requested("p1")}, when: payAgain("res-2", order.CapacityKept), at: later,
			then: []order.Event{order.OrderExpired{Reservation: "res-1", HeldUntil: now.Add(30 * time.Minute).UTC()},
				heldAgain("res-2", order.StatusExpired, later), sessionAgain(later)}},
		{name: "a guest who proved the trip number and e-mail may pay again",
			given: failedOrder, when: order.PayAgain{Proven: true, Reservation: "res-2", Capacity: order.CapacityKept, PaymentID: "p2", Provider: "sandbox", Policy: policy}, at: later,
			then: []order.Event{order.OrderHeldAgain{Reservation: "res-2", HoldUntil: later.Add(policy.Hold).UTC(), PreviousStatus: order.StatusPaymentFailed}, sessionAgain(later)}},
		{name: "refused when the day is full", given: failedOrder, when: payAgain("res-2", order.CapacityLost), at: later,
			wantErr: order.ErrDayFullToPayAgain},
		{name: "refused without a capacity check", given: failedOrder, when: payAgain("res-2", order.CapacityUnchecked), at: later,
			wantErr: order.ErrCapacityCheckNeeded},
		{name: "refused when the trip starts inside the booking lead", given: expiredOrder, when: payAgain("res-2", order.CapacityKept), at: tooLate,
			wantErr: order.ErrTooLateToPayAgain},
		{name: "refused when the order is paid", given: paidOrder, when: payAgain("res-2", order.CapacityKept), at: later,
			wantErr: order.ErrNotAwaitingPayment},
		{name: "refused when the order is cancelled", given: with(failedOrder, order.OrderCancelled{Reason: "changed plans", ByUserID: owner, Free: true, RefundBasisPoints: 10000, RefundDue: egp(0), Reservation: "res-1"}),
			when: payAgain("res-2", order.CapacityKept), at: later, wantErr: order.ErrNotAwaitingPayment},
		{name: "refused to someone else", given: failedOrder,
			when: order.PayAgain{Actor: order.Actor{UserID: "user-2"}, Reservation: "res-2", Capacity: order.CapacityKept, PaymentID: "p2", Provider: "sandbox", Policy: policy}, at: later,
			wantErr: order.ErrNotYourOrder},
		{name: "an order held again already changes nothing (a concurrent pay again answers its session)",
			given: with(failedOrder, heldAgain("res-2", order.StatusPaymentFailed, later), sessionAgain(later)),
			when:  order.PayAgain{Actor: order.Actor{UserID: owner}, Reservation: "res-3", Capacity: order.CapacityKept, PaymentID: "p3", Provider: "sandbox", Policy: policy},
			at:    later.Add(time.Minute)},
		{name: "an order paid again fails again like the first time",
			given: with(failedOrder, heldAgain("res-2", order.StatusPaymentFailed, later), sessionAgain(later)),
			when:  order.RecordPaymentFailure{PaymentID: "p2", Reason: "card_declined"}, at: later.Add(time.Minute),
			then: []order.Event{order.PaymentFailed{PaymentID: "p2", Purpose: order.PurposeOrder, Reason: "card_declined"}}},
		{name: "an order paid again is confirmed by its new payment",
			given: with(failedOrder, heldAgain("res-2", order.StatusPaymentFailed, later), sessionAgain(later)),
			when:  order.RecordPayment{PaymentID: "p2", Provider: "sandbox", ProviderRef: "ref-p2", Amount: price}, at: later.Add(time.Minute),
			then: []order.Event{order.PaymentReceived{PaymentID: "p2", Purpose: order.PurposeOrder, Provider: "sandbox", ProviderRef: "ref-p2", Amount: price, Confirms: true}}},
	})
}

func TestAnOrderHeldAgainStandsOnItsNewCar(t *testing.T) {
	s := order.Decider.Fold(with(failedOrder, heldAgain("res-2", order.StatusPaymentFailed, later), sessionAgain(later)))
	if s.Status() != order.StatusAwaitingPayment || s.Reservation() != "res-2" || !s.HoldUntil().Equal(later.Add(policy.Hold)) || s.CurrentPaymentID() != "p2" {
		t.Fatalf("status %s reservation %s hold %s payment %s", s.Status(), s.Reservation(), s.HoldUntil(), s.CurrentPaymentID())
	}
	if _, open := s.OpenSession(order.PurposeOrder, later); !open {
		t.Fatal("the new session is not the open one")
	}
}

func TestThePayNowButtonFollowsThePayAgainRule(t *testing.T) {
	hold := now.Add(30 * time.Minute)
	for _, tt := range []struct {
		name   string
		status order.Status
		at     time.Time
		want   bool
	}{
		{"a failed payment outside the lead", order.StatusPaymentFailed, later, true},
		{"an expired hold outside the lead", order.StatusExpired, later, true},
		{"a lapsed hold the expiry job has not seen", order.StatusAwaitingPayment, later, true},
		{"a hold still in place is paid, not paid again", order.StatusAwaitingPayment, now, false},
		{"inside the lead", order.StatusExpired, tooLate, false},
		{"a confirmed order", order.StatusConfirmed, later, false},
		{"a cancelled order", order.StatusCancelled, later, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := order.CanPayAgain(tt.status, hold, startAt, tt.at, policy.Lead); got != tt.want {
				t.Fatalf("CanPayAgain = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestAReleasedOrLapsedUnpaidHoldIsTakenAgainWhenTheOrderIsPaidAgain(t *testing.T) {
	until := now.Add(30 * time.Minute)
	again := later.Add(30 * time.Minute)
	taken := order.UnpaidHoldTaken{OrderID: "A", HeldUntil: until.UTC()}
	for _, tt := range []struct {
		name  string
		given []order.HoldsEvent
		limit int
		want  []order.HoldsEvent
		err   error
	}{
		{"released", []order.HoldsEvent{taken, order.UnpaidHoldReleased{OrderID: "A", Reason: order.HoldReleasedFailed}}, 2,
			[]order.HoldsEvent{order.UnpaidHoldTaken{OrderID: "A", HeldUntil: again.UTC()}}, nil},
		{"lapsed", []order.HoldsEvent{taken}, 2, []order.HoldsEvent{order.UnpaidHoldTaken{OrderID: "A", HeldUntil: again.UTC()}}, nil},
		{"at the limit with other unpaid orders", []order.HoldsEvent{taken,
			order.UnpaidHoldTaken{OrderID: "B", HeldUntil: again.UTC()}, order.UnpaidHoldTaken{OrderID: "C", HeldUntil: again.UTC()}}, 2,
			nil, order.ErrTooManyUnpaidOrders},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := order.Holds.Fold(tt.given)
			got, err := order.Holds.Decide(s, order.TakeHold{OrderID: "A", Until: again, Limit: tt.limit}, later)
			checkErr(t, err, tt.err)
			if len(got) != len(tt.want) || (len(got) > 0 && got[0] != tt.want[0]) {
				t.Fatalf("events %#v, want %#v", got, tt.want)
			}
			if err == nil && order.Holds.Evolve(s, got[0]).Active(later) != 1 {
				t.Fatal("the hold taken again does not count")
			}
		})
	}
}
