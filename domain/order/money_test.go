package order_test

import (
	"testing"
	"time"

	"mishwar/domain/money"
	"mishwar/domain/order"
)

var (
	admin = order.Actor{UserID: "admin", Staff: true}
	half  = money.New(price.Minor/2, money.EGP)
)

func egp(minor int64) money.Money { return money.New(minor, money.EGP) }

func ordered(id, paymentID string, amount money.Money, reason string) order.RefundOrdered {
	return order.RefundOrdered{RefundID: id, PaymentID: paymentID, Amount: amount, Reason: reason, ByUserID: "admin", ByStaff: true}
}

// conceding is a refund on an order that goes ahead beyond what was owed back: all of it is given up
// of the price.
func conceding(r order.RefundOrdered) order.RefundOrdered {
	r.Concedes = r.Amount
	return r
}

func TestRefundsAreOrderedBeforeMoneyMoves(t *testing.T) {
	twoPayments := with(paidOrder, requested("p2"),
		order.PaymentReceived{PaymentID: "p2", Purpose: order.PurposeOrder, Provider: "sandbox", ProviderRef: "ref-p2", Amount: egp(1000)},
		order.OrderNeedsAttention{Reason: order.AttentionDuplicatePayment, PaymentID: "p2", Amount: egp(1000)})
	run(t, []tc{
		{name: "an operator's refund is ordered against the payment, reserving its amount", given: paidOrder,
			when: order.OrderRefund{RefundID: "r1", Amount: half, Reason: " goodwill ", Actor: admin},
			then: []order.Event{conceding(ordered("r1", "p1", half, "goodwill"))}},
		{name: "the same refund ordered twice is one refund", given: with(paidOrder, ordered("r1", "p1", half, "goodwill")),
			when: order.OrderRefund{RefundID: "r1", Amount: half, Reason: "goodwill", Actor: admin}},
		{name: "a second refund is judged against what is left including the refunds in flight",
			given:   with(paidOrder, ordered("r1", "p1", half, "goodwill")),
			when:    order.OrderRefund{RefundID: "r2", Amount: egp(price.Minor - half.Minor + 1), Reason: "again", Actor: admin},
			wantErr: order.ErrRefundTooLarge},
		{name: "a second refund within what is left is ordered beside the first",
			given: with(paidOrder, ordered("r1", "p1", half, "goodwill")),
			when:  order.OrderRefund{RefundID: "r2", Amount: egp(price.Minor - half.Minor), Reason: "again", Actor: admin},
			then:  []order.Event{conceding(ordered("r2", "p1", egp(price.Minor-half.Minor), "again"))}},
		{name: "nothing is left to refund while everything paid is in flight",
			given: with(paidOrder, ordered("r1", "p1", price, "all")),
			when:  order.OrderRefund{RefundID: "r2", Amount: egp(1), Reason: "more", Actor: admin}, wantErr: order.ErrNothingToRefund},
		{name: "a refund the provider refused gives its amount back to what is refundable",
			given: with(paidOrder, ordered("r1", "p1", price, "all"), order.RefundFailed{RefundID: "r1", Amount: price, Reason: "declined"}),
			when:  order.OrderRefund{RefundID: "r2", Amount: price, Reason: "again", Actor: admin},
			then:  []order.Event{conceding(ordered("r2", "p1", price, "again"))}},
		{name: "a refund larger than one payment is split across the payments, latest first", given: twoPayments,
			when: order.OrderRefund{RefundID: "r1", Amount: egp(5000), Reason: "split", Actor: admin},
			then: []order.Event{ordered("r1", "p2", egp(1000), "split"), conceding(ordered("r1/2", "p1", egp(4000), "split"))}},
		{name: "only staff order refunds", given: paidOrder,
			when: order.OrderRefund{RefundID: "r1", Amount: half, Reason: "x", Actor: order.Actor{UserID: owner}}, wantErr: order.ErrNotYourOrder},
		{name: "a refund needs a reason", given: paidOrder,
			when: order.OrderRefund{RefundID: "r1", Amount: half, Actor: admin}, wantErr: fieldErr(map[string][]string{"reason": {order.KeyReasonRequired}})},
		{name: "a refund of nothing is refused on its amount", given: paidOrder,
			when: order.OrderRefund{RefundID: "r1", Amount: egp(0), Reason: "x", Actor: admin}, wantErr: fieldErr(map[string][]string{"amount": {order.ErrInvalidAmount.Key}})},
		{name: "the traveller's request for nothing is refused on its amount", given: paidOrder,
			when: order.RequestRefund{Actor: order.Actor{UserID: owner}, Reason: "t", Amount: egp(0)}, wantErr: fieldErr(map[string][]string{"amount": {order.ErrInvalidAmount.Key}})},
		{name: "the traveller's request for a negative amount is refused on its amount", given: paidOrder,
			when: order.RequestRefund{Actor: order.Actor{UserID: owner}, Reason: "t", Amount: egp(-10000)}, wantErr: fieldErr(map[string][]string{"amount": {order.ErrInvalidAmount.Key}})},
		{name: "an unpaid order has nothing to refund", given: []order.Event{placed(), requested("p1")},
			when: order.OrderRefund{RefundID: "r1", Amount: half, Reason: "x", Actor: admin}, wantErr: order.ErrNothingToRefund},
		{name: "the traveller cannot ask back what is already on its way", given: with(paidOrder, ordered("r1", "p1", half, "goodwill")),
			when:    order.RequestRefund{Actor: order.Actor{UserID: owner}, Reason: "more", Amount: egp(price.Minor - half.Minor + 1)},
			wantErr: order.ErrRefundTooLarge},
		{name: "the provider's yes issues what was ordered", given: with(paidOrder, ordered("r1", "p1", half, "goodwill")),
			when: order.IssueRefund{RefundID: "r1", ProviderRef: "rf-1"},
			then: []order.Event{order.RefundIssued{RefundID: "r1", PaymentID: "p1", Amount: half, Reason: "goodwill", ProviderRef: "rf-1", ByUserID: "admin"}}},
		{name: "the provider's yes recorded twice changes nothing",
			given: with(paidOrder, ordered("r1", "p1", half, "goodwill"), order.RefundIssued{RefundID: "r1", PaymentID: "p1", Amount: half, Reason: "goodwill"}),
			when:  order.IssueRefund{RefundID: "r1", ProviderRef: "rf-1"}},
		{name: "the provider's no releases the amount and asks an operator to look", given: with(paidOrder, ordered("r1", "p1", half, "goodwill")),
			when: order.RecordRefundFailure{RefundID: "r1", Reason: "card expired"},
			then: []order.Event{order.RefundFailed{RefundID: "r1", Amount: half, Reason: "card expired"},
				order.OrderNeedsAttention{Reason: order.AttentionRefundFailed, PaymentID: "p1", Amount: half}}},
		{name: "the provider's no recorded twice changes nothing",
			given: with(paidOrder, ordered("r1", "p1", half, "goodwill"), order.RefundFailed{RefundID: "r1", Amount: half, Reason: "x"}),
			when:  order.RecordRefundFailure{RefundID: "r1", Reason: "x"}},
	})
}

func TestCancellingOrdersTheRefundItOwesInTheSameDecision(t *testing.T) {
	me := order.Actor{UserID: owner}
	cancelled := order.OrderCancelled{Reason: "plans changed", ByUserID: owner, Free: true, RefundBasisPoints: 10000, RefundDue: price, Kept: egp(0), Reservation: "res-1", InitiatedBy: order.InitiatedByTraveller}
	run(t, []tc{
		{name: "a free cancellation orders everything back", given: paidOrder,
			when: order.CancelOrder{Actor: me, Reason: "plans changed", RefundID: "c1"},
			then: []order.Event{cancelled, order.RefundOrdered{RefundID: "c1", PaymentID: "p1", Amount: price, Reason: "cancellation", ByUserID: owner}}},
		{name: "a refund already in flight is not ordered again", given: with(paidOrder, ordered("r1", "p1", half, "goodwill")),
			when: order.CancelOrder{Actor: me, Reason: "plans changed", RefundID: "c1"},
			then: []order.Event{withDue(cancelled, egp(price.Minor-half.Minor)), order.RefundOrdered{RefundID: "c1", PaymentID: "p1", Amount: egp(price.Minor - half.Minor), Reason: "cancellation", ByUserID: owner}}},
		{name: "an unpaid order cancels with nothing to refund", given: []order.Event{placed(), requested("p1")},
			when: order.CancelOrder{Actor: me, Reason: "plans changed", RefundID: "c1"},
			then: []order.Event{order.OrderCancelled{Reason: "plans changed", ByUserID: owner, Free: true, RefundBasisPoints: 10000, RefundDue: egp(0), Kept: egp(0), Reservation: "res-1", InitiatedBy: order.InitiatedByTraveller}}},
		{name: "money that came short of the price and confirmed nothing all goes back on cancelling",
			given: []order.Event{placed(), requested("p1"),
				order.PaymentReceived{PaymentID: "p1", Purpose: order.PurposeOrder, Provider: "sandbox", ProviderRef: "ref-p1", Amount: egp(100)},
				order.OrderNeedsAttention{Reason: order.AttentionAmountMismatch, PaymentID: "p1", Amount: egp(100)}},
			when: order.CancelOrder{Actor: me, Reason: "plans changed", RefundID: "c1"},
			then: []order.Event{order.OrderCancelled{Reason: "plans changed", ByUserID: owner, Free: true, RefundBasisPoints: 10000, RefundDue: egp(100), Kept: egp(0), Reservation: "res-1", InitiatedBy: order.InitiatedByTraveller},
				order.RefundOrdered{RefundID: "c1", PaymentID: "p1", Amount: egp(100), Reason: "cancellation", ByUserID: owner}}},
	})
}

func withDue(c order.OrderCancelled, due money.Money) order.OrderCancelled {
	c.RefundDue = due
	return c
}

func TestARefundInFlightIsOwedButNeedsNoOperator(t *testing.T) {
	cancelled := order.OrderCancelled{Free: true, RefundBasisPoints: 10000, RefundDue: price}
	s := order.Decider.Fold(with(paidOrder, cancelled, order.RefundOrdered{RefundID: "c1", PaymentID: "p1", Amount: price, Reason: "cancellation"}))
	if s.Owed() != price || s.RefundsInFlight() != price || s.Refundable().Minor != 0 || s.NeedsAttention() {
		t.Fatalf("owed %v in flight %v refundable %v attention %v", s.Owed(), s.RefundsInFlight(), s.Refundable(), s.NeedsAttention())
	}
	if _, ok := s.InFlight("c1"); !ok || s.RefundSettled("c1") {
		t.Fatal("the refund is not in flight")
	}
	failed := order.Decider.Fold(with(paidOrder, cancelled, order.RefundOrdered{RefundID: "c1", PaymentID: "p1", Amount: price, Reason: "cancellation"},
		order.RefundFailed{RefundID: "c1", Amount: price, Reason: "declined"}))
	if !failed.NeedsAttention() || failed.RefundsInFlight().Minor != 0 || !failed.RefundSettled("c1") || failed.RefundIssuedFor("c1") {
		t.Fatalf("after a refusal: attention %v in flight %v", failed.NeedsAttention(), failed.RefundsInFlight())
	}
}

func sessionOrdered(id string) order.PaymentSessionOrdered {
	return order.PaymentSessionOrdered{PaymentID: id, Purpose: order.PurposeOrder, Provider: "sandbox", Amount: price, ExpiresAt: placed().HoldUntil}
}

func TestOneOpenPaymentSessionPerOrder(t *testing.T) {
	open := func(id string) order.OpenPayment {
		return order.OpenPayment{PaymentID: id, Purpose: order.PurposeOrder, Provider: "sandbox"}
	}
	dearer := trip(time.Date(2026, 11, 25, 11, 0, 0, 0, cairo), 180000)
	exchange := order.ExchangeRequested{ExchangeID: "x1", To: dearer, NewReservation: "res-2", Difference: egp(30000), HoldUntil: now.Add(time.Hour).UTC()}
	run(t, []tc{
		{name: "pay now orders a session for the price, open until the hold lapses", given: []order.Event{placed()},
			when: open("p1"), then: []order.Event{sessionOrdered("p1")}},
		{name: "a second pay now while the first session opens changes nothing", given: []order.Event{placed(), sessionOrdered("p1")},
			when: open("p2")},
		{name: "a second pay now while the first session is open changes nothing", given: []order.Event{placed(), sessionOrdered("p1"), requested("p1")},
			when: open("p2")},
		{name: "a session the provider would not open makes way for another", given: []order.Event{placed(), sessionOrdered("p1"),
			order.PaymentSessionFailed{PaymentID: "p1", Purpose: order.PurposeOrder, Reason: "provider_unavailable"}},
			when: open("p2"), then: []order.Event{sessionOrdered("p2")}},
		{name: "a paid order opens no session", given: paidOrder, when: open("p2"), wantErr: order.ErrNotAwaitingPayment},
		{name: "a lapsed hold opens no session", given: []order.Event{placed()}, at: now.Add(30 * time.Minute), when: open("p1"), wantErr: order.ErrHoldLapsed},
		{name: "the provider's answer says where to pay for what was ordered", given: []order.Event{placed(), sessionOrdered("p1")},
			when: order.RequestPayment{PaymentID: "p1", Purpose: order.PurposeOrder, Provider: "sandbox", Amount: price, RedirectURL: "/pay/sandbox/p1"},
			then: []order.Event{requested("p1")}},
		{name: "the provider's answer is recorded even when the hold lapsed meanwhile", given: []order.Event{placed(), sessionOrdered("p1")},
			at:   now.Add(time.Hour),
			when: order.RequestPayment{PaymentID: "p1", Purpose: order.PurposeOrder, Provider: "sandbox", Amount: price, RedirectURL: "/pay/sandbox/p1"},
			then: []order.Event{requested("p1")}},
		{name: "the provider's answer twice changes nothing", given: []order.Event{placed(), sessionOrdered("p1"), requested("p1")},
			when: order.RequestPayment{PaymentID: "p1", Purpose: order.PurposeOrder, Provider: "sandbox", Amount: price, RedirectURL: "/other"}},
		{name: "an answer for another amount than ordered is refused", given: []order.Event{placed(), sessionOrdered("p1")},
			when:    order.RequestPayment{PaymentID: "p1", Purpose: order.PurposeOrder, Provider: "sandbox", Amount: egp(1), RedirectURL: "/x"},
			wantErr: order.ErrInvalidAmount},
		{name: "the provider's refusal to open is recorded once", given: []order.Event{placed(), sessionOrdered("p1")},
			when: order.RecordSessionFailure{PaymentID: "p1", Reason: "bad key"},
			then: []order.Event{order.PaymentSessionFailed{PaymentID: "p1", Purpose: order.PurposeOrder, Reason: "bad key"}}},
		{name: "a refusal after the session opened changes nothing", given: []order.Event{placed(), sessionOrdered("p1"), requested("p1")},
			when: order.RecordSessionFailure{PaymentID: "p1", Reason: "late"}},
		{name: "an exchange's difference gets a session of its own", given: with(paidOrder, exchange),
			when: order.OpenPayment{PaymentID: "p2", Purpose: order.PurposeExchange, Provider: "sandbox"},
			then: []order.Event{order.PaymentSessionOrdered{PaymentID: "p2", Purpose: order.PurposeExchange, Provider: "sandbox", Amount: egp(30000), ExpiresAt: exchange.HoldUntil}}},
		{name: "the session is opened in the language the traveller asks to pay in", given: with(paidOrder, exchange),
			when: order.OpenPayment{PaymentID: "p2", Purpose: order.PurposeExchange, Provider: "sandbox", Lang: "ar"},
			then: []order.Event{order.PaymentSessionOrdered{PaymentID: "p2", Purpose: order.PurposeExchange, Provider: "sandbox", Amount: egp(30000), ExpiresAt: exchange.HoldUntil, Lang: "ar"}}},
		{name: "and only one", given: with(paidOrder, exchange, order.PaymentSessionOrdered{PaymentID: "p2", Purpose: order.PurposeExchange, Provider: "sandbox", Amount: egp(30000), ExpiresAt: exchange.HoldUntil}),
			when: order.OpenPayment{PaymentID: "p3", Purpose: order.PurposeExchange, Provider: "sandbox"}},
	})
	s := order.Decider.Fold([]order.Event{placed(), sessionOrdered("p1")})
	if x, ok := s.OpenSession(order.PurposeOrder, now); !ok || x.PaymentID != "p1" || !x.Opening || x.URL != "" {
		t.Fatalf("open session %+v %v", x, ok)
	}
	s = order.Evolve(s, requested("p1"))
	if x, ok := s.OpenSession(order.PurposeOrder, now); !ok || x.Opening || x.URL != "/pay/sandbox/p1" {
		t.Fatalf("opened session %+v %v", x, ok)
	}
}

func TestMoneyThatDiffersFromWhatWasAskedDoesNotConfirm(t *testing.T) {
	one := egp(100)
	dollar := money.New(100, money.USD)
	mismatched := func(amount money.Money, late bool) []order.Event {
		return []order.Event{
			order.PaymentReceived{PaymentID: "p1", Purpose: order.PurposeOrder, Provider: "sandbox", ProviderRef: "ref-p1", Amount: amount, Late: late},
			order.OrderNeedsAttention{Reason: order.AttentionAmountMismatch, PaymentID: "p1", Amount: amount},
		}
	}
	expired := []order.Event{placed(), requested("p1"), order.OrderExpired{Reservation: "res-1", HeldUntil: placed().HoldUntil}}
	underReview := with([]order.Event{placed(), requested("p1")}, mismatched(one, false)...)
	dearer := trip(time.Date(2026, 11, 25, 11, 0, 0, 0, cairo), 180000)
	exchange := with(paidOrder,
		order.ExchangeRequested{ExchangeID: "x1", To: dearer, NewReservation: "res-2", Difference: egp(30000), HoldUntil: now.Add(time.Hour)},
		order.PaymentRequested{PaymentID: "p2", Purpose: order.PurposeExchange, Provider: "sandbox", Amount: egp(30000), RedirectURL: "/x"})
	run(t, []tc{
		{name: "a signed notice for 1.00 EGP records the money, flags the order and confirms nothing", given: []order.Event{placed(), requested("p1")},
			when: order.RecordPayment{PaymentID: "p1", Provider: "sandbox", ProviderRef: "ref-p1", Amount: one}, then: mismatched(one, false)},
		{name: "a notice for more than asked confirms nothing either", given: []order.Event{placed(), requested("p1")},
			when: order.RecordPayment{PaymentID: "p1", Provider: "sandbox", ProviderRef: "ref-p1", Amount: egp(price.Minor + 1)}, then: mismatched(egp(price.Minor+1), false)},
		{name: "a notice in another currency is recorded and flagged", given: []order.Event{placed(), requested("p1")},
			when: order.RecordPayment{PaymentID: "p1", Provider: "sandbox", ProviderRef: "ref-p1", Amount: dollar}, then: mismatched(dollar, false)},
		{name: "a late notice that differs needs no car and confirms nothing", given: expired,
			when: order.RecordPayment{PaymentID: "p1", Provider: "sandbox", ProviderRef: "ref-p1", Amount: one}, then: mismatched(one, true)},
		{name: "a difference paid short does not exchange the trip", given: exchange,
			when: order.RecordPayment{PaymentID: "p2", Provider: "sandbox", ProviderRef: "ref-p2", Amount: one},
			then: []order.Event{
				order.PaymentReceived{PaymentID: "p2", Purpose: order.PurposeExchange, Provider: "sandbox", ProviderRef: "ref-p2", Amount: one},
				order.OrderNeedsAttention{Reason: order.AttentionAmountMismatch, PaymentID: "p2", Amount: one},
			}},
		{name: "staff can accept the money, which confirms the order", given: underReview,
			when: order.AcceptPayment{PaymentID: "p1", Actor: admin, Reason: "paid the rest in cash"},
			then: []order.Event{order.PaymentAccepted{PaymentID: "p1", Purpose: order.PurposeOrder, Amount: one, Reason: "paid the rest in cash", ByUserID: "admin", Confirms: true,
				Concedes: egp(price.Minor - one.Minor)}}},
		{name: "the traveller cannot accept it", given: underReview,
			when: order.AcceptPayment{PaymentID: "p1", Actor: order.Actor{UserID: owner}, Reason: "fine"}, wantErr: order.ErrNotYourOrder},
		{name: "money that matched has nothing to accept", given: paidOrder,
			when: order.AcceptPayment{PaymentID: "p1", Actor: admin, Reason: "x"}, wantErr: order.ErrNotUnderReview},
		{name: "accepting after the hold lapsed needs the car booked again", given: with(underReview, order.OrderExpired{Reservation: "res-1"}),
			when: order.AcceptPayment{PaymentID: "p1", Actor: admin, Reason: "x"}, wantErr: order.ErrCapacityCheckNeeded},
		{name: "accepting after the day filled up is refused", given: with(underReview, order.OrderExpired{Reservation: "res-1"}),
			when: order.AcceptPayment{PaymentID: "p1", Actor: admin, Reason: "x", Capacity: order.CapacityLost}, wantErr: order.ErrNoCarLeft},
		{name: "staff can send the money back instead", given: underReview,
			when: order.OrderRefund{RefundID: "r1", Amount: one, Reason: "wrong amount", Actor: admin},
			then: []order.Event{ordered("r1", "p1", one, "wrong amount")}},
		{name: "a refund goes back first to the money that differed",
			given: with(underReview, sessionOrdered("p2"), requested("p2"), received("p2", price)),
			when:  order.OrderRefund{RefundID: "r1", Amount: one, Reason: "paid twice", Actor: admin},
			then:  []order.Event{ordered("r1", "p1", one, "paid twice")}},
		{name: "a refunded mismatch has nothing left to accept", given: with(underReview, ordered("r1", "p1", one, "wrong amount"),
			order.RefundIssued{RefundID: "r1", PaymentID: "p1", Amount: one, Reason: "wrong amount"}),
			when: order.AcceptPayment{PaymentID: "p1", Actor: admin, Reason: "x"}, wantErr: order.ErrNotUnderReview},
	})
	s := order.Decider.Fold(underReview)
	if s.Status() != order.StatusAwaitingPayment || !s.NeedsAttention() || !s.UnderReview() || s.Paid() != one {
		t.Fatalf("under review: status %s attention %v review %v paid %v", s.Status(), s.NeedsAttention(), s.UnderReview(), s.Paid())
	}
	s = order.Decider.Fold(with([]order.Event{placed(), requested("p1")}, mismatched(dollar, false)...))
	if s.Status() != order.StatusAwaitingPayment || !s.NeedsAttention() || s.Paid().Minor != 0 {
		t.Fatalf("foreign money: status %s attention %v paid %v", s.Status(), s.NeedsAttention(), s.Paid())
	}
	s = order.Decider.Fold(with(underReview, order.PaymentAccepted{PaymentID: "p1", Purpose: order.PurposeOrder, Amount: one, Confirms: true,
		Concedes: egp(price.Minor - one.Minor)}))
	if s.Status() != order.StatusConfirmed || s.UnderReview() || s.NeedsAttention() || s.Underpaid().Minor != 0 || s.Owed().Minor != 0 {
		t.Fatalf("accepted: status %s review %v attention %v underpaid %v owed %v; want confirmed and settled: staff accepted less",
			s.Status(), s.UnderReview(), s.NeedsAttention(), s.Underpaid(), s.Owed())
	}
}

// A refund staff give on an order that goes ahead, beyond what is owed back, is given up of the price:
// the traveller owes nothing for it, and nothing stays flagged once it is paid out.
func TestAGoodwillRefundOnAGoingAheadOrderSettlesIt(t *testing.T) {
	t.Parallel()
	paidOrder := []order.Event{placed(), requested("p1"), received("p1", price)}
	hundred := egp(10000)
	run(t, []tc{
		{name: "a goodwill refund concedes what is not owed", given: paidOrder,
			when: order.OrderRefund{RefundID: "g1", Amount: hundred, Reason: "late driver", Actor: admin},
			then: []order.Event{order.RefundOrdered{RefundID: "g1", PaymentID: "p1", Amount: hundred, Reason: "late driver", ByUserID: "admin", ByStaff: true, Concedes: hundred}}},
	})
	given := func(extra ...order.Event) order.State {
		return order.Decider.Fold(with(paidOrder, append([]order.Event{order.RefundOrdered{RefundID: "g1", PaymentID: "p1", Amount: hundred,
			Reason: "late driver", ByUserID: "admin", ByStaff: true, Concedes: hundred}}, extra...)...))
	}
	if s := given(); s.NeedsAttention() || s.Unclaimed().Minor != 0 {
		t.Fatalf("goodwill refund in flight: attention %v unclaimed %v, want nothing to do", s.NeedsAttention(), s.Unclaimed())
	}
	if s := given(order.RefundIssued{RefundID: "g1", PaymentID: "p1", Amount: hundred, Reason: "late driver"}); s.NeedsAttention() || s.Underpaid().Minor != 0 {
		t.Fatalf("goodwill refund paid out: attention %v underpaid %v, want settled", s.NeedsAttention(), s.Underpaid())
	}
	if s := given(order.RefundFailed{RefundID: "g1", Amount: hundred, Reason: "card closed"}); s.Owed().Minor != 0 || s.Underpaid().Minor != 0 {
		t.Fatalf("goodwill refund failed: owed %v underpaid %v, want the price kept whole again", s.Owed(), s.Underpaid())
	}
}

func TestUnpaidHoldsPerCustomerAreBounded(t *testing.T) {
	until := now.Add(30 * time.Minute)
	taken := func(id string) order.HoldsEvent { return order.UnpaidHoldTaken{OrderID: id, HeldUntil: until.UTC()} }
	tests := []struct {
		name    string
		given   []order.HoldsEvent
		when    order.HoldsCommand
		at      time.Time
		then    []order.HoldsEvent
		wantErr error
	}{
		{name: "a hold under the limit is taken", given: []order.HoldsEvent{taken("A")},
			when: order.TakeHold{OrderID: "B", Until: until, Limit: 2}, then: []order.HoldsEvent{taken("B")}},
		{name: "a hold beyond the limit is refused", given: []order.HoldsEvent{taken("A"), taken("B")},
			when: order.TakeHold{OrderID: "C", Until: until, Limit: 2}, wantErr: order.ErrTooManyUnpaidOrders},
		{name: "the same order's hold again changes nothing, even at the limit", given: []order.HoldsEvent{taken("A"), taken("B")},
			when: order.TakeHold{OrderID: "B", Until: until, Limit: 2}},
		{name: "a released hold no longer counts", given: []order.HoldsEvent{taken("A"), taken("B"), order.UnpaidHoldReleased{OrderID: "A", Reason: order.HoldReleasedPaid}},
			when: order.TakeHold{OrderID: "C", Until: until, Limit: 2}, then: []order.HoldsEvent{taken("C")}},
		{name: "a lapsed hold no longer counts", given: []order.HoldsEvent{taken("A"), taken("B")}, at: until,
			when: order.TakeHold{OrderID: "C", Until: until, Limit: 2}, then: []order.HoldsEvent{taken("C")}},
		{name: "no limit takes every hold", given: []order.HoldsEvent{taken("A"), taken("B")},
			when: order.TakeHold{OrderID: "C", Until: until}, then: []order.HoldsEvent{taken("C")}},
		{name: "a hold is released once", given: []order.HoldsEvent{taken("A"), order.UnpaidHoldReleased{OrderID: "A", Reason: order.HoldReleasedPaid}},
			when: order.ReleaseHold{OrderID: "A", Reason: order.HoldReleasedPaid}},
		{name: "releasing a hold never taken changes nothing", when: order.ReleaseHold{OrderID: "A", Reason: order.HoldReleasedPaid}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			at := tt.at
			if at.IsZero() {
				at = now
			}
			got, err := order.Holds.Decide(order.Holds.Fold(tt.given), tt.when, at)
			checkErr(t, err, tt.wantErr)
			if len(got) != len(tt.then) || (len(got) > 0 && got[0] != tt.then[0]) {
				t.Fatalf("events %#v, want %#v", got, tt.then)
			}
		})
	}
}

func TestAnAddressHoldsAtMostHalfADaysCarsUnpaid(t *testing.T) {
	until := now.Add(30 * time.Minute)
	on := func(id, day string) order.HoldsEvent {
		return order.UnpaidHoldTaken{OrderID: id, HeldUntil: until.UTC(), Day: day}
	}
	take := func(id, day string) order.TakeHold {
		return order.TakeHold{OrderID: id, Until: until, Limit: 5, Day: day, DayLimit: order.AddressDayLimit(5)}
	}
	tests := []struct {
		name    string
		given   []order.HoldsEvent
		when    order.HoldsCommand
		then    []order.HoldsEvent
		wantErr error
	}{
		{name: "a hold under the day's share is taken", given: []order.HoldsEvent{on("A", "2026-12-04"), on("B", "2026-12-04")},
			when: take("C", "2026-12-04"), then: []order.HoldsEvent{on("C", "2026-12-04")}},
		{name: "a hold beyond the day's share is refused though the address is under its bound",
			given:   []order.HoldsEvent{on("A", "2026-12-04"), on("B", "2026-12-04"), on("C", "2026-12-04")},
			when:    take("D", "2026-12-04"),
			wantErr: order.ErrTooManyUnpaidForDay},
		{name: "another day has a share of its own", given: []order.HoldsEvent{on("A", "2026-12-04"), on("B", "2026-12-04"), on("C", "2026-12-04")},
			when: take("D", "2026-12-05"), then: []order.HoldsEvent{on("D", "2026-12-05")}},
		{name: "a released hold leaves the day's share",
			given: []order.HoldsEvent{on("A", "2026-12-04"), on("B", "2026-12-04"), on("C", "2026-12-04"),
				order.UnpaidHoldReleased{OrderID: "B", Reason: order.HoldReleasedCancelled}},
			when: take("D", "2026-12-04"), then: []order.HoldsEvent{on("D", "2026-12-04")}},
		{name: "holds recorded before their day was count for no day",
			given: []order.HoldsEvent{order.UnpaidHoldTaken{OrderID: "A", HeldUntil: until.UTC()}, on("B", "2026-12-04"), on("C", "2026-12-04")},
			when:  take("D", "2026-12-04"), then: []order.HoldsEvent{on("D", "2026-12-04")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := order.Holds.Decide(order.Holds.Fold(tt.given), tt.when, now)
			checkErr(t, err, tt.wantErr)
			if len(got) != len(tt.then) || (len(got) > 0 && got[0] != tt.then[0]) {
				t.Fatalf("events %#v, want %#v", got, tt.then)
			}
		})
	}
	for capacity, want := range map[int]int{0: 1, 1: 1, 2: 1, 3: 2, 5: 3, 8: 4} {
		if got := order.AddressDayLimit(capacity); got != want {
			t.Errorf("AddressDayLimit(%d) = %d, want %d", capacity, got, want)
		}
	}
}

func TestASessionOrderedBeforeIsOpenedOnlyWhileTheOrderStillWaitsForIt(t *testing.T) {
	sess := func(events []order.Event, id string) (order.State, order.Session) {
		t.Helper()
		s := order.Decider.Fold(events)
		x, ok := s.Session(id)
		if !ok {
			t.Fatalf("no session %s", id)
		}
		return s, x
	}
	waiting := []order.Event{placed(), sessionOrdered("p1")}
	exchange := order.ExchangeRequested{ExchangeID: "x1", To: trip(startAt.AddDate(0, 0, 2), 180000), NewReservation: "res-2",
		Difference: egp(30000), HoldUntil: now.Add(time.Hour)}
	exchangeSession := order.PaymentSessionOrdered{PaymentID: "p2", Purpose: order.PurposeExchange, Provider: "sandbox", Amount: egp(30000), ExpiresAt: exchange.HoldUntil}
	for _, c := range []struct {
		name    string
		given   []order.Event
		payment string
		at      time.Time
		want    string
	}{
		{"an order waiting for its payment", waiting, "p1", now, ""},
		{"once the session's time ran out", waiting, "p1", placed().HoldUntil, order.SessionExpired},
		{"once another session replaced it", with(waiting, order.PaymentSessionFailed{PaymentID: "p1", Purpose: order.PurposeOrder, Reason: "x"}, sessionOrdered("p2")),
			"p1", now, order.SessionNoLongerPayable},
		{"once the order was cancelled", with(waiting, order.OrderCancelled{Reason: "plans changed", Free: true}), "p1", now, order.SessionNoLongerPayable},
		{"an exchange waiting for its difference", with(paidOrder, exchange, exchangeSession), "p2", now, ""},
		{"once the exchange was abandoned", with(paidOrder, exchange, exchangeSession, order.ExchangeAbandoned{ExchangeID: "x1"}), "p2", now, order.SessionNoLongerPayable},
	} {
		s, x := sess(c.given, c.payment)
		if got := s.StaleSession(x, c.at); got != c.want {
			t.Errorf("%s: StaleSession = %q, want %q", c.name, got, c.want)
		}
	}
}

func TestMoneyPaidForWhatTheOrderNoLongerWantsIsSentBack(t *testing.T) {
	exchange := order.ExchangeRequested{ExchangeID: "x1", To: trip(startAt.AddDate(0, 0, 2), 180000), NewReservation: "res-2",
		Difference: egp(30000), HoldUntil: now.Add(time.Hour)}
	session := order.PaymentSessionOrdered{PaymentID: "p2", Purpose: order.PurposeExchange, Provider: "sandbox", Amount: egp(30000), ExpiresAt: exchange.HoldUntil}
	asked := order.PaymentRequested{PaymentID: "p2", Purpose: order.PurposeExchange, Provider: "sandbox", Amount: egp(30000), RedirectURL: "/pay/sandbox/p2", ExpiresAt: exchange.HoldUntil}
	pay := order.RecordPayment{PaymentID: "p2", Provider: "sandbox", ProviderRef: "ref-p2", Amount: egp(30000)}
	got := order.PaymentReceived{PaymentID: "p2", Purpose: order.PurposeExchange, Provider: "sandbox", ProviderRef: "ref-p2", Amount: egp(30000)}
	sendBack := func(reason string) []order.Event {
		return []order.Event{got, order.OrderNeedsAttention{Reason: reason, PaymentID: "p2", Amount: egp(30000)},
			order.RefundOrdered{RefundID: order.SendBackRefundID("p2"), PaymentID: "p2", Amount: egp(30000), Reason: reason}}
	}
	abandoned := with(paidOrder, exchange, session, asked, order.ExchangeAbandoned{ExchangeID: "x1", NewReservation: "res-2", Reason: "expired"})
	run(t, []tc{
		{name: "a change given up, then paid for on the page opened before, is paid back", given: abandoned,
			when: pay, then: sendBack(order.AttentionPaidAbandonedChange)},
		{name: "the same notice twice sends it back once", given: with(abandoned, sendBack(order.AttentionPaidAbandonedChange)...),
			when: pay},
		{name: "a trip cancelled before it was paid, then paid on its page, is paid back",
			given: []order.Event{placed(), requested("p1"), order.OrderCancelled{Reason: "plans changed", ByUserID: owner, Free: true, RefundBasisPoints: 10000, RefundDue: egp(0), Reservation: "res-1"}},
			when:  order.RecordPayment{PaymentID: "p1", Provider: "sandbox", ProviderRef: "ref-p1", Amount: price},
			then: []order.Event{order.PaymentReceived{PaymentID: "p1", Purpose: order.PurposeOrder, Provider: "sandbox", ProviderRef: "ref-p1", Amount: price},
				order.OrderNeedsAttention{Reason: order.AttentionPaidAfterCancelling, PaymentID: "p1", Amount: price},
				order.RefundOrdered{RefundID: order.SendBackRefundID("p1"), PaymentID: "p1", Amount: price, Reason: order.AttentionPaidAfterCancelling}}},
	})
}
