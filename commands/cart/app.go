package cart

import (
	"time"

	"mishwar/commands"
	"mishwar/commands/pricing"
	cartrm "mishwar/projections/cart"
)

// Application is everything the cart's HTTP layer may call.
type Application struct {
	Commands *Handlers
	Queries  Queries
}

// Queries are the cart's reads, one file each.
type Queries struct {
	Cart         QuoteCartHandler
	Optimisation ProposeOrderHandler
	Destinations CheckDestinationsHandler
}

// ReadModel is the read model the queries read: a command's caller waits for it to reach the
// command's position before asking, so the answer shows the change.
const ReadModel = cartrm.Name

// New wires the cart's application: commands on runner looking up the catalogue read model, queries
// on the cart read model priced by quoter. now is the clock of the default departure (nil: time.Now).
func New(runner *commands.Runner, catalogue Catalogue, carts Carts, quoter *pricing.Quoter, now func() time.Time) Application {
	if now == nil {
		now = time.Now
	}
	d := departures{now: now, quoter: quoter}
	return Application{
		Commands: NewCommands(runner, catalogue),
		Queries: Queries{
			Cart:         QuoteCartHandler{carts: carts, quoter: quoter, departures: d},
			Optimisation: ProposeOrderHandler{carts: carts, quoter: quoter, departures: d},
			Destinations: CheckDestinationsHandler{quoter: quoter},
		},
	}
}
