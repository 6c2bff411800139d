package orders

import (
	"context"

	"mishwar/domain/payment"
)

// PaymentSettled is what the provider's notices settled for the payment paymentID: succeeded,
// failed, or "" while none has (or when it is unknown). The sandbox's hosted page asks it so that a
// browser coming Back to a page already paid (or declined) is sent on to the result instead of
// seeing the card form again.
func (h *Handlers) PaymentSettled(ctx context.Context, paymentID string) string {
	st, err := loadPayment(ctx, h, paymentID)
	if err != nil {
		h.log.Warn("orders: is a payment settled", "payment", paymentID, "err", err)
		return ""
	}
	switch st.Status() {
	case payment.StatusSucceeded:
		return payment.OutcomeSucceeded
	case payment.StatusFailed:
		return payment.OutcomeFailed
	}
	return ""
}
