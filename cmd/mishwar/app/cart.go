package app

import (
	"fmt"
	"os"

	"mishwar/adapters/distance"
	cartcmd "mishwar/commands/cart"
	"mishwar/httpapi"
	cartrm "mishwar/projections/cart"
	"mishwar/projections/catalogue"
)

// wireCart builds the cart's commands, its reader and the quoter that prices carts on read, on the
// catalogue read model and the distance service configured by MISHWAR_CIRCUITY, MISHWAR_SPEEDS and
// MISHWAR_OSRM_URL (see adapters/distance).
func (a *App) wireCart(d *httpapi.Deps) error {
	distances, err := distance.FromEnv(os.Getenv, a.Log)
	if err != nil {
		return fmt.Errorf("app: distances: %w", err)
	}
	adapter := cartrm.NewCatalogue(catalogue.NewReader(a.Pool))
	d.Cart = &httpapi.CartDeps{
		Commands: cartcmd.New(a.Commands, adapter),
		Carts:    cartrm.NewReader(a.Pool),
		Quotes:   &cartrm.Quoter{Catalogue: adapter, Distances: distances, Location: distance.NewEstimator().Location},
	}
	return nil
}
