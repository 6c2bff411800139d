package orders_test

import (
	"context"
	"errors"
	"sync"
	"testing"

	"mishwar/adapters/payments"
	orderscmd "mishwar/commands/orders"
	"mishwar/commands/orders/orderstest"
	"mishwar/domain"
	"mishwar/domain/order"
)

// holdsTaken counts the unpaid holds user's checkouts took (one per order placed).
func holdsTaken(t *testing.T, f *orderstest.Fixture, user string) int {
	t.Helper()
	n := 0
	for _, e := range orderstest.Events[order.HoldsEvent](t, f, orderscmd.HoldsCategory+"-user:"+user) {
		if _, ok := e.(order.UnpaidHoldTaken); ok {
			n++
		}
	}
	return n
}

func refusalNaming(t *testing.T, err error, sentinel *domain.Error, tripNumber string) {
	t.Helper()
	var de *domain.Error
	if !errors.Is(err, sentinel) || !errors.As(err, &de) || len(de.Args) != 1 || de.Args[0] != tripNumber {
		t.Fatalf("error = %#v, want %s naming %s", err, sentinel.Key, tripNumber)
	}
}

func TestCheckingOutTheSameTripAgainResumesTheOrderWaitingForPayment(t *testing.T) {
	t.Parallel()
	f := orderstest.New(t, 2)
	f.FillCart(t, "u1")
	first := f.Place(t, "u1", "2026-11-18")
	again, err := f.Orders.PlaceOrder(context.Background(), f.Input("u1", "2026-11-18"), orderstest.UserMeta("u1"))
	if err != nil {
		t.Fatal(err)
	}
	if again.OrderID != first.OrderID || !again.Resumed || again.PaymentURL == "" || again.Status != order.StatusAwaitingPayment {
		t.Fatalf("checked out again: %+v, first %+v", again, first)
	}
	if taken := f.Day(t, "2026-11-18").Taken(); taken != 1 {
		t.Fatalf("%d cars held, want 1", taken)
	}
	if n := holdsTaken(t, f, "u1"); n != 1 {
		t.Fatalf("%d orders placed, want 1", n)
	}
}

func TestCheckingOutAgainAfterADeclinePaysTheSameOrderAgain(t *testing.T) {
	t.Parallel()
	f := orderstest.New(t, 2)
	p := failedU1Order(t, f)
	again, err := f.Orders.PlaceOrder(context.Background(), f.Input("u1", "2026-11-18"), orderstest.UserMeta("u1"))
	if err != nil {
		t.Fatal(err)
	}
	if again.OrderID != p.OrderID || !again.Resumed || again.PaymentID == p.PaymentID || again.Status != order.StatusAwaitingPayment {
		t.Fatalf("checked out again: %+v, first %+v", again, p)
	}
	if n := heldAgainEvents(t, f, p.OrderID); n != 1 || f.Day(t, "2026-11-18").Taken() != 1 {
		t.Fatalf("held again %d times, %d cars taken", n, f.Day(t, "2026-11-18").Taken())
	}
	f.Notify(t, orderstest.Notice(again, "paid-2", payments.OutcomeSucceeded, f.Order(t, p.OrderID).Price()))
	if s := f.Order(t, p.OrderID); s.Status() != order.StatusConfirmed {
		t.Fatalf("after paying: %s", s.Status())
	}
}

func TestCheckingOutATripAlreadyConfirmedIsRefusedNamingIt(t *testing.T) {
	t.Parallel()
	f := orderstest.New(t, 2)
	f.FillCart(t, "u1")
	p := f.Place(t, "u1", "2026-11-18")
	f.Notify(t, orderstest.Notice(p, "paid-1", payments.OutcomeSucceeded, f.Order(t, p.OrderID).Price()))
	_, err := f.Orders.PlaceOrder(context.Background(), f.Input("u1", "2026-11-18"), orderstest.UserMeta("u1"))
	refusalNaming(t, err, order.ErrTripAlreadyBooked, p.OrderID)
	if taken := f.Day(t, "2026-11-18").Taken(); taken != 1 {
		t.Fatalf("%d cars taken, want 1", taken)
	}
	// Another time is another trip.
	later := f.Input("u1", "2026-11-18")
	later.Time = "11:00"
	other, err := f.Orders.PlaceOrder(context.Background(), later, orderstest.UserMeta("u1"))
	if err != nil || other.OrderID == p.OrderID || other.Resumed {
		t.Fatalf("another time: %+v %v", other, err)
	}
}

func TestCheckingOutTheSameTripWithOtherDetailsIsRefusedNamingTheWaitingOrder(t *testing.T) {
	t.Parallel()
	f := orderstest.New(t, 2)
	f.FillCart(t, "u1")
	p := f.Place(t, "u1", "2026-11-18")
	in := f.Input("u1", "2026-11-18")
	in.Contact.Travellers = 3
	_, err := f.Orders.PlaceOrder(context.Background(), in, orderstest.UserMeta("u1"))
	refusalNaming(t, err, order.ErrTripWaitingWithOtherDetails, p.OrderID)
	// Cancelled, it is no obstacle: the trip is booked anew with the new details.
	if _, err := f.Orders.CancelOwnOrder(context.Background(), p.OrderID, order.Actor{UserID: "u1"}, "", orderstest.UserMeta("u1")); err != nil {
		t.Fatal(err)
	}
	again, err := f.Orders.PlaceOrder(context.Background(), in, orderstest.UserMeta("u1"))
	if err != nil || again.OrderID == p.OrderID || again.Resumed {
		t.Fatalf("after cancelling: %+v %v", again, err)
	}
}

// Two tabs check out the same trip at once: one order, one car, and both answer it.
func TestConcurrentCheckoutsOfOneTripPlaceOneOrder(t *testing.T) {
	t.Parallel()
	for _, limit := range []int{0, 3} {
		f := orderstest.NewWith(t, 3, orderstest.Options{Settings: func() *orderscmd.Settings {
			s := orderscmd.DefaultSettings()
			s.UnpaidHoldsPerCustomer = limit
			return &s
		}()})
		f.FillCart(t, "u1")
		const tabs = 4
		var wg sync.WaitGroup
		got := make([]orderscmd.Placed, tabs)
		errs := make([]error, tabs)
		for i := range tabs {
			wg.Go(func() {
				got[i], errs[i] = f.Orders.PlaceOrder(context.Background(), f.Input("u1", "2026-11-18"), orderstest.UserMeta("u1"))
			})
		}
		wg.Wait()
		resumed := 0
		for i := range tabs {
			if errs[i] != nil {
				t.Fatalf("limit %d, tab %d: %v", limit, i, errs[i])
			}
			if got[i].OrderID != got[0].OrderID {
				t.Fatalf("limit %d: two orders placed: %s and %s", limit, got[0].OrderID, got[i].OrderID)
			}
			if got[i].Resumed {
				resumed++
			}
		}
		if resumed != tabs-1 || f.Day(t, "2026-11-18").Taken() != 1 || holdsTaken(t, f, "u1") != 1 {
			t.Fatalf("limit %d: %d resumed, %d cars taken, %d holds", limit, resumed, f.Day(t, "2026-11-18").Taken(), holdsTaken(t, f, "u1"))
		}
	}
}
