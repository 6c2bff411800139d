package catalogue

import (
	"context"

	cat "mishwar/domain/catalogue"
)

// AdminCurrencyRates are the rates as the write side knows them, with their version.
type AdminCurrencyRates struct {
	cat.CurrencyState
	Version int64
}

// AdminCurrencyRatesHandler answers the currency rates for the admin.
type AdminCurrencyRatesHandler struct {
	handlers *Handlers
}

// Handle answers the current rates.
func (h AdminCurrencyRatesHandler) Handle(ctx context.Context) (AdminCurrencyRates, error) {
	state, hist, err := h.handlers.LoadCurrencyRates(ctx)
	if err != nil {
		return AdminCurrencyRates{}, err
	}
	return AdminCurrencyRates{CurrencyState: state, Version: hist.Version}, nil
}
