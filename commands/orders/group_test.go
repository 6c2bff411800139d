package orders_test

import (
	"context"
	"errors"
	"reflect"
	"testing"

	orderscmd "mishwar/commands/orders"
	"mishwar/commands/orders/orderstest"
	"mishwar/domain"
	"mishwar/domain/order"
)

// The fixture's plan is a four-seat sedan: the order records its seats, and a group larger than them
// is refused on its group size before a car is held for it.
func TestACheckoutRecordsTheSeatsOfItsCarAndRefusesAGroupLargerThanThem(t *testing.T) {
	t.Parallel()
	f := orderstest.New(t, 2)
	f.FillCart(t, "u1")
	f.FillCart(t, "u2")

	five := f.Input("u1", "2026-11-18")
	five.Contact.Travellers = 5
	_, err := f.Orders.PlaceOrder(context.Background(), five, orderstest.UserMeta("u1"))
	var v *domain.ValidationError
	if !errors.As(err, &v) || !reflect.DeepEqual(v.Fields, map[string][]string{"travellers": {order.KeyGroupTooLargeForCar}}) {
		t.Fatalf("five travellers in a four-seat car: %v", err)
	}
	if taken := f.Day(t, "2026-11-18").Taken(); taken != 0 {
		t.Fatalf("a refused group took %d cars", taken)
	}

	four := f.Input("u2", "2026-11-18")
	four.Contact.Travellers = 4
	placed, err := f.Orders.PlaceOrder(context.Background(), four, orderstest.UserMeta("u2"))
	if err != nil {
		t.Fatalf("four travellers in a four-seat car: %v", err)
	}
	p := orderstest.Events[order.Event](t, f, orderscmd.OrderStream(placed.OrderID))[0].(order.OrderPlaced)
	if p.Trip.RatePlan.Seats != 4 || p.Contact.Travellers != 4 {
		t.Fatalf("the order recorded %d seats for %d travellers, want 4 for 4", p.Trip.RatePlan.Seats, p.Contact.Travellers)
	}
}
