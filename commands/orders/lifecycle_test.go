package orders_test

import (
	"context"
	"errors"
	"testing"
	"time"

	orderscmd "mishwar/commands/orders"
	"mishwar/domain/availability"
	"mishwar/domain/money"
	"mishwar/domain/order"
	"mishwar/domain/payment"
	"mishwar/internal/payments"
)

func (f *fixture) place(t *testing.T, user, date string) orderscmd.Placed {
	t.Helper()
	p, err := f.Orders.PlaceOrder(context.Background(), f.input(user, date), userMeta(user))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func (f *fixture) order(t *testing.T, id string) order.State {
	t.Helper()
	s, _, err := f.Orders.LoadOrder(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func (f *fixture) day(t *testing.T, date string) availability.State {
	t.Helper()
	return availability.Decider.Fold(events[availability.Event](t, f, orderscmd.DayStream(availability.Day(date))))
}

func notice(p orderscmd.Placed, id, outcome string, amount money.Money) payments.Notice {
	n := payments.Notice{PaymentID: p.PaymentID, ProviderSessionID: p.PaymentID, NoticeID: id, Outcome: outcome, Amount: amount, ProviderRef: "txn-" + id}
	if outcome == payments.OutcomeFailed {
		n.Reason = payments.ReasonDeclined
	}
	return n
}

func (f *fixture) notify(t *testing.T, n payments.Notice) orderscmd.NoticeResult {
	t.Helper()
	r, err := f.Orders.RecordNotice(context.Background(), "sandbox", n)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestASuccessConfirmsTheOrderAndItsCar(t *testing.T) {
	t.Parallel()
	f := newFixture(t, 1)
	f.cart(t, "u1")
	p := f.place(t, "u1", "2026-11-18")
	price := f.order(t, p.OrderID).Price()
	r := f.notify(t, notice(p, "n1", payments.OutcomeSucceeded, price))
	if r.Repeated || r.Status != payment.StatusSucceeded || r.OrderID != p.OrderID {
		t.Fatalf("result %+v", r)
	}
	s := f.order(t, p.OrderID)
	if s.Status() != order.StatusConfirmed || s.Paid() != price || s.NeedsAttention() {
		t.Fatalf("order %s paid %v attention %v", s.Status(), s.Paid(), s.NeedsAttention())
	}
	if f.day(t, "2026-11-18").StatusOf(s.Reservation()) != availability.Confirmed {
		t.Fatal("the car is not confirmed")
	}

	// A replay of the same notice changes nothing on any stream.
	before := len(events[order.Event](t, f, orderscmd.OrderStream(p.OrderID))) + len(events[payment.Event](t, f, orderscmd.PaymentStream(p.PaymentID)))
	if r := f.notify(t, notice(p, "n1", payments.OutcomeSucceeded, price)); !r.Repeated {
		t.Fatalf("replay: %+v", r)
	}
	after := len(events[order.Event](t, f, orderscmd.OrderStream(p.OrderID))) + len(events[payment.Event](t, f, orderscmd.PaymentStream(p.PaymentID)))
	if after != before {
		t.Fatalf("a replay wrote %d events", after-before)
	}

	// A failure arriving after the success is kept for the audit and changes nothing on the order.
	f.notify(t, notice(p, "n2", payments.OutcomeFailed, price))
	pay := events[payment.Event](t, f, orderscmd.PaymentStream(p.PaymentID))
	if ig, ok := pay[len(pay)-1].(payment.PaymentNoticeIgnored); !ok || ig.Reason != payment.IgnoredAlreadySucceeded {
		t.Fatalf("payment events %#v", pay)
	}
	if s := f.order(t, p.OrderID); s.Status() != order.StatusConfirmed {
		t.Fatalf("order %s after a late failure", s.Status())
	}
}

func TestNoticesAreCheckedAgainstThePayment(t *testing.T) {
	t.Parallel()
	f := newFixture(t, 1)
	f.cart(t, "u1")
	p := f.place(t, "u1", "2026-11-18")
	ctx := context.Background()
	if _, err := f.Orders.RecordNotice(ctx, "stripe", notice(p, "n1", payments.OutcomeSucceeded, money.New(1, money.EGP))); !errors.Is(err, orderscmd.ErrNoticeMismatch) {
		t.Errorf("another provider: %v", err)
	}
	n := notice(p, "n1", payments.OutcomeSucceeded, money.New(1, money.EGP))
	n.ProviderSessionID = "someone-elses"
	if _, err := f.Orders.RecordNotice(ctx, "sandbox", n); !errors.Is(err, orderscmd.ErrNoticeMismatch) {
		t.Errorf("another session: %v", err)
	}
	n.PaymentID = "unknown"
	if _, err := f.Orders.RecordNotice(ctx, "sandbox", n); !errors.Is(err, payment.ErrPaymentNotFound) {
		t.Errorf("unknown payment: %v", err)
	}
}

func TestADeclineFreesTheCar(t *testing.T) {
	t.Parallel()
	f := newFixture(t, 1)
	f.cart(t, "u1")
	f.cart(t, "u2")
	p := f.place(t, "u1", "2026-11-18")
	if _, err := f.Orders.PlaceOrder(context.Background(), f.input("u2", "2026-11-18"), userMeta("u2")); !errors.Is(err, availability.ErrDateFullyBooked) {
		t.Fatalf("second order on a full day: %v", err)
	}
	f.notify(t, notice(p, "n1", payments.OutcomeFailed, money.Money{}))
	if s := f.order(t, p.OrderID); s.Status() != order.StatusPaymentFailed {
		t.Fatalf("order %s", s.Status())
	}
	if f.day(t, "2026-11-18").Taken() != 0 {
		t.Fatal("the car is still held after the decline")
	}
	f.place(t, "u2", "2026-11-18")
}

func TestAnUnpaidHoldExpires(t *testing.T) {
	t.Parallel()
	f := newFixture(t, 1)
	f.cart(t, "u1")
	p := f.place(t, "u1", "2026-11-18")
	s := f.order(t, p.OrderID)
	hold := orderscmd.Hold{Day: "2026-11-18", Reservation: s.Reservation(), OrderID: p.OrderID, HeldUntil: s.HoldUntil()}
	ctx := context.Background()
	f.Clock.Set(now.Add(29 * time.Minute))
	if err := f.Orders.ExpireHold(ctx, hold); err != nil {
		t.Fatal(err)
	}
	if f.order(t, p.OrderID).Status() != order.StatusAwaitingPayment || f.day(t, "2026-11-18").Taken() != 1 {
		t.Fatal("a hold was expired before its time")
	}
	f.Clock.Set(now.Add(31 * time.Minute))
	for i := 0; i < 2; i++ { // twice: the second run changes nothing
		if err := f.Orders.ExpireHold(ctx, hold); err != nil {
			t.Fatal(err)
		}
	}
	if f.order(t, p.OrderID).Status() != order.StatusExpired || f.day(t, "2026-11-18").Taken() != 0 {
		t.Fatal("the lapsed hold was not released")
	}
	if n := len(events[availability.Event](t, f, orderscmd.DayStream("2026-11-18"))); n != 2 {
		t.Fatalf("%d day events, want 2 (reserved, released once)", n)
	}
	if _, err := f.Orders.PayOrder(ctx, p.OrderID, userMeta("u1")); !errors.Is(err, order.ErrNotAwaitingPayment) {
		t.Fatalf("paying an expired order: %v", err)
	}
}

func TestASuccessAfterTheHoldLapsed(t *testing.T) {
	t.Parallel()
	t.Run("books the car again when the day still has one", func(t *testing.T) {
		t.Parallel()
		f := newFixture(t, 1)
		f.cart(t, "u1")
		p := f.place(t, "u1", "2026-11-18")
		s := f.order(t, p.OrderID)
		f.Clock.Set(now.Add(31 * time.Minute))
		if err := f.Orders.ExpireHold(context.Background(), orderscmd.Hold{Day: "2026-11-18", Reservation: s.Reservation(), OrderID: p.OrderID, HeldUntil: s.HoldUntil()}); err != nil {
			t.Fatal(err)
		}
		f.notify(t, notice(p, "n1", payments.OutcomeSucceeded, s.Price()))
		s = f.order(t, p.OrderID)
		if s.Status() != order.StatusConfirmed || s.NeedsAttention() || f.day(t, "2026-11-18").StatusOf(s.Reservation()) != availability.Confirmed {
			t.Fatalf("order %s attention %v", s.Status(), s.NeedsAttention())
		}
	})
	t.Run("keeps the money for an operator when the day filled up", func(t *testing.T) {
		t.Parallel()
		f := newFixture(t, 1)
		f.cart(t, "u1")
		f.cart(t, "u2")
		p := f.place(t, "u1", "2026-11-18")
		s := f.order(t, p.OrderID)
		f.Clock.Set(now.Add(31 * time.Minute))
		if err := f.Orders.ExpireHold(context.Background(), orderscmd.Hold{Day: "2026-11-18", Reservation: s.Reservation(), OrderID: p.OrderID, HeldUntil: s.HoldUntil()}); err != nil {
			t.Fatal(err)
		}
		f.place(t, "u2", "2026-11-18")
		f.notify(t, notice(p, "n1", payments.OutcomeSucceeded, s.Price()))
		s = f.order(t, p.OrderID)
		reasons := s.AttentionReasons()
		if s.Status() != order.StatusExpired || !s.NeedsAttention() || s.Owed() != s.Price() || len(reasons) != 1 || reasons[0] != order.AttentionPaidWithoutCapacity {
			t.Fatalf("order %s attention %v owed %v reasons %v", s.Status(), s.NeedsAttention(), s.Owed(), reasons)
		}
		if f.day(t, "2026-11-18").Taken() != 1 {
			t.Fatal("the day was oversold for a late payment")
		}
		// The operator refunds; the order is settled.
		out, err := f.Orders.IssueRefund(context.Background(), p.OrderID, order.Actor{UserID: "admin", Staff: true}, "no car left", s.Owed(), userMeta("admin"))
		if err != nil || out.Refunded != s.Price() {
			t.Fatalf("refund %+v %v", out, err)
		}
		if s := f.order(t, p.OrderID); s.NeedsAttention() {
			t.Fatal("still needs attention after the refund")
		}
	})
}

func TestCancellation(t *testing.T) {
	t.Parallel()
	f := newFixture(t, 1)
	f.cart(t, "u1")
	ctx := context.Background()
	pay := func(date string) (orderscmd.Placed, order.State) {
		p := f.place(t, "u1", date)
		f.notify(t, notice(p, "n-"+p.PaymentID, payments.OutcomeSucceeded, f.order(t, p.OrderID).Price()))
		return p, f.order(t, p.OrderID)
	}
	me := order.Actor{UserID: "u1"}

	free, s := pay("2026-11-18")
	if _, err := f.Orders.CancelOrder(ctx, free.OrderID, order.Actor{UserID: "u2"}, "", userMeta("u2")); !errors.Is(err, order.ErrNotYourOrder) {
		t.Fatalf("someone else's order: %v", err)
	}
	out, err := f.Orders.CancelOrder(ctx, free.OrderID, me, "plans changed", userMeta("u1"))
	if err != nil || out.Refunded != s.Price() || out.RefundFailed {
		t.Fatalf("free cancellation: %+v %v", out, err)
	}
	if s := f.order(t, free.OrderID); s.Status() != order.StatusCancelled || s.Refunded() != s.Paid() || s.NeedsAttention() {
		t.Fatalf("after cancelling: %s refunded %v", s.Status(), s.Refunded())
	}
	if f.day(t, "2026-11-18").Taken() != 0 {
		t.Fatal("a cancelled order keeps its car")
	}
	pays := events[payment.Event](t, f, orderscmd.PaymentStream(free.PaymentID))
	if r, ok := pays[len(pays)-1].(payment.PaymentRefunded); !ok || r.Amount != s.Price() || r.ProviderRef == "" {
		t.Fatalf("payment events %#v", pays)
	}

	late, s := pay("2026-11-19")
	f.Clock.Set(time.Date(2026, 11, 18, 12, 0, 0, 0, now.Location())) // 22 hours before 10:00 on the 19th
	out, err = f.Orders.CancelOrder(ctx, late.OrderID, me, "ill", userMeta("u1"))
	if want := s.Price().Percent(5000); err != nil || out.Refunded != want {
		t.Fatalf("late cancellation refunded %v (%v), want %v", out.Refunded, err, want)
	}
}

func TestExchange(t *testing.T) {
	t.Parallel()
	f := newFixture(t, 1)
	f.cart(t, "u1")
	ctx := context.Background()
	me := order.Actor{UserID: "u1"}
	paid := func(date string) orderscmd.Placed {
		p := f.place(t, "u1", date)
		f.notify(t, notice(p, "n-"+p.PaymentID, payments.OutcomeSucceeded, f.order(t, p.OrderID).Price()))
		return p
	}

	// Dearer (the rate went up): the difference is paid first, with a car held on the new day.
	p := paid("2026-11-18")
	before := f.order(t, p.OrderID)
	f.UpdateRatePlan(t, f.Plan, "Sedan", 2400, 10000, 1)
	out, err := f.Orders.ExchangeOrder(ctx, orderscmd.ExchangeInput{OrderID: p.OrderID, Actor: me, Date: "2026-11-20", Time: "10:00"}, userMeta("u1"))
	if err != nil || out.PaymentURL == "" {
		t.Fatalf("dearer exchange: %+v %v", out, err)
	}
	s := f.order(t, p.OrderID)
	x, pending := s.PendingExchange()
	if !pending || s.Trip().Day != "2026-11-18" || x.Difference.Minor <= 0 || f.day(t, "2026-11-20").Taken() != 1 {
		t.Fatalf("pending %v %+v", pending, x)
	}
	if _, err := f.Orders.RecordNotice(ctx, "sandbox", payments.Notice{PaymentID: x.PaymentID, NoticeID: "n2", Outcome: payments.OutcomeSucceeded, Amount: x.Difference, ProviderRef: "t2"}); err != nil {
		t.Fatal(err)
	}
	s = f.order(t, p.OrderID)
	if s.Trip().Day != "2026-11-20" || s.Status() != order.StatusConfirmed || s.NeedsAttention() || s.Price().Minor != before.Price().Minor+x.Difference.Minor {
		t.Fatalf("after paying the difference: day %s status %s attention %v", s.Trip().Day, s.Status(), s.NeedsAttention())
	}
	if f.day(t, "2026-11-18").Taken() != 0 || f.day(t, "2026-11-20").StatusOf(s.Reservation()) != availability.Confirmed {
		t.Fatal("the car did not move with the exchange")
	}

	// Cheaper (the rate went down): exchanged at once, the difference refunded.
	q := paid("2026-11-21")
	dear := f.order(t, q.OrderID).Price()
	f.UpdateRatePlan(t, f.Plan, "Sedan", 600, 2500, 1)
	out, err = f.Orders.ExchangeOrder(ctx, orderscmd.ExchangeInput{OrderID: q.OrderID, Actor: me, Date: "2026-11-21", Time: "15:00"}, userMeta("u1"))
	if err != nil || out.PaymentURL != "" {
		t.Fatalf("cheaper exchange: %+v %v", out, err)
	}
	s = f.order(t, q.OrderID)
	if s.Trip().StartAt.In(now.Location()).Hour() != 15 || out.Refunded.Minor != dear.Minor-s.Price().Minor || out.Refunded.Minor <= 0 || s.NeedsAttention() {
		t.Fatalf("refunded %v of %v → %v", out.Refunded, dear, s.Price())
	}
	if f.day(t, "2026-11-21").Taken() != 1 {
		t.Fatal("an exchange within one day moved the car")
	}
}
