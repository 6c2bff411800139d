package cart

import (
	"time"

	"mishwar/commands"
	"mishwar/commands/pricing"
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

// New wires the cart's application: commands on runner looking up the catalogue read model, queries
// reading the cart's stream through runner (from memory when it keeps the stream; the cart read
// model, carts, only for a stream that holds a newer release's event), priced by quoter. now is the
// clock of the default departure (nil: time.Now).
func New(runner *commands.Runner, catalogue Catalogue, carts Carts, quoter *pricing.Quoter, now func() time.Time) Application {
	if now == nil {
		now = time.Now
	}
	d := departures{now: now, quoter: quoter}
	return Application{
		Commands: NewCommands(runner, catalogue),
		Queries: Queries{
			Cart:         QuoteCartHandler{carts: cartReader{runner: runner, readModel: carts}, quoter: quoter, departures: d},
			Optimisation: ProposeOrderHandler{carts: cartReader{runner: runner, readModel: carts}, quoter: quoter, departures: d},
			Destinations: CheckDestinationsHandler{quoter: quoter},
		},
	}
}
