package orders

import (
	"context"

	"mishwar/domain/order"
)

// PaymentRecords is the part of the orders read model the payments audit needs.
type PaymentRecords interface {
	Payments(ctx context.Context, orderID string, onlyIgnored bool, limit int) ([]PaymentRow, error)
}

// PaymentsQuery selects payments: of one order ("" for all), only those with an ignored notice.
type PaymentsQuery struct {
	OrderID     string
	OnlyIgnored bool
	Limit       int
}

// PaymentsAuditHandler answers the payments audit: every payment with the notices that arrived.
type PaymentsAuditHandler struct {
	payments PaymentRecords
}

// Handle returns the payments q selects, newest first.
func (h PaymentsAuditHandler) Handle(ctx context.Context, q PaymentsQuery) ([]PaymentRow, error) {
	orderID := ""
	if q.OrderID != "" {
		orderID, _ = order.NormalizeTripNumber(q.OrderID)
	}
	return h.payments.Payments(ctx, orderID, q.OnlyIgnored, q.Limit)
}
