package catalogue

import (
	"context"

	cat "mishwar/domain/catalogue"
	"mishwar/domain/money"
)

// CurrencyRatesHistoryHandler answers who set the currency rates and to what.
type CurrencyRatesHistoryHandler struct {
	handlers  *Handlers
	historian historian
}

// Handle answers the rates' history, newest first.
func (h CurrencyRatesHistoryHandler) Handle(ctx context.Context) ([]HistoryEntry, error) {
	_, hist, err := h.handlers.LoadCurrencyRates(ctx)
	if err != nil {
		return nil, err
	}
	var prev []money.Rate
	return entries(ctx, h.historian, hist, func(e cat.CurrencyRatesSet, entry *HistoryEntry) {
		entry.Action, entry.Changes = "updated", []FieldChange{{Field: "rates", From: prev, To: e.Rates}}
		prev = e.Rates
	}), nil
}
