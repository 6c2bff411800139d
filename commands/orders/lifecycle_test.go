package orders_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"mishwar/adapters/payments"
	orderscmd "mishwar/commands/orders"
	"mishwar/commands/orders/orderstest"
	"mishwar/domain/availability"
	"mishwar/domain/money"
	"mishwar/domain/order"
	"mishwar/domain/payment"
)

func TestASuccessConfirmsTheOrderAndItsCar(t *testing.T) {
	t.Parallel()
	f := orderstest.New(t, 1)
	f.FillCart(t, "u1")
	p := f.Place(t, "u1", "2026-11-18")
	price := f.Order(t, p.OrderID).Price()
	r := f.Notify(t, orderstest.Notice(p, "n1", payments.OutcomeSucceeded, price))
	if r.Repeated || r.Status != payment.StatusSucceeded || r.OrderID != p.OrderID {
		t.Fatalf("result %+v", r)
	}
	s := f.Order(t, p.OrderID)
	if s.Status() != order.StatusConfirmed || s.Paid() != price || s.NeedsAttention() {
		t.Fatalf("order %s paid %v attention %v", s.Status(), s.Paid(), s.NeedsAttention())
	}
	if f.Day(t, "2026-11-18").StatusOf(s.Reservation()) != availability.Confirmed {
		t.Fatal("the car is not confirmed")
	}

	// A replay of the same notice changes nothing on any stream.
	before := len(orderstest.Events[order.Event](t, f, orderscmd.OrderStream(p.OrderID))) + len(orderstest.Events[payment.Event](t, f, orderscmd.PaymentStream(p.PaymentID)))
	if r := f.Notify(t, orderstest.Notice(p, "n1", payments.OutcomeSucceeded, price)); !r.Repeated {
		t.Fatalf("replay: %+v", r)
	}
	after := len(orderstest.Events[order.Event](t, f, orderscmd.OrderStream(p.OrderID))) + len(orderstest.Events[payment.Event](t, f, orderscmd.PaymentStream(p.PaymentID)))
	if after != before {
		t.Fatalf("a replay wrote %d events", after-before)
	}

	// A failure arriving after the success is kept for the audit and changes nothing on the order.
	f.Notify(t, orderstest.Notice(p, "n2", payments.OutcomeFailed, price))
	pay := orderstest.Events[payment.Event](t, f, orderscmd.PaymentStream(p.PaymentID))
	if ig, ok := pay[len(pay)-1].(payment.PaymentNoticeIgnored); !ok || ig.Reason != payment.IgnoredAlreadySucceeded {
		t.Fatalf("payment events %#v", pay)
	}
	if s := f.Order(t, p.OrderID); s.Status() != order.StatusConfirmed {
		t.Fatalf("order %s after a late failure", s.Status())
	}
}

func TestNoticesAreCheckedAgainstThePayment(t *testing.T) {
	t.Parallel()
	f := orderstest.New(t, 1)
	f.FillCart(t, "u1")
	p := f.Place(t, "u1", "2026-11-18")
	ctx := context.Background()
	if _, err := f.Orders.RecordNotice(ctx, "stripe", orderstest.Notice(p, "n1", payments.OutcomeSucceeded, money.New(1, money.EGP))); !errors.Is(err, orderscmd.ErrNoticeMismatch) {
		t.Errorf("another provider: %v", err)
	}
	n := orderstest.Notice(p, "n1", payments.OutcomeSucceeded, money.New(1, money.EGP))
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
	f := orderstest.New(t, 1)
	f.FillCart(t, "u1")
	f.FillCart(t, "u2")
	p := f.Place(t, "u1", "2026-11-18")
	if _, err := f.Orders.PlaceOrder(context.Background(), f.Input("u2", "2026-11-18"), orderstest.UserMeta("u2")); !errors.Is(err, availability.ErrDateFullyBooked) {
		t.Fatalf("second order on a full day: %v", err)
	}
	f.Notify(t, orderstest.Notice(p, "n1", payments.OutcomeFailed, money.Money{}))
	if s := f.Order(t, p.OrderID); s.Status() != order.StatusPaymentFailed {
		t.Fatalf("order %s", s.Status())
	}
	if f.Day(t, "2026-11-18").Taken() != 0 {
		t.Fatal("the car is still held after the decline")
	}
	f.Place(t, "u2", "2026-11-18")
}

func TestAnUnpaidHoldExpires(t *testing.T) {
	t.Parallel()
	f := orderstest.New(t, 1)
	f.FillCart(t, "u1")
	p := f.Place(t, "u1", "2026-11-18")
	s := f.Order(t, p.OrderID)
	hold := orderscmd.Hold{Day: "2026-11-18", Reservation: s.Reservation(), OrderID: p.OrderID, HeldUntil: s.HoldUntil()}
	ctx := context.Background()
	f.Clock.Set(orderstest.Now.Add(29 * time.Minute))
	if err := f.Orders.ExpireHold(ctx, hold); err != nil {
		t.Fatal(err)
	}
	if f.Order(t, p.OrderID).Status() != order.StatusAwaitingPayment || f.Day(t, "2026-11-18").Taken() != 1 {
		t.Fatal("a hold was expired before its time")
	}
	f.Clock.Set(orderstest.Now.Add(31 * time.Minute))
	for i := 0; i < 2; i++ { // twice: the second run changes nothing
		if err := f.Orders.ExpireHold(ctx, hold); err != nil {
			t.Fatal(err)
		}
	}
	if f.Order(t, p.OrderID).Status() != order.StatusExpired || f.Day(t, "2026-11-18").Taken() != 0 {
		t.Fatal("the lapsed hold was not released")
	}
	if n := len(orderstest.Events[availability.Event](t, f, orderscmd.DayStream("2026-11-18"))); n != 2 {
		t.Fatalf("%d day events, want 2 (reserved, released once)", n)
	}
	// Paying it now pays it again on a new car (pay_again_test.go).
	again, err := f.Orders.PayOrder(ctx, p.OrderID, orderstest.UserMeta("u1"))
	if err != nil || again.OrderID != p.OrderID || again.PaymentID == p.PaymentID || f.Day(t, "2026-11-18").Taken() != 1 {
		t.Fatalf("paying an expired order again: %+v %v", again, err)
	}
}

func TestASuccessAfterTheHoldLapsed(t *testing.T) {
	t.Parallel()
	t.Run("books the car again when the day still has one", func(t *testing.T) {
		t.Parallel()
		f := orderstest.New(t, 1)
		f.FillCart(t, "u1")
		p := f.Place(t, "u1", "2026-11-18")
		s := f.Order(t, p.OrderID)
		f.Clock.Set(orderstest.Now.Add(31 * time.Minute))
		if err := f.Orders.ExpireHold(context.Background(), orderscmd.Hold{Day: "2026-11-18", Reservation: s.Reservation(), OrderID: p.OrderID, HeldUntil: s.HoldUntil()}); err != nil {
			t.Fatal(err)
		}
		f.Notify(t, orderstest.Notice(p, "n1", payments.OutcomeSucceeded, s.Price()))
		s = f.Order(t, p.OrderID)
		if s.Status() != order.StatusConfirmed || s.NeedsAttention() || f.Day(t, "2026-11-18").StatusOf(s.Reservation()) != availability.Confirmed {
			t.Fatalf("order %s attention %v", s.Status(), s.NeedsAttention())
		}
	})
	t.Run("keeps the money for an operator when the day filled up", func(t *testing.T) {
		t.Parallel()
		f := orderstest.New(t, 1)
		f.FillCart(t, "u1")
		f.FillCart(t, "u2")
		p := f.Place(t, "u1", "2026-11-18")
		s := f.Order(t, p.OrderID)
		f.Clock.Set(orderstest.Now.Add(31 * time.Minute))
		if err := f.Orders.ExpireHold(context.Background(), orderscmd.Hold{Day: "2026-11-18", Reservation: s.Reservation(), OrderID: p.OrderID, HeldUntil: s.HoldUntil()}); err != nil {
			t.Fatal(err)
		}
		f.Place(t, "u2", "2026-11-18")
		f.Notify(t, orderstest.Notice(p, "n1", payments.OutcomeSucceeded, s.Price()))
		s = f.Order(t, p.OrderID)
		reasons := s.AttentionReasons()
		if s.Status() != order.StatusExpired || !s.NeedsAttention() || s.Owed() != s.Price() || len(reasons) != 1 || reasons[0] != order.AttentionPaidWithoutCapacity {
			t.Fatalf("order %s attention %v owed %v reasons %v", s.Status(), s.NeedsAttention(), s.Owed(), reasons)
		}
		if f.Day(t, "2026-11-18").Taken() != 1 {
			t.Fatal("the day was oversold for a late payment")
		}
		// The operator refunds; the order is settled.
		out, err := f.Orders.IssueRefund(context.Background(), p.OrderID, order.Actor{UserID: "admin", Staff: true}, "no car left", s.Owed(), orderstest.UserMeta("admin"))
		if err != nil || out.Refunded != s.Price() {
			t.Fatalf("refund %+v %v", out, err)
		}
		if s := f.Order(t, p.OrderID); s.NeedsAttention() {
			t.Fatal("still needs attention after the refund")
		}
	})
}

func TestCancellation(t *testing.T) {
	t.Parallel()
	f := orderstest.New(t, 1)
	f.FillCart(t, "u1")
	ctx := context.Background()
	pay := func(date string) (orderscmd.Placed, order.State) {
		p := f.Place(t, "u1", date)
		f.Notify(t, orderstest.Notice(p, "n-"+p.PaymentID, payments.OutcomeSucceeded, f.Order(t, p.OrderID).Price()))
		return p, f.Order(t, p.OrderID)
	}
	me := order.Actor{UserID: "u1"}

	free, s := pay("2026-11-18")
	if _, err := f.Orders.CancelOrder(ctx, free.OrderID, order.Actor{UserID: "u2"}, "", orderstest.UserMeta("u2")); !errors.Is(err, order.ErrNotYourOrder) {
		t.Fatalf("someone else's order: %v", err)
	}
	out, err := f.Orders.CancelOrder(ctx, free.OrderID, me, "plans changed", orderstest.UserMeta("u1"))
	if err != nil || out.Refunded != s.Price() || out.RefundFailed {
		t.Fatalf("free cancellation: %+v %v", out, err)
	}
	if s := f.Order(t, free.OrderID); s.Status() != order.StatusCancelled || s.Refunded() != s.Paid() || s.NeedsAttention() {
		t.Fatalf("after cancelling: %s refunded %v", s.Status(), s.Refunded())
	}
	if f.Day(t, "2026-11-18").Taken() != 0 {
		t.Fatal("a cancelled order keeps its car")
	}
	pays := orderstest.Events[payment.Event](t, f, orderscmd.PaymentStream(free.PaymentID))
	if r, ok := pays[len(pays)-1].(payment.PaymentRefunded); !ok || r.Amount != s.Price() || r.ProviderRef == "" {
		t.Fatalf("payment events %#v", pays)
	}

	late, s := pay("2026-11-19")
	f.Clock.Set(time.Date(2026, 11, 18, 12, 0, 0, 0, orderstest.Now.Location())) // 22 hours before 10:00 on the 19th
	out, err = f.Orders.CancelOrder(ctx, late.OrderID, me, "ill", orderstest.UserMeta("u1"))
	if want := s.Price().Percent(5000); err != nil || out.Refunded != want {
		t.Fatalf("late cancellation refunded %v (%v), want %v", out.Refunded, err, want)
	}
}

func TestExchange(t *testing.T) {
	t.Parallel()
	f := orderstest.New(t, 1)
	f.FillCart(t, "u1")
	ctx := context.Background()
	me := order.Actor{UserID: "u1"}
	paid := func(date string) orderscmd.Placed {
		p := f.Place(t, "u1", date)
		f.Notify(t, orderstest.Notice(p, "n-"+p.PaymentID, payments.OutcomeSucceeded, f.Order(t, p.OrderID).Price()))
		return p
	}

	// Dearer (a dearer car class): the difference is paid first, with a car held on the new day.
	p := paid("2026-11-18")
	before := f.Order(t, p.OrderID)
	van := f.RatePlan(t, "Van", 2400, 10000, 2)
	out, err := f.Orders.ExchangeOrder(ctx, orderscmd.ExchangeInput{OrderID: p.OrderID, Actor: me, Date: "2026-11-20", Time: "10:00", RatePlanID: van.String()}, orderstest.UserMeta("u1"))
	if err != nil || out.PaymentURL == "" {
		t.Fatalf("dearer exchange: %+v %v", out, err)
	}
	s := f.Order(t, p.OrderID)
	x, pending := s.PendingExchange()
	if !pending || s.Trip().Day != "2026-11-18" || x.Difference.Minor <= 0 || f.Day(t, "2026-11-20").Taken() != 1 {
		t.Fatalf("pending %v %+v", pending, x)
	}
	if _, err := f.Orders.RecordNotice(ctx, "sandbox", payments.Notice{PaymentID: x.PaymentID, NoticeID: "n2", Outcome: payments.OutcomeSucceeded, Amount: x.Difference, ProviderRef: "t2"}); err != nil {
		t.Fatal(err)
	}
	s = f.Order(t, p.OrderID)
	if s.Trip().Day != "2026-11-20" || s.Status() != order.StatusConfirmed || s.NeedsAttention() || s.Price().Minor != before.Price().Minor+x.Difference.Minor {
		t.Fatalf("after paying the difference: day %s status %s attention %v", s.Trip().Day, s.Status(), s.NeedsAttention())
	}
	if f.Day(t, "2026-11-18").Taken() != 0 || f.Day(t, "2026-11-20").StatusOf(s.Reservation()) != availability.Confirmed {
		t.Fatal("the car did not move with the exchange")
	}

	// Cheaper (a cheaper car class): exchanged at once, the difference refunded.
	q := paid("2026-11-21")
	dear := f.Order(t, q.OrderID).Price()
	economy := f.RatePlan(t, "Economy", 600, 2500, 3)
	out, err = f.Orders.ExchangeOrder(ctx, orderscmd.ExchangeInput{OrderID: q.OrderID, Actor: me, Date: "2026-11-21", Time: "15:00", RatePlanID: economy.String()}, orderstest.UserMeta("u1"))
	if err != nil || out.PaymentURL != "" {
		t.Fatalf("cheaper exchange: %+v %v", out, err)
	}
	s = f.Order(t, q.OrderID)
	if s.Trip().StartAt.In(orderstest.Now.Location()).Hour() != 15 || out.Refunded.Minor != dear.Minor-s.Price().Minor || out.Refunded.Minor <= 0 || s.NeedsAttention() {
		t.Fatalf("refunded %v of %v → %v", out.Refunded, dear, s.Price())
	}
	if f.Day(t, "2026-11-21").Taken() != 1 {
		t.Fatal("an exchange within one day moved the car")
	}
}

// A traveller who moves their trip keeps the rates they booked: the catalogue's prices going up (or
// down) since is no change they asked for, and costs (or gives back) nothing.
func TestAChangeOfDayOrTimeKeepsTheRatesTheOrderBooked(t *testing.T) {
	t.Parallel()
	f := orderstest.New(t, 1)
	f.FillCart(t, "u1")
	ctx := context.Background()
	me := order.Actor{UserID: "u1"}
	p := paidOrder(t, f, "u1", "2026-11-18")
	booked := f.Order(t, p.OrderID)

	f.UpdateRatePlan(t, f.Plan, "Sedan", 2400, 10000, 1)
	move := orderscmd.ExchangeInput{OrderID: p.OrderID, Actor: me, Date: "2026-11-20", Time: "10:00"}
	q, err := f.Orders.QuoteOwnExchange(ctx, move)
	if err != nil || q.Difference.Minor != 0 || q.Trip.RatePlan.PerKm != booked.Trip().RatePlan.PerKm {
		t.Fatalf("quote after the rates went up: difference %v, per km %v (booked %v), %v", q.Difference, q.Trip.RatePlan.PerKm, booked.Trip().RatePlan.PerKm, err)
	}
	out, err := f.Orders.ExchangeOrder(ctx, move, orderstest.UserMeta("u1"))
	if err != nil || out.PaymentURL != "" || out.Refunded.Minor != 0 {
		t.Fatalf("moved after the rates went up: %+v %v", out, err)
	}
	if s := f.Order(t, p.OrderID); s.Trip().Day != "2026-11-20" || s.Price() != booked.Price() {
		t.Fatalf("moved: day %s price %v, booked %v", s.Trip().Day, s.Price(), booked.Price())
	}
}
