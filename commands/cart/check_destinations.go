package cart

import (
	"context"
	"fmt"

	"mishwar/commands/pricing"
	"mishwar/domain"
	"mishwar/domain/cart"
)

// ListedDestination is a destination id a client lists (its copy of the cart), under the field name
// a refusal is to be keyed by.
type ListedDestination struct {
	Field, ID string
}

// CheckDestinationsHandler checks the destinations a client keeps a copy of are still offered.
type CheckDestinationsHandler struct {
	quoter *pricing.Quoter
}

// Handle answers a validation error naming the field of every listed id that is not a published
// destination (cart.KeyDestinationUnavailable), so the client drops them; nil when all are.
func (h CheckDestinationsHandler) Handle(ctx context.Context, listed []ListedDestination) error {
	if len(listed) == 0 {
		return nil
	}
	ids := make([]string, len(listed))
	for i, l := range listed {
		ids[i] = l.ID
	}
	offered, err := h.quoter.Offered(ctx, ids)
	if err != nil {
		return fmt.Errorf("cart: check destinations: %w", err)
	}
	v := &domain.ValidationError{}
	for _, l := range listed {
		if _, ok := offered[l.ID]; !ok {
			v.Add(l.Field, cart.KeyDestinationUnavailable)
		}
	}
	return v.Err()
}
