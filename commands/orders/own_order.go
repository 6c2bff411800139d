package orders

import (
	"context"
	"time"

	"mishwar/domain/order"
)

// OrderRecords is the part of the orders read model one order's page needs.
type OrderRecords interface {
	Order(ctx context.Context, id string) (Order, error)
	Timeline(ctx context.Context, tripNumber string) ([]TimelineEntry, error)
}

// OwnOrderHandler answers a traveller's own order with its history.
type OwnOrderHandler struct {
	orders OrderRecords
	now    func() time.Time
	// lead is the booking lead: an order can be paid again until its start is within it.
	lead time.Duration
}

// Handle returns the order tripNumber names if it is userID's; anyone else gets the same
// ErrOrderNotFound as for an order that does not exist (staff use StaffOrderHandler).
func (h OwnOrderHandler) Handle(ctx context.Context, tripNumber, userID string) (OrderView, error) {
	num, ok := order.NormalizeTripNumber(tripNumber)
	if !ok {
		return OrderView{}, order.ErrOrderNotFound
	}
	o, err := h.orders.Order(ctx, num)
	if err != nil {
		return OrderView{}, err
	}
	if o.UserID == "" || o.UserID != userID {
		return OrderView{}, order.ErrOrderNotFound
	}
	return orderWithTimeline(ctx, h.orders, o, h.now(), h.lead)
}

func orderWithTimeline(ctx context.Context, orders OrderRecords, o Order, now time.Time, lead time.Duration) (OrderView, error) {
	v := viewOf(o, now, lead)
	tl, err := orders.Timeline(ctx, o.ID)
	if err != nil {
		return OrderView{}, err
	}
	v.Timeline = tl
	return v, nil
}
