package catalogue

import (
	"context"

	"mishwar/commands"
	cat "mishwar/domain/catalogue"
	"mishwar/domain/money"
	"mishwar/eventstore"
)

// SetCurrencyRates replaces the currency rates from the rates form.
type SetCurrencyRates struct {
	Rates []money.Rate
	// ExpectedVersion is the version the form was loaded at (If-Match); nil: replace whatever is
	// there. Another admin's rates since then refuse these (commands.ErrConcurrentChange, a 409).
	ExpectedVersion *int64
}

// SetCurrencyRatesHandler replaces the rates visitors see prices in (what one pound buys).
type SetCurrencyRatesHandler struct {
	handlers *Handlers
}

// Handle sets the rates and returns where their event landed.
func (h SetCurrencyRatesHandler) Handle(ctx context.Context, cmd SetCurrencyRates, meta commands.Meta) (eventstore.Position, error) {
	res, err := h.handlers.SetCurrencyRatesAt(ctx, cat.SetCurrencyRates{Rates: cmd.Rates}, cmd.ExpectedVersion, meta)
	if err != nil {
		return eventstore.Position{}, err
	}
	return res.Position, nil
}
