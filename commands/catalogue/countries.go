package catalogue

import (
	"context"

	catrm "mishwar/projections/catalogue"
)

// CountriesReader is the part of the read model the country list needs.
type CountriesReader interface {
	ActiveCountries(ctx context.Context) ([]catrm.Country, error)
}

// CountriesHandler lists the countries a phone number may come from.
type CountriesHandler struct {
	rm CountriesReader
}

// Handle lists the active countries.
func (h CountriesHandler) Handle(ctx context.Context) ([]Country, error) {
	return h.rm.ActiveCountries(ctx)
}
