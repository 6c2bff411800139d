package catalogue

import (
	"context"

	"mishwar/commands"
	cat "mishwar/domain/catalogue"
	"mishwar/eventstore"
)

// SetCurrencyRatesHandler replaces the rates visitors see prices in (what one pound buys).
type SetCurrencyRatesHandler struct {
	handlers *Handlers
}

// Handle sets the rates and returns where their event landed.
func (h SetCurrencyRatesHandler) Handle(ctx context.Context, cmd cat.SetCurrencyRates, meta commands.Meta) (eventstore.Position, error) {
	res, err := h.handlers.SetCurrencyRates(ctx, cmd, meta)
	if err != nil {
		return eventstore.Position{}, err
	}
	return res.Position, nil
}
