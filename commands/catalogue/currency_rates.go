package catalogue

import (
	"context"
	"time"

	"mishwar/domain/money"
)

// CurrencyRatesReader is the part of the read model the currency list needs.
type CurrencyRatesReader interface {
	CurrencyRates(ctx context.Context) ([]money.Rate, time.Time, error)
}

// CurrencyRates are what one Egyptian pound buys, and when the admin set them (zero: never).
type CurrencyRates struct {
	Rates []money.Rate
	SetAt time.Time
}

// CurrencyRatesHandler answers the currencies visitors may see prices in.
type CurrencyRatesHandler struct {
	rm CurrencyRatesReader
}

// Handle answers the current rates.
func (h CurrencyRatesHandler) Handle(ctx context.Context) (CurrencyRates, error) {
	rates, at, err := h.rm.CurrencyRates(ctx)
	if err != nil {
		return CurrencyRates{}, err
	}
	return CurrencyRates{Rates: rates, SetAt: at}, nil
}
