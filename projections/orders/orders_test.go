package orders_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"mishwar/adapters/payments"
	orderscmd "mishwar/commands/orders"
	"mishwar/commands/orders/orderstest"
	"mishwar/domain/order"
	"mishwar/eventstore"
	"mishwar/internal/pgtest"
	ordersrm "mishwar/projections/orders"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// caughtUp waits until the read model has seen every event written so far. The store's Head is only
// what is safely readable, so it waits for the highest position the test's own writes returned.
func caughtUp(t *testing.T, f *orderstest.Fixture, positions ...eventstore.Position) {
	t.Helper()
	var last eventstore.Position
	for _, p := range positions {
		if last.Less(p) {
			last = p
		}
	}
	f.WaitForOrders(t, last)
}

func types(tl []ordersrm.TimelineEntry) []string {
	var out []string
	for _, e := range tl {
		out = append(out, e.Type)
	}
	return out
}

// outboxRows counts the mail outbox: a read model writes only its own schema, so it stays empty
// (the e-mails are processes/ordermail's, tested there).
func outboxRows(t *testing.T, f *orderstest.Fixture) int {
	t.Helper()
	var n int
	if err := f.Pool.QueryRow(context.Background(), `SELECT count(*) FROM mail_outbox`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestAnOrderIsProjectedFromItsEvents(t *testing.T) {
	t.Parallel()
	f := orderstest.New(t, 2)
	f.FillCart(t, "u1")
	p := f.Place(t, "u1", "2026-11-18")
	caughtUp(t, f, p.Position)
	ctx := context.Background()
	o, err := f.Read.Order(ctx, p.OrderID)
	if err != nil {
		t.Fatal(err)
	}
	if o.Status != order.StatusAwaitingPayment || o.UserID != "u1" || o.PaymentURL() != p.PaymentURL || len(o.Trip.Itinerary.Stops) != 2 || o.Price.Minor <= 0 {
		t.Fatalf("placed order %+v", o)
	}
	taken, err := f.Read.Taken(ctx, "2026-11-18", "2026-11-18")
	if err != nil || taken["2026-11-18"] != 1 {
		t.Fatalf("taken %v %v", taken, err)
	}

	r1 := f.Notify(t, orderstest.Notice(p, "n1", payments.OutcomeSucceeded, o.Price))
	r2 := f.Notify(t, orderstest.Notice(p, "n2", payments.OutcomeFailed, o.Price)) // late failure: ignored
	caughtUp(t, f, r1.Position, r2.Position)
	o, _ = f.Read.Order(ctx, p.OrderID)
	domainState := f.Order(t, p.OrderID)
	if o.Status != order.StatusConfirmed || o.Paid != domainState.Paid() || o.NeedsAttention() != domainState.NeedsAttention() || o.PaymentURL() != "" {
		t.Fatalf("paid order %+v", o)
	}
	tl, err := f.Read.Timeline(ctx, p.OrderID)
	if want := []string{"OrderPlaced", "PaymentSessionOrdered", "PaymentRequested", "PaymentReceived"}; err != nil || len(tl) != 4 || types(tl)[3] != want[3] {
		t.Fatalf("timeline %v %v", types(tl), err)
	}
	audit, err := f.Read.Payments(ctx, p.OrderID, false, 10)
	if err != nil || len(audit) != 1 || audit[0].Status != "succeeded" || len(audit[0].Notices) != 2 ||
		audit[0].Notices[0].Kind != "succeeded" || audit[0].Notices[1].Kind != "ignored" {
		t.Fatalf("payments audit %+v %v", audit, err)
	}
	if ignored, _ := f.Read.Payments(ctx, "", true, 10); len(ignored) != 1 {
		t.Fatalf("payments with an ignored notice: %d", len(ignored))
	}
	if n := outboxRows(t, f); n != 0 {
		t.Fatalf("the read model queued %d e-mails", n)
	}
	mine, err := f.Read.OrdersOf(ctx, "u1", 10)
	if err != nil || len(mine) != 1 || mine[0].ID != p.OrderID {
		t.Fatalf("orders of u1: %v %v", mine, err)
	}
	if other, _ := f.Read.OrdersOf(ctx, "u2", 10); len(other) != 0 {
		t.Fatalf("orders of u2: %v", other)
	}
}

func TestTripStatusLookupNeedsTheNumberAndTheEmail(t *testing.T) {
	t.Parallel()
	f := orderstest.New(t, 1)
	f.FillCart(t, "u1")
	p := f.Place(t, "u1", "2026-11-18")
	caughtUp(t, f, p.Position)
	ctx := context.Background()
	ts, err := f.Read.LookupTrip(ctx, " msh"+p.OrderID[3:]+" ", "MONA@example.com ")
	// Placed, the payment page ordered and opened.
	if err != nil || ts.Order == nil || ts.Order.ID != p.OrderID || len(ts.Timeline) != 3 {
		t.Fatalf("lookup %+v %v", ts, err)
	}
	for name, c := range map[string][2]string{
		"wrong e-mail":     {p.OrderID, "someone@example.com"},
		"wrong number":     {"MSH-222222", "mona@example.com"},
		"malformed number": {"12345", "mona@example.com"},
		"no e-mail":        {p.OrderID, ""},
	} {
		if _, err := f.Read.LookupTrip(ctx, c[0], c[1]); !errors.Is(err, ordersrm.ErrTripNotFound) {
			t.Errorf("%s: err = %v", name, err)
		}
	}
}

func TestCancellationAndLateMoneyAreVisibleToTheAdmin(t *testing.T) {
	t.Parallel()
	f := orderstest.New(t, 1)
	f.FillCart(t, "u1")
	f.FillCart(t, "u2")
	ctx := context.Background()
	p := f.Place(t, "u1", "2026-11-18")
	s := f.Order(t, p.OrderID)
	f.Clock.Set(orderstest.Now.Add(31 * time.Minute))
	caughtUp(t, f, p.Position)
	lapsed, err := f.Read.LapsedHolds(ctx, f.Clock.Now(), 10)
	if err != nil || len(lapsed) != 1 || lapsed[0].OrderID != p.OrderID {
		t.Fatalf("lapsed holds %+v %v", lapsed, err)
	}
	holds := orderscmd.HoldsFunc(func(ctx context.Context, before time.Time, limit int) ([]orderscmd.Hold, error) {
		lapsed, err := f.Read.LapsedHolds(ctx, before, limit)
		out := make([]orderscmd.Hold, len(lapsed))
		for i, h := range lapsed {
			out[i] = orderscmd.Hold{Day: h.Day, Reservation: h.Reservation, OrderID: h.OrderID, HeldUntil: h.HeldUntil}
		}
		return out, err
	})
	if n, err := f.Orders.ExpireLapsedHolds(ctx, holds); err != nil || n != 1 {
		t.Fatalf("expired %d: %v", n, err)
	}
	p2 := f.Place(t, "u2", "2026-11-18")
	r := f.Notify(t, orderstest.Notice(p, "n1", payments.OutcomeSucceeded, s.Price()))
	caughtUp(t, f, p2.Position, r.Position)
	if lapsed, _ := f.Read.LapsedHolds(ctx, f.Clock.Now(), 10); len(lapsed) != 0 {
		t.Fatalf("still lapsed: %+v", lapsed)
	}
	list, total, err := f.Read.PurchaseOrders(ctx, ordersrm.AdminFilter{Attention: true})
	if err != nil || total != 1 || list[0].ID != p.OrderID || list[0].Owed() != s.Price() || len(list[0].Attention) != 1 ||
		list[0].Attention[0].Reason != order.AttentionPaidWithoutCapacity {
		t.Fatalf("orders needing attention %+v (%d) %v", list, total, err)
	}
	if all, total, _ := f.Read.PurchaseOrders(ctx, ordersrm.AdminFilter{Query: "mona"}); total != 2 || len(all) != 2 {
		t.Fatalf("search: %d", total)
	}
}

func TestCancelledOrdersShowTheirRefund(t *testing.T) {
	t.Parallel()
	f := orderstest.New(t, 1)
	f.FillCart(t, "u1")
	ctx := context.Background()
	p := f.Place(t, "u1", "2026-11-18")
	f.Notify(t, orderstest.Notice(p, "n1", payments.OutcomeSucceeded, f.Order(t, p.OrderID).Price()))
	out, err := f.Orders.CancelOrder(ctx, p.OrderID, order.Actor{UserID: "u1"}, "plans changed", orderstest.UserMeta("u1"))
	if err != nil {
		t.Fatal(err)
	}
	caughtUp(t, f, out.Position)
	o, err := f.Read.Order(ctx, p.OrderID)
	if err != nil || o.Status != order.StatusCancelled || o.Cancelled == nil || !o.Cancelled.Free || len(o.Refunds) != 1 || o.Refunded != o.Paid || o.NeedsAttention() {
		t.Fatalf("cancelled %+v %v", o, err)
	}
	taken, _ := f.Read.Taken(ctx, "2026-11-18", "2026-11-18")
	if taken["2026-11-18"] != 0 {
		t.Fatal("the calendar still counts a cancelled car")
	}
	if n := outboxRows(t, f); n != 0 {
		t.Fatalf("the read model queued %d e-mails", n)
	}
}
