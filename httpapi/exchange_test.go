package httpapi_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"mishwar/cmd/mishwar/app/apptest"
)

// The exchange offers the checkout's pickup times: those of the day at which the order's own
// itinerary fits one day (domain/trip FitOneDay, through the same quoter ExchangeOrder prices with),
// its own car counting as free on its own day.

func init() {
	authzMatrix = append(authzMatrix, authzRoute{Method: "GET", Route: "/api/orders/{id}/exchange/pickup-times", Want: ownerOnly(200),
		Prepare: func(t *testing.T, e *authzEnv, p string) authzCall {
			w := authzOrderWorld(t, e)
			return authzCall{Path: "/api/orders/" + authzUserOrder(t, e) + "/exchange/pickup-times?date=" + w.date}
		}})
}

func (w *orderWorld) exchangeTimes(t *testing.T, u apptest.Session, orderID, date, lang string) pickupTimesAnswer {
	t.Helper()
	r := w.a.Do(apptest.Request{Method: http.MethodGet, Path: "/api/orders/" + orderID + "/exchange/pickup-times?date=" + date, Token: u.Token,
		Header: map[string]string{"lang": lang}})
	if r.Status != http.StatusOK {
		t.Fatalf("exchange pickup times: %d %s", r.Status, r.Body)
	}
	var p pickupTimesAnswer
	r.JSON(t, &p)
	return p
}

func TestTheExchangeOffersOnlyThePickupTimesAtWhichTheOrdersTripFitsItsDayAndItsOwnCarIsFree(t *testing.T) {
	t.Parallel()
	// One car a day: the paid order takes the day's only car.
	w := newOrderWorld(t, 1, 1)
	// Closes at 13:00: only an early start reaches it while it is open.
	early := w.sight(t, "Morning Museum", 60, "06:00", "13:00")
	u := w.a.SignUp(t, "")
	w.addToCart(t, u, early)
	w.fillCart(t, u)
	orderID := w.paidCheckoutAt(t, u, "09:00", "en")

	// Another traveller finds the day full; the order's owner finds its own car free for the move.
	if other := w.pickupTimes(t, w.traveller(t), "en"); other.Data.Status != "blocked" || len(other.Data.Times) != 0 {
		t.Fatalf("another traveller's pickup times of the full day: %+v", other.Data)
	}
	got := w.exchangeTimes(t, u, orderID, w.date, "en")
	if got.Data.Status != "available" || got.Data.TimeZone != "Africa/Cairo" || len(got.Data.Times) == 0 {
		t.Fatalf("the owner's exchange times of the order's own day: %+v", got.Data)
	}
	offered := make([]string, 0, len(got.Data.Times))
	for _, x := range got.Data.Times {
		offered = append(offered, x.Time)
	}
	if !slices.Contains(offered, "09:00") || slices.Contains(offered, "13:00") || offered[len(offered)-1] >= "13:00" {
		t.Fatalf("times offered for a trip to a sight closing at 13:00: %v", offered)
	}
	// Every time offered is one the exchange accepts; the first time after them is refused by the
	// same one-day rule, with its reason.
	quote := func(clock string) apptest.Response {
		return w.a.Do(apptest.Request{Method: http.MethodGet, Path: "/api/orders/" + orderID + "/exchange/quote?date=" + w.date + "&time=" + clock,
			Token: u.Token, Header: map[string]string{"lang": "ar"}})
	}
	for _, clock := range offered {
		if clock == "09:00" {
			continue // the order's own start: unchanged
		}
		if q := quote(clock); q.Status != http.StatusOK {
			t.Fatalf("an offered time %s is refused: %d %s", clock, q.Status, q.Body)
		}
	}
	last, err := time.Parse("15:04", offered[len(offered)-1])
	if err != nil {
		t.Fatal(err)
	}
	nextClock := last.Add(15 * time.Minute).Format("15:04")
	if q := quote(nextClock); q.Status != http.StatusUnprocessableEntity || !strings.Contains(string(q.Body), "لا يمكن حجز هذه الرحلة في يوم واحد") {
		t.Fatalf("the first time not offered (%s): %d %s", nextClock, q.Status, q.Body)
	}

	// A time off the quarter hours the pickup list offers is refused, on booking as on exchanging,
	// in the traveller's language.
	if q := quote("09:07"); q.Status != http.StatusUnprocessableEntity || !strings.Contains(string(q.Body), "كل ربع ساعة") {
		t.Fatalf("quoting 09:07: %d %s", q.Status, q.Body)
	}
	if r := w.a.Post("/api/orders/"+orderID+"/exchange", u.Token, map[string]string{"date": w.date, "time": "10:07"}); r.Status != http.StatusUnprocessableEntity ||
		!strings.Contains(string(r.Body), "quarter hour") {
		t.Fatalf("exchanging to 10:07: %d %s", r.Status, r.Body)
	}
	late := w.a.SignUp(t, "")
	w.addToCart(t, late, early)
	w.fillCart(t, late)
	if r := w.checkoutAt(t, late, "10:07", "en"); r.Status != http.StatusUnprocessableEntity || !strings.Contains(string(r.Body), "quarter hour") {
		t.Fatalf("booking at 10:07: %d %s", r.Status, r.Body)
	}

	// A date the order cannot move to says so in the traveller's language; a bad date is a 422.
	if bad := w.a.Get("/api/orders/"+orderID+"/exchange/pickup-times?date=tomorrow", u.Token); bad.Status != http.StatusUnprocessableEntity {
		t.Fatalf("a bad date: %d %s", bad.Status, bad.Body)
	}
}
