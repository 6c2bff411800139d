package order_test

import (
	"testing"
	"time"

	"mishwar/domain/money"
	"mishwar/domain/order"
)

// The tester's order MSH-GRPKMH: Economy at EGP 770.40, changed to Premium (the EGP 820.40 difference
// paid) and back to Economy (the EGP 820.40 refunded). It has taken EGP 1,590.80 in all and holds
// EGP 770.40, its price.
var (
	economy     = trip(startAt, 77040)
	premium     = withPlan(trip(startAt, 159080), "rp2")
	changedBack = []order.Event{
		order.OrderPlaced{OrderID: orderID, UserID: owner, Lang: "en", Source: order.SourceCart, Contact: contact, Trip: economy,
			DisplayCurrency: money.EGP, Reservation: "res-1", HoldUntil: now.Add(30 * time.Minute).UTC(), Cancellation: policy.Cancellation, PlacedAt: now.UTC()},
		order.PaymentRequested{PaymentID: "p1", Purpose: order.PurposeOrder, Provider: "sandbox", Amount: egp(77040), RedirectURL: "/pay/p1"},
		received("p1", egp(77040)),
		order.ExchangeRequested{ExchangeID: "x1", To: premium, NewReservation: "res-1", Difference: egp(82040), HoldUntil: now.Add(time.Hour).UTC()},
		order.PaymentRequested{PaymentID: "p2", Purpose: order.PurposeExchange, Provider: "sandbox", Amount: egp(82040), RedirectURL: "/pay/p2"},
		order.PaymentReceived{PaymentID: "p2", Purpose: order.PurposeExchange, Provider: "sandbox", ProviderRef: "ref-p2", Amount: egp(82040)},
		order.OrderExchanged{ExchangeID: "x1", From: economy, To: premium, OldReservation: "res-1", NewReservation: "res-1", Difference: egp(82040)},
		order.OrderExchanged{ExchangeID: "x2", From: premium, To: economy, OldReservation: "res-1", NewReservation: "res-1", Difference: egp(-82040)},
		order.RefundOrdered{RefundID: "x2-refund", PaymentID: "p2", Amount: egp(82040), Reason: "exchange"},
		order.RefundIssued{RefundID: "x2-refund", PaymentID: "p2", Amount: egp(82040), Reason: "exchange"},
	}
	// A traveller's EGP 770.40 order on which support refunded EGP 500 of goodwill, still on its way
	// (goodwillOrdered) or sent (goodwillIssued).
	economyPaid     = changedBack[:3]
	goodwill        = order.RefundOrdered{RefundID: "g1", PaymentID: "p1", Amount: egp(50000), Reason: "goodwill", ByUserID: "support", ByStaff: true, Concedes: egp(50000)}
	goodwillOrdered = with(economyPaid, goodwill)
	goodwillIssued  = with(goodwillOrdered, order.RefundIssued{RefundID: "g1", PaymentID: "p1", Amount: egp(50000), Reason: "goodwill", ByUserID: "support"})

	late  = startAt.Add(-20 * time.Hour)
	staff = order.Actor{UserID: "admin", Staff: true}
)

func lateCancel(by string, due, kept int64) order.OrderCancelled {
	c := order.OrderCancelled{Reason: "plans changed", Free: false, RefundBasisPoints: 5000, RefundDue: egp(due), Kept: egp(kept),
		Reservation: "res-1", InitiatedBy: by}
	if by == order.InitiatedByTraveller {
		c.ByUserID = owner
	}
	return c
}

func TestALateCancellationKeepsTheShareOfThePriceNotOfWhatWasPaid(t *testing.T) {
	me := order.Actor{UserID: owner}
	cancel := order.CancelOrder{Actor: me, Reason: "plans changed", RefundID: "c1"}
	run(t, []tc{
		{name: "money paid for a dearer change and refunded again does not raise the refund to the whole price",
			given: changedBack, at: late, when: cancel,
			then: []order.Event{lateCancel(order.InitiatedByTraveller, 38520, 38520),
				order.RefundOrdered{RefundID: "c1", PaymentID: "p1", Amount: egp(38520), Reason: "cancellation", ByUserID: owner}}},
		{name: "a goodwill refund larger than the policy's refund leaves nothing more to send back",
			given: goodwillIssued, at: late, when: cancel,
			then: []order.Event{lateCancel(order.InitiatedByTraveller, 0, 27040)}},
		{name: "a goodwill refund still on its way settles the cancellation as if it had arrived",
			given: goodwillOrdered, at: late, when: cancel,
			then: []order.Event{lateCancel(order.InitiatedByTraveller, 0, 27040)}},
		{name: "a goodwill refund smaller than the policy's refund is taken off what goes back",
			given: with(economyPaid, order.RefundOrdered{RefundID: "g1", PaymentID: "p1", Amount: egp(10000), Reason: "goodwill", Concedes: egp(10000)},
				order.RefundIssued{RefundID: "g1", PaymentID: "p1", Amount: egp(10000), Reason: "goodwill"}),
			at: late, when: cancel,
			then: []order.Event{lateCancel(order.InitiatedByTraveller, 28520, 38520),
				order.RefundOrdered{RefundID: "c1", PaymentID: "p1", Amount: egp(28520), Reason: "cancellation", ByUserID: owner}}},
		{name: "a free cancellation sends back everything held, net of refunds",
			given: changedBack, when: cancel,
			then: []order.Event{order.OrderCancelled{Reason: "plans changed", ByUserID: owner, Free: true, RefundBasisPoints: 10000, RefundDue: egp(77040),
				Kept: egp(0), Reservation: "res-1", InitiatedBy: order.InitiatedByTraveller},
				order.RefundOrdered{RefundID: "c1", PaymentID: "p1", Amount: egp(77040), Reason: "cancellation", ByUserID: owner}}},
	})
}

func TestACancelledOrderOwesNothingMoreOnceItsRefundsArrive(t *testing.T) {
	for name, given := range map[string][]order.Event{"on its way": goodwillOrdered, "sent": goodwillIssued} {
		events, err := order.Decider.Decide(order.Decider.Fold(given), order.CancelOrder{Actor: order.Actor{UserID: owner}, Reason: "x", RefundID: "c1"}, late)
		if err != nil {
			t.Fatal(err)
		}
		s := order.Decider.Fold(with(given, events...))
		if s.Unclaimed().Minor != 0 || s.NeedsAttention() {
			t.Fatalf("goodwill %s: unclaimed %v, attention %v", name, s.Unclaimed(), s.NeedsAttention())
		}
		if name == "on its way" {
			s = order.Decider.Fold(with(given, append(events, goodwillIssued[len(goodwillIssued)-1])...))
		}
		if s.Owed().Minor != 0 || s.Refunded() != egp(50000) {
			t.Fatalf("goodwill %s: owed %v refunded %v", name, s.Owed(), s.Refunded())
		}
	}
}

func TestStaffSayWhoACancellationIsFor(t *testing.T) {
	cancel := func(by string) order.CancelOrder {
		return order.CancelOrder{Actor: staff, Reason: "plans changed", RefundID: "c1", InitiatedBy: by}
	}
	byStaff := func(c order.OrderCancelled) order.OrderCancelled { c.ByStaff, c.ByUserID = true, ""; return c }
	run(t, []tc{
		{name: "the business cancelling late refunds everything paid", given: changedBack, at: late, when: cancel(order.InitiatedByBusiness),
			then: []order.Event{order.OrderCancelled{Reason: "plans changed", ByStaff: true, Free: true, RefundBasisPoints: 10000, RefundDue: egp(77040),
				Kept: egp(0), Reservation: "res-1", InitiatedBy: order.InitiatedByBusiness},
				order.RefundOrdered{RefundID: "c1", PaymentID: "p1", Amount: egp(77040), Reason: "cancellation", ByUserID: "admin", ByStaff: true}}},
		{name: "the business cancelling refunds what a goodwill refund has not sent back", given: goodwillOrdered, at: late, when: cancel(order.InitiatedByBusiness),
			then: []order.Event{order.OrderCancelled{Reason: "plans changed", ByStaff: true, Free: true, RefundBasisPoints: 10000, RefundDue: egp(27040),
				Kept: egp(0), Reservation: "res-1", InitiatedBy: order.InitiatedByBusiness},
				order.RefundOrdered{RefundID: "c1", PaymentID: "p1", Amount: egp(27040), Reason: "cancellation", ByUserID: "admin", ByStaff: true}}},
		{name: "staff cancelling late because the traveller asked apply the policy", given: changedBack, at: late, when: cancel(order.InitiatedByTraveller),
			then: []order.Event{byStaff(lateCancel(order.InitiatedByTraveller, 38520, 38520)),
				order.RefundOrdered{RefundID: "c1", PaymentID: "p1", Amount: egp(38520), Reason: "cancellation", ByUserID: "admin", ByStaff: true}}},
		{name: "staff cancelling a paid trip say who it is for", given: paidOrder, at: late, when: cancel(""),
			wantErr: fieldErr(map[string][]string{"initiated_by": {order.KeyInitiatorInvalid}})},
		{name: "staff name the business or the traveller", given: paidOrder, at: late, when: cancel("driver"),
			wantErr: fieldErr(map[string][]string{"initiated_by": {order.KeyInitiatorInvalid}})},
		{name: "a traveller cannot say the business cancels", given: paidOrder, at: late,
			when:    order.CancelOrder{Actor: order.Actor{UserID: owner}, Reason: "x", InitiatedBy: order.InitiatedByBusiness},
			wantErr: order.ErrNotYourOrder},
	})
}

func TestSettleIsTheCancellationsRule(t *testing.T) {
	c := policy.Cancellation
	for _, tt := range []struct {
		name               string
		price, held        int64
		at                 time.Time
		by                 string
		wantRefund, wantKp int64
		wantFree           bool
	}{
		{"late: the business keeps half the price", 77040, 77040, late, order.InitiatedByTraveller, 38520, 38520, false},
		{"late: what was refunded already counts against the refund", 77040, 27040, late, order.InitiatedByTraveller, 0, 27040, false},
		{"late: an odd price keeps the smaller half", 77041, 77041, late, order.InitiatedByTraveller, 38521, 38520, false},
		{"late, by the business: everything held", 77040, 77040, late, order.InitiatedByBusiness, 77040, 0, true},
		{"free: everything held", 77040, 77040, now, order.InitiatedByTraveller, 77040, 0, true},
		{"nothing held: nothing to refund", 77040, 0, late, order.InitiatedByTraveller, 0, 0, false},
	} {
		s, ok := c.Settle(egp(tt.price), egp(tt.held), startAt, tt.at, tt.by)
		if !ok || s.Refund != egp(tt.wantRefund) || s.Keep != egp(tt.wantKp) || s.Free != tt.wantFree {
			t.Errorf("%s: got %+v ok %v", tt.name, s, ok)
		}
	}
	if _, ok := c.Settle(egp(77040), egp(77040), startAt, startAt, order.InitiatedByBusiness); ok {
		t.Error("a trip that started settles no cancellation")
	}
}

func TestAStaffRefundWithoutAnAmountSendsBackWhatIsOwed(t *testing.T) {
	cheaper := order.OrderExchanged{ExchangeID: "x1", From: trip(startAt, price.Minor), To: withPlan(trip(startAt, 100000), "rp2"),
		OldReservation: "res-1", NewReservation: "res-1", Difference: egp(-50000)}
	run(t, []tc{
		{name: "what the order owes back, when it owes any", given: with(paidOrder, cheaper),
			when: order.OrderRefund{RefundID: "r1", Reason: "cheaper trip", Actor: staff},
			then: []order.Event{order.RefundOrdered{RefundID: "r1", PaymentID: "p1", Amount: egp(50000), Reason: "cheaper trip", ByUserID: "admin", ByStaff: true}}},
		{name: "an amount is required on an order that owes nothing", given: paidOrder,
			when:    order.OrderRefund{RefundID: "r1", Reason: "goodwill", Actor: staff},
			wantErr: fieldErr(map[string][]string{"amount": {order.KeyAmountRequired}})},
	})
}

// A cheaper exchange's difference is ordered back by the request and again by the follow-up jobs of
// the order's events, each under its own id when an earlier exchange's job runs late: what is owed is
// found by the decision, so the second finds nothing left to order.
func TestWhatIsOwedIsOrderedBackOnceWhateverAsksForIt(t *testing.T) {
	owedBack := func(id string) order.OrderRefund {
		return order.OrderRefund{RefundID: id, Owed: true, Reason: "exchange", Actor: order.Actor{UserID: "system", Staff: true}}
	}
	toDearer := changedBack[:7]
	back := order.OrderExchanged{ExchangeID: "x2", From: premium, To: economy, OldReservation: "res-1", NewReservation: "res-1", Difference: egp(-82040)}
	first := order.RefundOrdered{RefundID: "x2-refund", PaymentID: "p2", Amount: egp(82040), Reason: "exchange", ByUserID: "system", ByStaff: true}
	run(t, []tc{
		{name: "the difference a cheaper exchange owes is ordered back", given: with(toDearer, back), when: owedBack("x2-refund"),
			then: []order.Event{first}},
		{name: "another follow-up after it orders nothing more", given: with(toDearer, back, first), when: owedBack("x1-refund")},
		{name: "nothing is ordered when nothing is owed", given: paidOrder, when: owedBack("r1")},
	})
}

// The tester's order whose payment the sandbox page cancelled: nothing was paid, and the traveller
// can still give it up (before, only "Pay now" was offered and the cancellation answered 409).
func TestAnOrderWhosePaymentFailedCanBeCancelledWithNothingToRefund(t *testing.T) {
	me := order.Actor{UserID: owner}
	run(t, []tc{
		{name: "the traveller cancels an order whose payment failed", given: failedOrder,
			when: order.CancelOrder{Actor: me, Reason: "plans changed"},
			then: []order.Event{order.OrderCancelled{Reason: "plans changed", ByUserID: owner, Free: true, RefundBasisPoints: 10000,
				RefundDue: egp(0), Kept: egp(0), Reservation: "res-1", InitiatedBy: order.InitiatedByTraveller}}},
		{name: "staff cancel an order whose payment failed without a reason", given: failedOrder,
			when: order.CancelOrder{Actor: staff},
			then: []order.Event{order.OrderCancelled{ByStaff: true, Free: true, RefundBasisPoints: 10000, RefundDue: egp(0), Kept: egp(0), Reservation: "res-1"}}},
		{name: "someone else cannot cancel it", given: failedOrder,
			when: order.CancelOrder{Actor: order.Actor{UserID: "intruder"}}, wantErr: order.ErrNotYourOrder},
		{name: "it is cancelled once", given: with(failedOrder, order.OrderCancelled{ByUserID: owner, Free: true, Reservation: "res-1"}),
			when: order.CancelOrder{Actor: me}, wantErr: order.ErrNotCancellable},
	})
}
