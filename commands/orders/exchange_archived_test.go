package orders_test

import (
	"context"
	"errors"
	"testing"

	"github.com/google/uuid"

	"mishwar/adapters/payments"
	"mishwar/commands"
	orderscmd "mishwar/commands/orders"
	"mishwar/commands/orders/orderstest"
	"mishwar/domain"
	"mishwar/domain/order"
	"mishwar/projections/catalogue"
)

// archiveRatePlan archives a rate plan as the admin does and waits for the catalogue to show it.
func archiveRatePlan(t *testing.T, f *orderstest.Fixture, id uuid.UUID) {
	t.Helper()
	ctx := context.Background()
	res, err := f.Catalogue.RatePlans.Archive(ctx, id, commands.NewMeta(commands.Actor{UserID: "admin", Role: "admin"}))
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Projections.WaitFor(ctx, catalogue.Name, res.Position); err != nil {
		t.Fatal(err)
	}
}

// A paid order keeps what it booked when the catalogue archives it: a change of its date or time
// drives its own recorded stops and prices its own plan at the rates it recorded (order.Trip
// .PlansForChange, trip.BookedPlaces), while a move to another plan needs that plan on offer.
func TestAnOrderWhoseStopAndRatePlanWereArchivedIsMovedWithItsRecordedStopsAndRates(t *testing.T) {
	t.Parallel()
	f := orderstest.New(t, 2)
	f.FillCart(t, "u1")
	ctx := context.Background()
	me := order.Actor{UserID: "u1"}
	p := f.Place(t, "u1", "2026-11-18")
	f.Notify(t, orderstest.Notice(p, "n-"+p.PaymentID, payments.OutcomeSucceeded, f.Order(t, p.OrderID).Price()))
	booked := f.Order(t, p.OrderID)
	economy := f.RatePlan(t, "Economy", 600, 2500, 2)
	premium := f.RatePlan(t, "Premium", 3000, 9000, 3)

	// The Museum is archived; the Sedan's rates are raised, then it is archived too: its last prices
	// in the catalogue are not those the order booked. Premium is archived as well.
	f.Archive(t, f.Sights[1])
	f.UpdateRatePlan(t, f.Plan, "Sedan", 5000, 50000, 1)
	archiveRatePlan(t, f, f.Plan)
	archiveRatePlan(t, f, premium)

	// The next day at the same time: the same trip, its stops and its rates as booked.
	nextDay := orderscmd.ExchangeInput{OrderID: p.OrderID, Actor: me, Date: "2026-11-19", Time: "10:00"}
	q, err := f.Orders.QuoteOwnExchange(ctx, nextDay)
	if err != nil {
		t.Fatalf("quoting a date-only change: %v", err)
	}
	if len(q.Trip.Itinerary.Stops) != 2 || q.Trip.Itinerary.Stops[1] != booked.Trip().Itinerary.Stops[1] {
		t.Fatalf("the archived stop was not kept as recorded: %+v", q.Trip.Itinerary.Stops)
	}
	if q.Trip.RatePlan != booked.Trip().RatePlan {
		t.Fatalf("rate plan %+v, want the recorded %+v", q.Trip.RatePlan, booked.Trip().RatePlan)
	}
	if q.Trip.Quote.DurationMinutes != booked.Trip().Quote.DurationMinutes || q.Trip.Quote.Total != booked.Trip().Quote.Total || q.Difference.Minor != 0 {
		t.Fatalf("the next day at the same time quoted %d min %v (difference %v), booked %d min %v",
			q.Trip.Quote.DurationMinutes, q.Trip.Quote.Total, q.Difference, booked.Trip().Quote.DurationMinutes, booked.Trip().Quote.Total)
	}

	// A move to a plan on offer is priced at its rates; to a plan archived since, refused on the plan.
	toEconomy := nextDay
	toEconomy.RatePlanID = economy.String()
	if q, err := f.Orders.QuoteOwnExchange(ctx, toEconomy); err != nil || q.Trip.RatePlan.Name != "Economy" || q.Difference.Minor >= 0 || len(q.Trip.Itinerary.Stops) != 2 {
		t.Fatalf("quoting a move to Economy: %+v %v", q, err)
	}
	toPremium := nextDay
	toPremium.RatePlanID = premium.String()
	var v *domain.ValidationError
	if _, err := f.Orders.QuoteOwnExchange(ctx, toPremium); !errors.As(err, &v) || len(v.Fields["rate_plan_id"]) != 1 || v.Fields["rate_plan_id"][0] != order.KeyRatePlanNotOffered {
		t.Fatalf("quoting a move to an archived plan: %v", err)
	}

	// The change itself goes through, keeping both.
	if _, err := f.Orders.ExchangeOwnOrder(ctx, nextDay, orderstest.UserMeta("u1")); err != nil {
		t.Fatalf("exchanging: %v", err)
	}
	s := f.Order(t, p.OrderID)
	if s.Trip().Day != "2026-11-19" || len(s.Trip().Itinerary.Stops) != 2 || s.Trip().RatePlan != booked.Trip().RatePlan || s.Price() != booked.Price() {
		t.Fatalf("after the change: %s %+v %v", s.Trip().Day, s.Trip(), s.Price())
	}
}
