package orders

import (
	"context"
	"time"

	"mishwar/domain/order"
)

// StaffOrderHandler answers any order with its history, for staff.
type StaffOrderHandler struct {
	orders OrderRecords
	now    func() time.Time
	// lead is the booking lead: an order can be paid again until its start is within it.
	lead time.Duration
}

// Handle returns the order tripNumber names.
func (h StaffOrderHandler) Handle(ctx context.Context, tripNumber string) (OrderView, error) {
	num, ok := order.NormalizeTripNumber(tripNumber)
	if !ok {
		return OrderView{}, order.ErrOrderNotFound
	}
	o, err := h.orders.Order(ctx, num)
	if err != nil {
		return OrderView{}, err
	}
	return orderWithTimeline(ctx, h.orders, o, h.now(), h.lead)
}
