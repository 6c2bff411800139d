package orders_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/google/uuid"

	orderscmd "mishwar/commands/orders"
	"mishwar/commands/orders/orderstest"
	"mishwar/domain"
	"mishwar/domain/availability"
	"mishwar/domain/money"
	"mishwar/domain/order"
	"mishwar/domain/payment"
)

func TestPlaceOrderRecordsWhatThePriceDependsOnAndOpensAPayment(t *testing.T) {
	t.Parallel()
	f := orderstest.New(t, 2)
	f.FillCart(t, "u1")
	placed, err := f.Orders.PlaceOrder(context.Background(), f.Input("u1", "2026-11-18"), orderstest.UserMeta("u1"))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := order.NormalizeTripNumber(placed.OrderID); !ok {
		t.Fatalf("order id %q is not a trip number", placed.OrderID)
	}
	if !strings.HasPrefix(placed.PaymentURL, "http://mishwar.test/pay/sandbox/") {
		t.Fatalf("payment URL %q", placed.PaymentURL)
	}
	// Placed, the session ordered (the intent), then opened by the job (where to pay).
	evs := orderstest.Events[order.Event](t, f, orderscmd.OrderStream(placed.OrderID))
	if len(evs) != 3 {
		t.Fatalf("order events %#v", evs)
	}
	p := evs[0].(order.OrderPlaced)
	tr := p.Trip
	if p.UserID != "u1" || p.Contact.Email != "mona@example.com" || tr.Day != "2026-11-18" || len(tr.Itinerary.Stops) != 2 ||
		tr.Itinerary.Start.PickupPointID != f.Pickup.String() || tr.RatePlan.ID != f.Plan.String() ||
		tr.RatePlan.PerKm != money.New(1200, money.EGP) || tr.Quote.DistanceMeters <= 0 || tr.Quote.Total.Minor <= 0 ||
		tr.Quote.Total.Minor != tr.Quote.DistanceCost.Minor+tr.Quote.WaitingCost.Minor || len(p.Rates) != 2 ||
		p.DisplayCurrency != money.USD || p.Cancellation.LateRefundBasisPoints != 5000 || !p.HoldUntil.Equal(orderstest.Now.Add(30*60e9)) {
		t.Fatalf("recorded %+v", p)
	}
	if ord, ok := evs[1].(order.PaymentSessionOrdered); !ok || ord.PaymentID != placed.PaymentID || ord.Amount != tr.Quote.Total {
		t.Fatalf("session ordered %#v", evs[1])
	}
	req := evs[2].(order.PaymentRequested)
	if req.PaymentID != placed.PaymentID || req.Amount != tr.Quote.Total || req.Provider != "sandbox" {
		t.Fatalf("payment requested %+v", req)
	}
	day := orderstest.Events[availability.Event](t, f, orderscmd.DayStream("2026-11-18"))
	if r, ok := day[0].(availability.CapacityReserved); len(day) != 1 || !ok || r.OrderID != placed.OrderID || r.Capacity != 2 || r.Reservation != p.Reservation {
		t.Fatalf("day %#v", day)
	}
	pay := orderstest.Events[payment.Event](t, f, orderscmd.PaymentStream(placed.PaymentID))
	if s, ok := pay[0].(payment.PaymentStarted); len(pay) != 1 || !ok || s.OrderID != placed.OrderID || s.Amount != tr.Quote.Total {
		t.Fatalf("payment %#v", pay)
	}
}

func TestInvalidOrdersAreRefusedBeforeACarIsHeld(t *testing.T) {
	t.Parallel()
	f := orderstest.New(t, 1)
	f.FillCart(t, "u1")
	cases := map[string]struct {
		change func(*orderscmd.PlaceOrderInput)
		field  string
	}{
		"e-mails differ":         {func(in *orderscmd.PlaceOrderInput) { in.EmailConfirmation = "x@example.com" }, "email_confirmation"},
		"terms not agreed":       {func(in *orderscmd.PlaceOrderInput) { in.TermsAgreed = false }, "terms"},
		"no date":                {func(in *orderscmd.PlaceOrderInput) { in.Date = "" }, "date"},
		"a time that is no time": {func(in *orderscmd.PlaceOrderInput) { in.Time = "25:00" }, "time"},
		"too soon":               {func(in *orderscmd.PlaceOrderInput) { in.Date, in.Time = "2026-11-16", "20:00" }, "time"},
		"beyond the window":      {func(in *orderscmd.PlaceOrderInput) { in.Date = "2027-06-01" }, "date"},
		"outside service hours":  {func(in *orderscmd.PlaceOrderInput) { in.Time = "23:30" }, "time"},
		"an unknown rate plan":   {func(in *orderscmd.PlaceOrderInput) { in.RatePlanID = uuid.NewString() }, "rate_plan_id"},
	}
	for name, c := range cases {
		in := f.Input("u1", "2026-11-18")
		c.change(&in)
		_, err := f.Orders.PlaceOrder(context.Background(), in, orderstest.UserMeta("u1"))
		var v *domain.ValidationError
		if !errors.As(err, &v) || len(v.Fields[c.field]) == 0 {
			t.Errorf("%s: err = %v, want a field error on %s", name, err, c.field)
		}
	}
	if evs := orderstest.Events[availability.Event](t, f, orderscmd.DayStream("2026-11-18")); len(evs) != 0 {
		t.Fatalf("refused orders held cars: %#v", evs)
	}
	f.FillCart(t, "lonely")
	// A cart needs more than one destination: empty it down to one by using a fresh user with one sight.
	ctx := context.Background()
	if _, _, err := f.Cart.AddDestination(ctx, "one", f.Sights[0].String(), orderstest.UserMeta("one")); err != nil {
		t.Fatal(err)
	}
	_, err := f.Orders.PlaceOrder(ctx, f.Input("one", "2026-11-18"), orderstest.UserMeta("one"))
	var v *domain.ValidationError
	if !errors.As(err, &v) || len(v.Fields["destinations"]) == 0 {
		t.Fatalf("one destination: err = %v", err)
	}
}

// The day's capacity is never oversold, however many travellers submit at once: 50 parallel orders
// for a day with 3 cars, in many rounds.
func TestNoDoubleBooking(t *testing.T) {
	t.Parallel()
	f := orderstest.New(t, 3)
	const rounds, parallel = 8, 50
	// Fifty travellers: one traveller's checkouts of one trip are one order (same_trip_test.go).
	for i := 0; i < parallel; i++ {
		f.FillCart(t, fmt.Sprintf("u%d", i))
	}
	for round := 0; round < rounds; round++ {
		date := fmt.Sprintf("2026-11-%02d", 18+round)
		var wg sync.WaitGroup
		results := make([]error, parallel)
		start := make(chan struct{})
		for i := 0; i < parallel; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				user := fmt.Sprintf("u%d", i)
				_, results[i] = f.Orders.PlaceOrder(context.Background(), f.Input(user, date), orderstest.UserMeta(user))
			}()
		}
		close(start)
		wg.Wait()
		ok, full := 0, 0
		for _, err := range results {
			switch {
			case err == nil:
				ok++
			case errors.Is(err, availability.ErrDateFullyBooked):
				full++
			default:
				t.Errorf("round %d: unexpected error %v", round, err)
			}
		}
		if ok != 3 || full != parallel-3 {
			t.Fatalf("round %d (%s): %d orders held a car and %d were told the date is fully booked; want 3 and %d", round, date, ok, full, parallel-3)
		}
		day := availability.Decider.Fold(orderstest.Events[availability.Event](t, f, orderscmd.DayStream(availability.Day(date))))
		if day.Taken() != 3 {
			t.Fatalf("round %d: the day stream holds %d cars", round, day.Taken())
		}
	}
}

// 100 identical submissions at once (one Idempotency-Key, so one command id) make one order.
func TestIdenticalSubmissionsMakeOneOrder(t *testing.T) {
	t.Parallel()
	f := orderstest.New(t, 5)
	f.FillCart(t, "u1")
	meta := orderstest.UserMeta("u1")
	const n = 100
	var wg sync.WaitGroup
	got := make([]orderscmd.Placed, n)
	errs := make([]error, n)
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i], errs[i] = f.Orders.PlaceOrder(context.Background(), f.Input("u1", "2026-11-18"), meta)
		}()
	}
	wg.Wait()
	for i := range got {
		if errs[i] != nil {
			t.Fatalf("submission %d: %v", i, errs[i])
		}
		if got[i].OrderID != got[0].OrderID || got[i].PaymentID != got[0].PaymentID || got[i].PaymentURL != got[0].PaymentURL {
			t.Fatalf("submission %d answered %+v, the first %+v", i, got[i], got[0])
		}
	}
	day := orderstest.Events[availability.Event](t, f, orderscmd.DayStream("2026-11-18"))
	orderEvents := orderstest.Events[order.Event](t, f, orderscmd.OrderStream(got[0].OrderID))
	if len(day) != 1 || len(orderEvents) != 3 {
		t.Fatalf("day %d events, order %d events; want 1 and 3 (placed, session ordered, opened)", len(day), len(orderEvents))
	}
	// The same submission later still answers the first result.
	again, err := f.Orders.PlaceOrder(context.Background(), f.Input("u1", "2026-11-18"), meta)
	if err != nil || again.OrderID != got[0].OrderID || again.PaymentURL != got[0].PaymentURL {
		t.Fatalf("a later retry: %+v %v", again, err)
	}
	if len(orderstest.Events[availability.Event](t, f, orderscmd.DayStream("2026-11-18"))) != 1 {
		t.Fatal("the retry held another car")
	}
}

// Capacity follows the drivers: no driver that day, no booking.
func TestADayWithoutDriversIsFullyBooked(t *testing.T) {
	t.Parallel()
	f := orderstest.New(t, 0)
	f.FillCart(t, "u1")
	_, err := f.Orders.PlaceOrder(context.Background(), f.Input("u1", "2026-11-18"), orderstest.UserMeta("u1"))
	if !errors.Is(err, availability.ErrDateFullyBooked) {
		t.Fatalf("err = %v", err)
	}
}

// The order is priced from the cart's own stream, never from the cart read model, which may lag or be
// mid-rebuild: here the read model has lost the cart altogether, and the order still books its stops.
func TestAnOrderIsPricedFromTheCartAsItIsNotAsALaggingReadModelSaysIt(t *testing.T) {
	t.Parallel()
	f := orderstest.New(t, 2)
	ctx := context.Background()
	f.FillCart(t, "u1")
	before, err := f.Carts.Cart(ctx, "u1")
	if err != nil || len(before.Items) != 2 {
		t.Fatalf("cart before: %+v, %v", before, err)
	}
	// The read model forgets the cart (a lagging or rebuilding read model says as much).
	for _, q := range []string{`DELETE FROM rm_cart.cart_items WHERE user_id = $1`, `DELETE FROM rm_cart.carts WHERE user_id = $1`} {
		if _, err := f.Pool.Exec(ctx, q, "u1"); err != nil {
			t.Fatal(err)
		}
	}
	if lagging, _ := f.Carts.Cart(ctx, "u1"); len(lagging.Items) != 0 {
		t.Fatal("the read model still has the cart: the test proves nothing")
	}

	placed := f.Place(t, "u1", "2026-11-18")
	p := orderstest.Events[order.Event](t, f, orderscmd.OrderStream(placed.OrderID))[0].(order.OrderPlaced)
	if stops := p.Trip.Itinerary.Stops; len(stops) != 2 || stops[0].DestinationID != before.Items[0].DestinationID ||
		stops[1].DestinationID != before.Items[1].DestinationID {
		t.Fatalf("order stops %+v, want the cart's %s then %s", stops, before.Items[0].DestinationID, before.Items[1].DestinationID)
	}
}
