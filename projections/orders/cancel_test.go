package orders_test

import (
	"context"
	"testing"
	"time"

	"mishwar/adapters/jobs"
	"mishwar/adapters/payments"
	"mishwar/commands"
	orderscmd "mishwar/commands/orders"
	"mishwar/commands/orders/orderstest"
	"mishwar/domain/money"
	"mishwar/domain/order"
	paymentsproc "mishwar/processes/payments"
)

// A late cancellation while a goodwill refund still waits for the provider: the order keeps what
// the cancellation recorded (half the price), not what was paid less the cancellation's own refund,
// which would count the refund on its way as kept; and it says who the cancellation was for.
func TestACancelledOrderKeepsWhatItsCancellationRecordedWhileARefundIsOnItsWay(t *testing.T) {
	t.Parallel()
	f := orderstest.NewWith(t, 1, orderstest.Options{NoWorker: true, OutcomeWait: 10 * time.Millisecond})
	all := orderstest.JobHandlers(f.Orders)
	f.RunWorker(t, &jobs.Worker{Queue: f.Jobs, Handlers: map[string]jobs.Handler{paymentsproc.KindOpenSession: all[paymentsproc.KindOpenSession]},
		Poll: 50 * time.Millisecond})
	f.FillCart(t, "u1")
	ctx := context.Background()
	p := f.Place(t, "u1", "2026-11-19")
	price := f.Order(t, p.OrderID).Price()
	f.Notify(t, orderstest.Notice(p, "n1", payments.OutcomeSucceeded, price))
	goodwill := money.New(price.Minor/10, money.EGP)
	if _, err := f.Orders.IssueRefundAsStaff(ctx, p.OrderID, order.Actor{UserID: "admin", Staff: true}, "goodwill", &goodwill, orderstest.UserMeta("admin")); err != nil {
		t.Fatal(err)
	}
	if f.Order(t, p.OrderID).RefundsInFlight() != goodwill {
		t.Fatalf("the goodwill refund is not on its way: %v", f.Order(t, p.OrderID).RefundsInFlight())
	}

	f.Clock.Set(time.Date(2026, 11, 18, 12, 0, 0, 0, orderstest.Now.Location())) // late: 22 hours before
	if _, err := f.Orders.CancelOwnOrder(ctx, p.OrderID, order.Actor{UserID: "u1"}, "ill", orderstest.UserMeta("u1")); err != nil {
		t.Fatal(err)
	}
	hist, err := commands.Load[order.Event](ctx, f.Runner, orderscmd.OrderStream(p.OrderID))
	if err != nil {
		t.Fatal(err)
	}
	var cancelled order.OrderCancelled
	for _, e := range hist.Events {
		if c, ok := e.(order.OrderCancelled); ok {
			cancelled = c
		}
	}
	half := money.New(price.Minor-price.Percent(5000).Minor, money.EGP)
	if cancelled.Kept != half {
		t.Fatalf("the cancellation kept %v, want %v", cancelled.Kept, half)
	}
	f.WaitForOrders(t, hist.Recorded[len(hist.Recorded)-1].Position)
	o, err := f.Read.Order(ctx, p.OrderID)
	if err != nil {
		t.Fatal(err)
	}
	if o.Kept != half || o.Cancelled == nil || o.Cancelled.Kept != half || o.Cancelled.InitiatedBy != order.InitiatedByTraveller ||
		o.Cancelled.RefundDue != cancelled.RefundDue {
		t.Fatalf("read model kept %v, cancelled %+v; the event kept %v", o.Kept, o.Cancelled, half)
	}
	if o.Owed() != money.New(price.Minor-half.Minor, money.EGP) || o.NeedsAttention() {
		t.Fatalf("owed %v (attention %v), want %v on its way", o.Owed(), o.NeedsAttention(), price.Minor-half.Minor)
	}
}
