package catalogue

import (
	"slices"
	"time"

	"mishwar/domain"
	"mishwar/domain/money"
)

// Currency rates say what one Egyptian pound buys in each shown currency. The admin sets them; the
// event records when, which is the date travellers see beside converted prices. There is one rates
// stream ("currencyrates-site").

// SetCurrencyRates replaces the rates. Every shown currency other than EGP must have a rate.
type SetCurrencyRates struct {
	Rates []money.Rate
}

// CurrencyRatesSet records the rates and when they were set.
type CurrencyRatesSet struct {
	Rates []money.Rate `json:"rates"`
	SetAt time.Time    `json:"set_at"`
}

// CurrencyState is the current rates; SetAt is zero until the first are set.
type CurrencyState struct {
	Rates []money.Rate
	SetAt time.Time
}

// Rates bounds: a pound has been worth between a few US cents and a few halalas for decades; a rate
// outside (1e-5, 10) per EGP is a typo (an inverted rate, a missing decimal point).
const (
	minRateScaled = 100                  // 0.00001
	maxRateScaled = 10 * money.RateScale // 10
)

// CurrencyRates is the rates' decider. now becomes SetAt.
var CurrencyRates = domain.Decider[CurrencyState, SetCurrencyRates, CurrencyRatesSet]{
	Initial: func() CurrencyState { return CurrencyState{} },
	Decide: func(s CurrencyState, c SetCurrencyRates, now time.Time) ([]CurrencyRatesSet, error) {
		var v validator
		rates := make([]money.Rate, 0, len(money.Currencies)-1)
		for _, cur := range money.Currencies {
			if cur == money.EGP {
				continue
			}
			i := slices.IndexFunc(c.Rates, func(r money.Rate) bool { return r.To == cur })
			field := "rates." + string(cur)
			if i < 0 {
				v.add(field, keyRequired)
				continue
			}
			r := c.Rates[i]
			if r.Scaled < minRateScaled || r.Scaled > maxRateScaled {
				v.add(field, keyOutOfRange)
			}
			rates = append(rates, r)
		}
		for _, r := range c.Rates {
			if _, err := money.ParseCurrency(string(r.To)); err != nil || r.To == money.EGP {
				v.add("rates."+string(r.To), keyInvalidChoice)
			}
		}
		if err := v.err(); err != nil {
			return nil, err
		}
		if !s.SetAt.IsZero() && slices.Equal(s.Rates, rates) {
			return nil, nil
		}
		return []CurrencyRatesSet{{Rates: rates, SetAt: now.UTC()}}, nil
	},
	Evolve: func(_ CurrencyState, e CurrencyRatesSet) CurrencyState {
		return CurrencyState{Rates: e.Rates, SetAt: e.SetAt}
	},
}
