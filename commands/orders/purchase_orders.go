package orders

import (
	"context"
	"time"
)

// PurchaseOrderRecords is the part of the orders read model the admin's list needs.
type PurchaseOrderRecords interface {
	PurchaseOrders(ctx context.Context, f OrderFilter) ([]Order, int, error)
}

// PurchaseOrdersHandler answers the admin's purchase orders.
type PurchaseOrdersHandler struct {
	orders PurchaseOrderRecords
	now    func() time.Time
	// lead is the booking lead: an order can be paid again until its start is within it.
	lead time.Duration
}

// Handle returns one page of the orders f selects, newest first, and how many there are in all.
func (h PurchaseOrdersHandler) Handle(ctx context.Context, f OrderFilter) ([]OrderView, int, error) {
	list, total, err := h.orders.PurchaseOrders(ctx, f)
	if err != nil {
		return nil, 0, err
	}
	now := h.now()
	out := make([]OrderView, 0, len(list))
	for _, o := range list {
		out = append(out, viewOf(o, now, h.lead))
	}
	return out, total, nil
}
