package cart_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"slices"

	"github.com/google/uuid"

	"mishwar/adapters/distance"
	"mishwar/commands"
	cartcmd "mishwar/commands/cart"
	"mishwar/commands/pricing"
	"mishwar/domain/cart"
	cat "mishwar/domain/catalogue"
	"mishwar/domain/trip"
	"mishwar/eventstore"
	"mishwar/projections/cart/carttest"
)

// The queries read what the commands wrote, priced by commands/pricing.
func TestTheQueriesReadTheCartAndPriceIt(t *testing.T) {
	t.Parallel()
	f := carttest.New(t)
	ctx := context.Background()
	f.RatePlan(t, "Standard", 1000, 6000, 1)
	museum := f.Destination(t, place("Museum", true))
	draft := f.Destination(t, place("Draft", false))
	now := func() time.Time { return time.Date(2026, 3, 1, 12, 0, 0, 0, cat.Cairo) }
	app := cartcmd.New(f.Runner, f.Reader, f.Carts, pricing.New(f.Reader, distance.NewEstimator(), cat.Cairo), now)

	_, res, err := app.Commands.AddDestination(ctx, "u1", museum.String(), meta("u1"))
	if err != nil {
		t.Fatal(err)
	}
	_ = res
	q, err := app.Queries.Cart.Handle(ctx, "u1", "")
	if err != nil {
		t.Fatal(err)
	}
	if len(q.Stops) != 1 || !q.Stops[0].Available || len(q.Calc.Rates) != 1 || !q.Departure.Equal(time.Date(2026, 3, 2, 9, 0, 0, 0, cat.Cairo)) {
		t.Fatalf("quote %+v", q)
	}
	if at, err := app.Queries.Cart.Handle(ctx, "u1", "2026-03-02T14:30"); err != nil || at.Departure.Hour() != 14 || at.Departure.Minute() != 30 {
		t.Fatalf("departure on Cairo's clock: %v %v", at.Departure, err)
	}
	if _, err := app.Queries.Cart.Handle(ctx, "u1", "tomorrow"); !errors.Is(err, cartcmd.ErrDepartureInvalid) {
		t.Fatalf("a bad departure: %v", err)
	}
	if _, err := app.Queries.Optimisation.Handle(ctx, "u1", ""); !errors.Is(err, trip.ErrNothingToOptimise) {
		t.Fatalf("one stop: %v", err)
	}
	listed := []cartcmd.ListedDestination{{Field: "ids.0", ID: museum.String()}, {Field: "ids.1", ID: draft.String()}, {Field: "ids.2", ID: uuid.NewString()}}
	err = app.Queries.Destinations.Handle(ctx, listed)
	if !isFieldError("ids.1")(err) || !isFieldError("ids.2")(err) || isFieldError("ids.0")(err) {
		t.Fatalf("check: %v", err)
	}
	if err := app.Queries.Destinations.Handle(ctx, listed[:1]); err != nil {
		t.Fatalf("a published destination: %v", err)
	}
}

// A query right after a command shows it, whichever process wrote it: the queries read the cart's
// stream as it is, never a read model still catching up.
func TestAQueryShowsTheCartAsItsStreamHoldsItTheMomentACommandIsAnswered(t *testing.T) {
	t.Parallel()
	f := carttest.New(t)
	ctx := context.Background()
	f.RatePlan(t, "Standard", 1000, 6000, 1)
	museum := f.Destination(t, place("Museum", true))
	citadel := f.Destination(t, place("Citadel", true))
	app := cartcmd.New(f.Runner, f.Reader, f.Carts, pricing.New(f.Reader, distance.NewEstimator(), cat.Cairo), nil)
	// Another process of the deployment: its own runner on the same store.
	other := cartcmd.NewCommands(commands.NewRunner(f.Store, f.Registry), f.Reader)
	stops := func(want ...string) {
		t.Helper()
		q, err := app.Queries.Cart.Handle(ctx, "u1", "")
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, s := range q.Stops {
			got = append(got, s.Item.DestinationID)
		}
		if !slices.Equal(got, want) {
			t.Fatalf("stops %v, want %v", got, want)
		}
	}
	stops()
	if _, _, err := app.Commands.AddDestination(ctx, "u1", museum.String(), meta("u1")); err != nil {
		t.Fatal(err)
	}
	stops(museum.String())
	id, _, err := other.AddDestination(ctx, "u1", citadel.String(), meta("u1"))
	if err != nil {
		t.Fatal(err)
	}
	stops(museum.String(), citadel.String())
	if _, err := app.Commands.MoveItem(ctx, "u1", id, cart.Up, 1, meta("u1")); err != nil {
		t.Fatal(err)
	}
	stops(citadel.String(), museum.String())
}

// During a rolling deploy a newer release may write an event this one cannot read into a cart: the
// queries then show the cart from the read model (which the newer processes keep) instead of failing.
func TestACartANewerReleaseWroteIsShownFromTheReadModel(t *testing.T) {
	t.Parallel()
	f := carttest.New(t)
	ctx := context.Background()
	f.RatePlan(t, "Standard", 1000, 6000, 1)
	museum := f.Destination(t, place("Museum", true))
	app := cartcmd.New(f.Runner, f.Reader, f.Carts, pricing.New(f.Reader, distance.NewEstimator(), cat.Cairo), nil)
	_, res, err := app.Commands.AddDestination(ctx, "u1", museum.String(), meta("u1"))
	if err != nil {
		t.Fatal(err)
	}
	f.WaitForCart(t, res.Position)
	newer := eventstore.EventData{ID: uuid.New(), Type: "CartItemMoved", SchemaVersion: 99, Data: []byte(`{}`)}
	if _, err := f.Store.Append(ctx, cartcmd.Stream("u1"), eventstore.Exactly(res.Version), newer); err != nil {
		t.Fatal(err)
	}
	if _, err := commands.Load[cart.Event](ctx, f.Runner, cartcmd.Stream("u1")); !errors.Is(err, commands.ErrNewerRelease) {
		t.Fatalf("the stream reads as %v, want a newer release's event", err)
	}
	q, err := app.Queries.Cart.Handle(ctx, "u1", "")
	if err != nil || len(q.Stops) != 1 || q.Stops[0].Item.DestinationID != museum.String() {
		t.Fatalf("the cart: %+v, %v; want the museum from the read model", q.Stops, err)
	}
}
