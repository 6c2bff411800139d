package httpapi_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"mishwar/cmd/mishwar/app/apptest"
	"mishwar/commands"
	cat "mishwar/domain/catalogue"
	"mishwar/domain/money"
	"mishwar/eventstore"
)

// An order keeps what it booked when the catalogue archives it: its date and time can still be
// changed, timed and priced with its own recorded stops and plan; another plan must be on offer.
func TestAnOrderWhoseDestinationAndRatePlanWereArchivedCanStillChangeItsDateAndTime(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 2, 1)
	u, orderID := w.paidOrder(t)
	day, err := time.Parse(time.DateOnly, w.date)
	if err != nil {
		t.Fatal(err)
	}
	next := day.AddDate(0, 0, 1).Format(time.DateOnly)
	finishAt := func(clock string) time.Time {
		t.Helper()
		for _, x := range w.exchangeTimes(t, u, orderID, next, "en").Data.Times {
			if x.Time == clock {
				return x.Finish
			}
		}
		t.Fatalf("%s is not offered on %s", clock, next)
		return time.Time{}
	}
	before := finishAt("10:00")

	w.catalogueDo(t, func(ctx context.Context, m commands.Meta) (eventstore.Position, error) {
		r, err := w.a.Catalogue.Destinations.Archive(ctx, w.sights[1], m)
		return r.Position, err
	})
	w.catalogueDo(t, func(ctx context.Context, m commands.Meta) (eventstore.Position, error) {
		r, err := w.a.Catalogue.RatePlans.Archive(ctx, w.plan, m)
		return r.Position, err
	})

	// The times offered still visit the archived Museum: the trip is back when it was before.
	if after := finishAt("10:00"); !after.Equal(before) {
		t.Fatalf("a 10:00 start finishes at %s once the Museum is archived, %s before", after, before)
	}
	quote := func(query, lang string) apptest.Response {
		return w.a.Do(apptest.Request{Method: http.MethodGet, Path: "/api/orders/" + orderID + "/exchange/quote?" + query, Token: u.Token,
			Header: map[string]string{"lang": lang}})
	}
	var q struct {
		Data struct {
			Difference struct{ Minor int64 } `json:"difference"`
			Trip       struct {
				Stops []struct{ Name string } `json:"stops"`
			} `json:"trip"`
		} `json:"data"`
	}
	r := quote("date="+next+"&time=10:00", "en")
	if r.Status != http.StatusOK {
		t.Fatalf("quoting a date-only change: %d %s", r.Status, r.Body)
	}
	if r.JSON(t, &q); len(q.Data.Trip.Stops) != 2 || q.Data.Difference.Minor != 0 {
		t.Fatalf("the same trip a day later: %s", r.Body)
	}
	if r := w.a.Post("/api/orders/"+orderID+"/exchange", u.Token, map[string]string{"date": next, "time": "10:00"}); r.Status != http.StatusOK {
		t.Fatalf("exchanging: %d %s", r.Status, r.Body)
	}
	if o := w.order(t, u.Token, orderID); len(o.Data.Trip.Stops) != 2 {
		t.Fatalf("the exchanged order's stops: %+v", o.Data.Trip.Stops)
	}

	// A move to another plan archived since is refused on the plan, in the traveller's language.
	premium := uuid.New()
	w.catalogueDo(t, func(ctx context.Context, m commands.Meta) (eventstore.Position, error) {
		r, err := w.a.Catalogue.RatePlans.Create(ctx, cat.CreateRatePlan{ID: premium, Fields: cat.RatePlanFields{
			Name: cat.Text{En: "Premium", Ar: "مميزة"}, Seats: 4, PricePerKm: money.New(3000, money.EGP), WaitingPerHour: money.New(9000, money.EGP), Active: true,
		}}, m)
		return r.Position, err
	})
	w.catalogueDo(t, func(ctx context.Context, m commands.Meta) (eventstore.Position, error) {
		r, err := w.a.Catalogue.RatePlans.Archive(ctx, premium, m)
		return r.Position, err
	})
	if r := quote("date="+next+"&time=11:00&rate_plan_id="+premium.String(), "ar"); r.Status != http.StatusUnprocessableEntity ||
		!strings.Contains(string(r.Body), "فئة السيارة هذه لم تعد متاحة") {
		t.Fatalf("quoting a move to an archived plan: %d %s", r.Status, r.Body)
	}
}
