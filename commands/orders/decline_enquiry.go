package orders

import (
	"context"

	"mishwar/commands"
	"mishwar/domain/enquiry"
	"mishwar/domain/order"
)

// DeclineEnquiry records an operator's refusal.
func (h *Handlers) DeclineEnquiry(ctx context.Context, tripNumber, reason string, meta commands.Meta) (Outcome, error) {
	tripNumber, _ = order.NormalizeTripNumber(tripNumber)
	res, err := execEnquiry(ctx, h, tripNumber, enquiry.DeclineEnquiry{Reason: reason, ByUserID: meta.Actor.UserID}, meta)
	if err != nil {
		return Outcome{OrderID: tripNumber}, wrap("decline", err)
	}
	return Outcome{OrderID: tripNumber, Position: res.Position}, nil
}
