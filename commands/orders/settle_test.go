package orders_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	"mishwar/commands"
	orderscmd "mishwar/commands/orders"
	"mishwar/commands/orders/orderstest"
	"mishwar/domain/availability"
	"mishwar/domain/order"
	"mishwar/domain/payment"
)

// eventually waits up to 20 s for ok, failing the test with what.
func eventually(t *testing.T, what string, ok func() bool) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); !ok(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal(what)
		}
	}
}

// The provider's success is recorded on the payment and the request dies before the order hears of
// it (a kill -9, the database dropping out): the payment's job brings the order in line, so the
// hold does not lapse over money taken, and "pay again" is not offered over it.
func TestAChargeRecordedOnThePaymentReachesItsOrderWhenTheRequestDied(t *testing.T) {
	t.Parallel()
	f := orderstest.New(t, 2)
	f.FillCart(t, "u1")
	p := f.Place(t, "u1", "2026-11-18")
	s := f.Order(t, p.OrderID)
	// Only the payment's part of the notice: what RecordNotice writes before it turns to the order.
	if _, err := commands.Execute(context.Background(), f.Runner, payment.Decider, orderscmd.PaymentStream(p.PaymentID),
		payment.Command(payment.RecordNotice{NoticeID: "n-1", Outcome: "succeeded", Amount: s.Price(), ProviderRef: "txn-1"}),
		commands.Meta{CommandID: uuid.New(), Actor: commands.Actor{UserID: "system", Role: "system"}}, commands.Options{}); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the order never heard of its payment", func() bool { return f.Order(t, p.OrderID).Status() == order.StatusConfirmed })
	s = f.Order(t, p.OrderID)
	if s.Paid() != s.Price() {
		t.Fatalf("paid %v of %v", s.Paid(), s.Price())
	}
	eventually(t, "the paid order's car was never confirmed", func() bool {
		return f.Day(t, "2026-11-18").StatusOf(s.Reservation()) == availability.Confirmed
	})
	// The same notice delivered afterwards (the provider retrying) changes nothing more.
	before := len(orderstest.Events[order.Event](t, f, orderscmd.OrderStream(p.OrderID)))
	f.Notify(t, orderstest.Notice(p, "n-1", "succeeded", s.Price()))
	if after := len(orderstest.Events[order.Event](t, f, orderscmd.OrderStream(p.OrderID))); after != before {
		t.Fatalf("the replayed notice wrote %d order events", after-before)
	}
}

// A cancellation recorded on the order whose request died before it gave anything back: the
// cancellation's job frees the car, so the day can be sold again.
func TestACancellationWhoseRequestDiedFreesItsCarByItsJob(t *testing.T) {
	t.Parallel()
	f := orderstest.New(t, 2)
	f.FillCart(t, "u1")
	p := f.Place(t, "u1", "2026-11-18")
	s := f.Order(t, p.OrderID)
	f.Notify(t, orderstest.Notice(p, "n-1", "succeeded", s.Price()))
	eventually(t, "the car was never confirmed", func() bool {
		return f.Day(t, "2026-11-18").StatusOf(s.Reservation()) == availability.Confirmed
	})
	// Only the order's decision, as CancelOrder writes it before its follow-ups.
	if _, err := commands.Execute(context.Background(), f.Runner, order.Decider, orderscmd.OrderStream(p.OrderID),
		order.Command(order.CancelOrder{Actor: admin, Reason: "the traveller phoned", RefundID: uuid.NewString(), InitiatedBy: order.InitiatedByTraveller}),
		orderstest.UserMeta("admin"), commands.Options{}); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the cancelled order's car was never freed", func() bool {
		return f.Day(t, "2026-11-18").StatusOf(s.Reservation()) == availability.Released
	})
	released := 0
	for _, e := range orderstest.Events[availability.Event](t, f, orderscmd.DayStream("2026-11-18")) {
		if r, ok := e.(availability.ReservationReleased); ok && r.Reservation == s.Reservation() {
			released++
		}
	}
	if released != 1 {
		t.Fatalf("the car was released %d times", released)
	}
}
