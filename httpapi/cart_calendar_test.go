package httpapi_test

import (
	"net/http"
	"testing"
	"time"

	"mishwar/cmd/mishwar/app/apptest"
	cat "mishwar/domain/catalogue"
	"mishwar/internal/config"
)

// The cart's booking calendar and the pickup times of a day answer by one rule (order.OfferDay): a
// day is shown available to the traveller's cart only when one of its pickup times fits the cart.

func init() {
	authzMatrix = append(authzMatrix, authzRoute{Method: "GET", Route: "/api/orders/calendar/cart", Want: signedIn(200),
		Prepare: func(t *testing.T, e *authzEnv, p string) authzCall {
			return authzCall{Path: "/api/orders/calendar/cart?days=3&from=" + time.Now().In(cat.Cairo).AddDate(0, 0, 3).Format(time.DateOnly)}
		}})
}

type cartCalendarAnswer struct {
	Data []struct {
		Date   string `json:"date"`
		Status string `json:"status"`
		Reason string `json:"reason"`
	} `json:"data"`
}

func (w *orderWorld) cartCalendar(t *testing.T, u apptest.Session) cartCalendarAnswer {
	t.Helper()
	r := w.a.Get("/api/orders/calendar/cart?days=1&from="+w.date, u.Token)
	if r.Status != http.StatusOK {
		t.Fatalf("cart calendar: %d %s", r.Status, r.Body)
	}
	var c cartCalendarAnswer
	r.JSON(t, &c)
	if len(c.Data) != 1 || c.Data[0].Date != w.date {
		t.Fatalf("cart calendar of %s: %+v", w.date, c.Data)
	}
	return c
}

func TestTheCartsCalendarShowsADayAvailableOnlyWhenAPickupTimeOfItFitsTheCart(t *testing.T) {
	t.Parallel()
	clock := &testClock{}
	w := seedOrderWorld(t, apptest.New(t, func(c *config.Config) { c.Clock = clock.Now }), 2, 1)
	// A citadel that closes at 15:00 after a two-hour visit: the trip fits only when started early.
	citadel := w.sight(t, "Citadel", 120, "06:00", "15:00")
	u := w.traveller(t)
	w.addToCart(t, u, citadel)

	// Three days ahead, every morning start is bookable: the day is available with its early times.
	p := w.pickupTimes(t, u, "en")
	if len(p.Data.Times) == 0 {
		t.Fatalf("no pickup time fits three days ahead: %+v", p.Data)
	}
	if c := w.cartCalendar(t, u); c.Data[0].Status != "available" {
		t.Fatalf("a day with times that fit: %+v", c.Data[0])
	}
	last := p.Data.Times[len(p.Data.Times)-1].Time
	lastStart, err := time.ParseInLocation("2006-01-02 15:04", w.date+" "+last, cat.Cairo)
	if err != nil {
		t.Fatal(err)
	}
	const lead = 12 * time.Hour // MISHWAR_BOOKING_LEAD's default

	// When the lead time leaves the day only its last fitting start, the day is available and
	// offers exactly that start.
	clock.Set(lastStart.Add(-lead).Add(-time.Minute))
	if c := w.cartCalendar(t, u); c.Data[0].Status != "available" {
		t.Fatalf("a day whose one fitting start is left: %+v", c.Data[0])
	}
	if p := w.pickupTimes(t, u, "en"); len(p.Data.Times) != 1 || p.Data.Times[0].Time != last {
		t.Fatalf("the day's one fitting start is %s; offered %+v", last, p.Data.Times)
	}

	// When its early starts are past (inside the lead time), no start left fits: the calendar shows
	// the day blocked for this cart, as its pickup times offer none, while the calendar of any trip
	// still has the day open.
	clock.Set(lastStart.Add(-lead).Add(time.Minute))
	c := w.cartCalendar(t, u)
	if c.Data[0].Status != "blocked" || c.Data[0].Reason != "no_start_fits" {
		t.Fatalf("a day none of whose starts left fits the cart: %+v", c.Data[0])
	}
	if p := w.pickupTimes(t, u, "en"); len(p.Data.Times) != 0 || p.Data.Misfit != "reached_when_closed" {
		t.Fatalf("pickup times of a day none fits: %+v", p.Data)
	}
	var open cartCalendarAnswer
	w.a.Get("/api/orders/calendar?days=1&from="+w.date, "").JSON(t, &open)
	if len(open.Data) != 1 || open.Data[0].Status != "available" {
		t.Fatalf("the day itself: %+v", open.Data)
	}
}
