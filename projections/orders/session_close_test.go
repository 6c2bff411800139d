package orders_test

import (
	"context"
	"testing"
	"time"

	"mishwar/commands/orders/orderstest"
	"mishwar/domain/order"
	"mishwar/domain/payment"
	ordersrm "mishwar/projections/orders"
)

// closedPayment waits until the order's payment id says its page was closed.
func closedPayment(t *testing.T, f *orderstest.Fixture, orderID, id string) ordersrm.Order {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		o, err := f.Read.Order(context.Background(), orderID)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range o.Payments {
			if p.ID == id && p.Closed != nil {
				return o
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("the order's payment %s never says its page was closed: %+v", id, o.Payments)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// A cancelled order's payment page is closed by a job (PaymentSessionClosed on the payment's
// stream): the order's payment and the payments audit say it was closed, when and why, and the
// order offers no payment link any more.
func TestACancelledOrdersPaymentPageReadsClosedWithWhenAndWhy(t *testing.T) {
	t.Parallel()
	f := orderstest.New(t, 1)
	f.FillCart(t, "u1")
	p := f.Place(t, "u1", "2026-11-18")
	caughtUp(t, f, p.Position)
	ctx := context.Background()
	placed, err := f.Read.Order(ctx, p.OrderID)
	if err != nil || placed.PaymentURL() == "" || placed.CurrentPaymentID == "" {
		t.Fatalf("placed order %+v %v: no open page", placed, err)
	}
	id := placed.CurrentPaymentID
	if _, err := f.Orders.CancelOrder(ctx, p.OrderID, order.Actor{UserID: "u1"}, "plans changed", orderstest.UserMeta("u1")); err != nil {
		t.Fatal(err)
	}

	o := closedPayment(t, f, p.OrderID, id)
	var got ordersrm.Payment
	for _, x := range o.Payments {
		if x.ID == id {
			got = x
		}
	}
	if got.Status != ordersrm.PaymentClosed || got.Closed.Outcome != payment.SessionClosed || got.Closed.Why != payment.CloseOrderCancelled ||
		got.Closed.At.IsZero() || got.Closed.At.Before(o.Cancelled.At) {
		t.Fatalf("closed payment %+v (close %+v), cancelled at %v", got, got.Closed, o.Cancelled.At)
	}
	if o.PaymentURL() != "" {
		t.Fatalf("a closed page is still offered: %s", o.PaymentURL())
	}

	rows, err := f.Read.Payments(ctx, p.OrderID, false, 10)
	if err != nil || len(rows) != 1 {
		t.Fatalf("audit %+v %v", rows, err)
	}
	r := rows[0]
	if r.Status != "closed" || r.CloseOutcome != payment.SessionClosed || r.CloseWhy != payment.CloseOrderCancelled || r.ClosedAt == nil || !r.ClosedAt.Equal(got.Closed.At) {
		t.Fatalf("audit row %+v (closed at %v), want closed at %v for the cancellation", r, r.ClosedAt, got.Closed.At)
	}
}
