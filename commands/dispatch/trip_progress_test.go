package dispatch_test

import (
	"context"
	"testing"

	dispatchcmd "mishwar/commands/dispatch"
	"mishwar/domain/dispatch"
	"mishwar/domain/order"
	dispatchrm "mishwar/projections/dispatch"
	ordersrm "mishwar/projections/orders"
)

// noTrips is a dispatch read model that has not seen the trip (yet).
type noTrips struct{ dispatchcmd.Trips }

func (noTrips) Trip(context.Context, string) (dispatchrm.Trip, error) {
	return dispatchrm.Trip{}, dispatchrm.ErrTripNotFound
}

type oneOrder struct {
	dispatchcmd.Orders
	o ordersrm.Order
}

func (r oneOrder) Order(context.Context, string) (ordersrm.Order, error) { return r.o, nil }

func TestACancelledOrderIsNeverWaitingForADriver(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		status order.Status
		want   dispatch.Status
	}{{order.StatusConfirmed, dispatch.StatusUnassigned}, {order.StatusCancelled, dispatch.StatusCancelled}} {
		app := dispatchcmd.NewApplication(dispatchcmd.Config{Trips: noTrips{}, Orders: oneOrder{o: ordersrm.Order{ID: "MSH-7K3Q9P", UserID: "u1", Status: c.status}}})
		p, err := app.Queries.Progress.OfOwnOrder(context.Background(), "u1", "MSH-7K3Q9P")
		if err != nil || p.Status != c.want {
			t.Errorf("order %s: progress %s (%v), want %s", c.status, p.Status, err, c.want)
		}
	}
}
