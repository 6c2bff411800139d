package orders

import (
	"context"
	"time"

	"mishwar/domain/enquiry"
)

// TravellerRecords is the part of the orders read model a traveller's history needs.
type TravellerRecords interface {
	OrdersOf(ctx context.Context, userID string, limit int) ([]Order, error)
	EnquiriesOf(ctx context.Context, userID string, limit int) ([]Enquiry, error)
}

// MyOrders is a traveller's history: their orders, and their enquiries not yet orders.
type MyOrders struct {
	Orders    []OrderView
	Enquiries []Enquiry
}

// MyOrdersHandler answers a traveller's history.
type MyOrdersHandler struct {
	orders TravellerRecords
	now    func() time.Time
	// lead is the booking lead: an order can be paid again until its start is within it.
	lead time.Duration
}

// historyLimit bounds each list of a traveller's history.
const historyLimit = 200

// Handle returns userID's orders and open enquiries, newest first.
func (h MyOrdersHandler) Handle(ctx context.Context, userID string) (MyOrders, error) {
	list, err := h.orders.OrdersOf(ctx, userID, historyLimit)
	if err != nil {
		return MyOrders{}, err
	}
	enquiries, err := h.orders.EnquiriesOf(ctx, userID, historyLimit)
	if err != nil {
		return MyOrders{}, err
	}
	now := h.now()
	out := MyOrders{Orders: make([]OrderView, 0, len(list)), Enquiries: make([]Enquiry, 0, len(enquiries))}
	for _, o := range list {
		out.Orders = append(out.Orders, viewOf(o, now, h.lead))
	}
	for _, q := range enquiries {
		// A converted enquiry is shown as its order.
		if q.Status != enquiry.StatusConverted {
			out.Enquiries = append(out.Enquiries, q)
		}
	}
	return out, nil
}
