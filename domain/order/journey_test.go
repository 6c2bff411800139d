package order_test

import (
	"testing"
	"time"

	"mishwar/domain/money"
	"mishwar/domain/order"
)

var (
	// onTheDay is an hour before the pickup: the driver has set off.
	onTheDay  = startAt.Add(-time.Hour)
	finished  = startAt.Add(5 * time.Hour)
	tripStart = order.TripStarted{DriverID: "d1", StartedAt: onTheDay.UTC()}
	tripEnd   = order.TripCompleted{DriverID: "d1", CompletedAt: finished.UTC()}
	completed = order.OrderCompleted{CompletedAt: finished.UTC()}
	underway  = with(paidOrder, tripStart)
	// cancelledEarly is the traveller's free cancellation, days before the trip.
	cancelledEarly = order.OrderCancelled{Reason: "plans changed", ByUserID: owner, Free: true, RefundBasisPoints: 10000, RefundDue: price, Kept: egp(0), Reservation: "res-1",
		InitiatedBy: order.InitiatedByTraveller}
)

func TestTheOrderRecordsItsTrip(t *testing.T) {
	run(t, []tc{
		{name: "the driver's start is recorded on a confirmed order", given: paidOrder, at: onTheDay,
			when: order.RecordTripStarted{DriverID: "d1", StartedAt: onTheDay}, then: []order.Event{tripStart}},
		{name: "a start recorded twice is recorded once", given: underway, at: onTheDay,
			when: order.RecordTripStarted{DriverID: "d1", StartedAt: onTheDay}},
		{name: "a start that reaches a cancelled order changes nothing: the cancellation won", given: with(paidOrder, cancelledEarly), at: onTheDay,
			when: order.RecordTripStarted{DriverID: "d1", StartedAt: onTheDay}},
		{name: "a completed trip completes the order", given: underway, at: finished,
			when: order.RecordTripCompleted{DriverID: "d1", StartedAt: onTheDay, CompletedAt: finished}, then: []order.Event{tripEnd, completed}},
		{name: "a completion that overtakes its start tells the story in order", given: paidOrder, at: finished,
			when: order.RecordTripCompleted{DriverID: "d1", StartedAt: onTheDay, CompletedAt: finished}, then: []order.Event{tripStart, tripEnd, completed}},
		{name: "a completion recorded twice completes the order once", given: with(underway, tripEnd, completed), at: finished,
			when: order.RecordTripCompleted{DriverID: "d1", StartedAt: onTheDay, CompletedAt: finished}},
		{name: "a completion that reaches a cancelled order does not complete it", given: with(paidOrder, cancelledEarly), at: finished,
			when: order.RecordTripCompleted{DriverID: "d1", StartedAt: onTheDay, CompletedAt: finished}},
		{name: "a start after the trip completed changes nothing", given: with(underway, tripEnd, completed), at: finished,
			when: order.RecordTripStarted{DriverID: "d1", StartedAt: onTheDay}},
	})
}

func TestOnceTheTripHasStartedTheTravellerCannotUndoIt(t *testing.T) {
	me := order.Actor{UserID: owner}
	admin := order.Actor{UserID: "admin", Staff: true}
	later := time.Date(2026, 11, 25, 11, 0, 0, 0, cairo)
	exchange := func(a order.Actor, started bool) order.ExchangeOrder {
		return order.ExchangeOrder{ExchangeID: "x1", Actor: a, To: trip(later, 120000), NewReservation: "res-2", Policy: policy, ServiceHours: hours, TripStarted: started}
	}
	half := money.New(price.Minor/2, money.EGP)
	run(t, []tc{
		// Days before the pickup (a driver who set off a week early under the old rules): the free
		// cancellation would refund everything. Not any more.
		{name: "the traveller cannot cancel a trip under way, even days before its pickup", given: underway,
			when: order.CancelOrder{Actor: me, Reason: "plans changed"}, wantErr: order.ErrTripStarted},
		{name: "the traveller cannot cancel once the trip's stream says it started, before the order heard", given: paidOrder, at: onTheDay,
			when: order.CancelOrder{Actor: me, Reason: "plans changed", TripStarted: true}, wantErr: order.ErrTripStarted},
		{name: "the traveller cannot cancel a completed trip", given: with(underway, tripEnd, completed), at: finished,
			when: order.CancelOrder{Actor: me, Reason: "not happy"}, wantErr: order.ErrTripStarted},
		{name: "the traveller cannot ask for a refund once the trip started", given: underway, at: onTheDay,
			when: order.RequestRefund{Actor: me, Reason: "driver late", Amount: half}, wantErr: order.ErrTripStarted},
		{name: "nor before the order heard of the start", given: paidOrder, at: onTheDay,
			when: order.RequestRefund{Actor: me, Reason: "driver late", Amount: half, TripStarted: true}, wantErr: order.ErrTripStarted},
		{name: "the traveller cannot exchange a trip under way", given: underway,
			when: exchange(me, false), wantErr: order.ErrTripStarted},
		{name: "nor can staff: a trip under way does not move to another day", given: paidOrder,
			when: exchange(admin, true), wantErr: order.ErrTripStarted},
		{name: "staff cancel a trip under way as a compensation, refunding nothing by the policy", given: underway, at: onTheDay,
			when: order.CancelOrder{Actor: admin, Reason: "car broke down"},
			then: []order.Event{order.OrderCancelled{Reason: "car broke down", ByStaff: true, Underway: true, RefundDue: money.New(0, money.EGP), Reservation: "res-1"}}},
		{name: "staff cancel after the pickup time too", given: underway, at: finished,
			when: order.CancelOrder{Actor: admin, Reason: "car broke down", TripStarted: true},
			then: []order.Event{order.OrderCancelled{Reason: "car broke down", ByStaff: true, Underway: true, RefundDue: money.New(0, money.EGP), Reservation: "res-1"}}},
		{name: "a compensating cancellation needs a reason", given: underway, at: onTheDay,
			when: order.CancelOrder{Actor: admin, Reason: "  "}, wantErr: fieldErr(map[string][]string{"reason": {order.KeyReasonRequired}})},
		{name: "a completed order is not cancelled, even by staff (they refund)", given: with(underway, tripEnd, completed), at: finished,
			when: order.CancelOrder{Actor: admin, Reason: "complaint"}, wantErr: order.ErrNotCancellable},
		{name: "staff still refund a completed order", given: with(underway, tripEnd, completed), at: finished,
			when: order.IssueRefund{RefundID: "r1", PaymentID: "p1", Amount: half, Reason: "goodwill", Actor: admin},
			then: []order.Event{order.RefundIssued{RefundID: "r1", PaymentID: "p1", Amount: half, Reason: "goodwill", ByUserID: "admin"}}},
		{name: "before the start the traveller still cancels under the policy", given: paidOrder,
			when: order.CancelOrder{Actor: me, Reason: "plans changed"}, then: []order.Event{cancelledEarly}},
	})
}

func TestACompletedOrderKeepsItsMoneyInBalance(t *testing.T) {
	t.Parallel()
	s := order.Decider.Fold(with(underway, tripEnd, completed))
	if s.Status() != order.StatusCompleted || !s.CompletedAt().Equal(finished) || !s.TripStartedAt().Equal(onTheDay) {
		t.Fatalf("status %s completed %v started %v", s.Status(), s.CompletedAt(), s.TripStartedAt())
	}
	if s.NeedsAttention() || s.Owed().Minor != 0 || s.Underpaid().Minor != 0 {
		t.Fatalf("a paid, completed order owes nothing: owed %v underpaid %v", s.Owed(), s.Underpaid())
	}
	// A second payment for a completed order is money to give back, not a panic.
	got, err := order.Decider.Decide(order.Decider.Fold(with(underway, tripEnd, completed, requested("p2"))),
		order.RecordPayment{PaymentID: "p2", Provider: "sandbox", ProviderRef: "ref-p2", Amount: price}, finished)
	if err != nil || len(got) != 2 {
		t.Fatalf("a late duplicate payment: %v %#v", err, got)
	}
	if a, ok := got[1].(order.OrderNeedsAttention); !ok || a.Reason != order.AttentionDuplicatePayment {
		t.Fatalf("a late duplicate payment needs attention: %#v", got[1])
	}
}
