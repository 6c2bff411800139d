package app

import (
	"context"
	"fmt"
	"os"
	"time"

	"mishwar/adapters/distance"
	cartapp "mishwar/commands/cart"
	"mishwar/commands/pricing"
	cat "mishwar/domain/catalogue"
	"mishwar/httpapi"
	carthttp "mishwar/httpapi/cart"
	"mishwar/processes"
	"mishwar/processes/bookedcart"
	cartrm "mishwar/projections/cart"
	catrm "mishwar/projections/catalogue"
)

// wireCart builds the cart's application (its commands looking up the catalogue read model, its
// queries reading the cart's stream, or the cart read model for a cart a newer release wrote) with the quoter that prices carts on read, and mounts its
// HTTP feature.
func (a *App) wireCart(d *httpapi.Deps) error {
	quoter, err := a.quoter()
	if err != nil {
		return err
	}
	app := cartapp.New(a.Commands, catrm.NewReader(a.Pool), cartrm.NewReader(a.Pool), quoter, nil)
	d.Features = append(d.Features, carthttp.New(app, a.idempotency))
	a.handleJobs(bookedcart.JobRemoveBookedStops, func(ctx context.Context, job processes.Job) error {
		var b bookedcart.Booked
		if err := job.Decode(&b); err != nil {
			return processes.Permanent(fmt.Errorf("bookedcart: %s: %w", job.Kind, err))
		}
		_, err := app.Commands.RemoveBookedStops(ctx, b.UserID, b.OrderID, b.DestinationIDs, orderTripMeta(job))
		return jobOutcome(err)
	})
	return nil
}

// catalogueMaxAge bounds how long a quote's catalogue reads are kept when no change notice arrives.
const catalogueMaxAge = 5 * time.Second

// quoter is the pricing of itineraries the cart and orders share: the catalogue read model and the
// distance service configured by MISHWAR_CIRCUITY, MISHWAR_SPEEDS and MISHWAR_OSRM_URL (see
// adapters/distance), on Cairo's clock.
func (a *App) quoter() (*pricing.Quoter, error) {
	if a.pricing != nil {
		return a.pricing, nil
	}
	distances, err := distance.FromEnv(os.Getenv, a.Log)
	if err != nil {
		return nil, fmt.Errorf("app: distances: %w", err)
	}
	a.distances = distances
	// Quotes read the catalogue from memory while its read model stays at the version this process
	// knows (pricing.CachedCatalogue).
	version := func() string { return a.Projections.Version(catrm.Name).String() }
	a.pricing = pricing.New(pricing.CachedCatalogue(catrm.NewReader(a.Pool), version, catalogueMaxAge), distances, cat.Cairo)
	return a.pricing, nil
}
