package support

import (
	"context"
	"strings"

	"mishwar/domain/order"
	ordersrm "mishwar/projections/orders"
)

// OrderSearch is the part of the orders read model the search needs.
type OrderSearch interface {
	PurchaseOrders(ctx context.Context, f ordersrm.AdminFilter) ([]ordersrm.Order, int, error)
}

// searchHits bounds the answer: support looks for one order.
const searchHits = 20

// SearchOrdersHandler finds orders by trip number, name or e-mail.
type SearchOrdersHandler struct {
	orders OrderSearch
}

// Handle returns the orders matching q (a trip number in any spelling finds its order) and how many
// match in all.
func (h SearchOrdersHandler) Handle(ctx context.Context, q string) ([]ordersrm.Order, int, error) {
	q = strings.TrimSpace(q)
	if num, ok := order.NormalizeTripNumber(q); ok {
		q = num
	}
	return h.orders.PurchaseOrders(ctx, ordersrm.AdminFilter{Query: q, Limit: searchHits})
}
