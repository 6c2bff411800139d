package httpapi_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"mishwar/adapters/payments"
	"mishwar/cmd/mishwar/app/apptest"
	"mishwar/commands"
	cat "mishwar/domain/catalogue"
)

// The one-day rule end to end (domain/trip, dayfit.go): checkout refuses a trip that does not fit
// one day, with its reason and suggestion in the traveller's language, recording nothing; the
// pickup times offered are those at which it fits; the cart says the same thing before paying.

func init() {
	authzMatrix = append(authzMatrix, authzRoute{Method: "GET", Route: "/api/orders/pickup-times", Want: signedIn(200),
		Prepare: func(t *testing.T, e *authzEnv, p string) authzCall {
			return authzCall{Path: "/api/orders/pickup-times?date=" + time.Now().In(cat.Cairo).AddDate(0, 0, 3).Format(time.DateOnly)}
		}})
}

// sight adds a published destination open every day from open to closing.
func (w *orderWorld) sight(t *testing.T, name string, visitMinutes int, open, closing string) uuid.UUID {
	t.Helper()
	var hours cat.WeeklyHours
	for d := time.Sunday; d <= time.Saturday; d++ {
		hours = append(hours, cat.DayHours{Day: d, Open: open, Close: closing})
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	admin := commands.NewMeta(commands.Actor{UserID: "admin", Role: "admin"})
	category := uuid.New()
	if _, err := w.a.Catalogue.Categories.Create(ctx, cat.CreateCategory{ID: category, Fields: cat.CategoryFields{Name: cat.Text{En: "More " + name, Ar: "المزيد"}}}, admin); err != nil {
		t.Fatal(err)
	}
	id := uuid.New()
	res, err := w.a.Catalogue.Destinations.Create(ctx, cat.CreateDestination{ID: id, Fields: cat.DestinationFields{
		CategoryID: category, Name: cat.Text{En: name, Ar: "عربي " + name}, ShortDescription: cat.Text{En: "About", Ar: "عن"},
		Lat: 30.0287, Lng: 31.2599, VisitMinutes: visitMinutes, OpeningHours: hours, Published: true,
	}}, admin)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.a.Projections.WaitFor(ctx, "catalogue", res.Position); err != nil {
		t.Fatal(err)
	}
	return id
}

func (w *orderWorld) addToCart(t *testing.T, u apptest.Session, id uuid.UUID) {
	t.Helper()
	if r := w.a.Post("/api/auth/cart", u.Token, map[string]string{"destination_id": id.String()}); r.Status != http.StatusCreated {
		t.Fatalf("add to cart: %d %s", r.Status, r.Body)
	}
}

type dayFitAnswer struct {
	Data []struct {
		Problem string `json:"problem"`
	} `json:"data"`
	Version          int64 `json:"version"`
	TripCalculations struct {
		Finish   time.Time `json:"finish"`
		Warnings []struct {
			Code, Message string
		} `json:"warnings"`
		DayFit struct {
			Fits       bool   `json:"fits"`
			Misfit     string `json:"misfit"`
			Suggestion string `json:"suggestion"`
			Message    string `json:"message"`
			StartBy    string `json:"start_by"`
		} `json:"day_fit"`
	} `json:"trip_calculations"`
}

func (w *orderWorld) cartAt(t *testing.T, u apptest.Session, clock, lang string) dayFitAnswer {
	t.Helper()
	r := w.a.Do(apptest.Request{Method: http.MethodGet, Path: "/api/auth/cart?departure=" + w.date + "T" + clock, Token: u.Token, Header: map[string]string{"lang": lang}})
	if r.Status != http.StatusOK {
		t.Fatalf("cart at %s: %d %s", clock, r.Status, r.Body)
	}
	var c dayFitAnswer
	r.JSON(t, &c)
	return c
}

type pickupTimesAnswer struct {
	Data struct {
		Date   string `json:"date"`
		Status string `json:"status"`
		Times  []struct {
			Time   string    `json:"time"`
			Finish time.Time `json:"finish"`
		} `json:"times"`
		Misfit     string `json:"misfit"`
		Message    string `json:"message"`
		Suggestion string `json:"suggestion"`
		TimeZone   string `json:"time_zone"`
	} `json:"data"`
}

func (w *orderWorld) pickupTimes(t *testing.T, u apptest.Session, lang string) pickupTimesAnswer {
	t.Helper()
	r := w.a.Do(apptest.Request{Method: http.MethodGet, Path: "/api/orders/pickup-times?date=" + w.date, Token: u.Token, Header: map[string]string{"lang": lang}})
	if r.Status != http.StatusOK {
		t.Fatalf("pickup times: %d %s", r.Status, r.Body)
	}
	var p pickupTimesAnswer
	r.JSON(t, &p)
	return p
}

func (w *orderWorld) checkoutAt(t *testing.T, u apptest.Session, clock, lang string) apptest.Response {
	t.Helper()
	body := w.checkoutBody(u)
	body["time"] = clock
	return w.a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/orders", Token: u.Token, Body: body,
		Header: map[string]string{"lang": lang, "Idempotency-Key": uuid.NewString()}})
}

// paidCheckoutAt places u's cart as an order picked up at clock (Cairo), pays it on the sandbox's
// page and answers the order's id.
func (w *orderWorld) paidCheckoutAt(t *testing.T, u apptest.Session, clock, lang string) string {
	t.Helper()
	r := w.checkoutAt(t, u, clock, lang)
	if r.Status != http.StatusCreated {
		t.Fatalf("checkout at %s: %d %s", clock, r.Status, r.Body)
	}
	var placed placedAnswer
	r.JSON(t, &placed)
	payOnSandbox(t, placed.PaymentURL, payments.CardSuccess)
	return placed.Data.OrderID
}

func TestATripLongerThanTheDayPlanIsRefusedAtCheckoutInBothLanguagesAndNothingIsRecorded(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 2, 1)
	// 60 + 90 + 400 minutes of visits: longer than the 8-hour day plan at any start.
	long := w.sight(t, "Long Museum", 400, "06:00", "23:00")
	u := w.traveller(t)
	w.addToCart(t, u, long)
	before := w.cartAt(t, u, "10:00", "en")

	r := w.checkoutAt(t, u, "10:00", "en")
	if r.Status != http.StatusUnprocessableEntity {
		t.Fatalf("checkout of a too-long trip: %d %s", r.Status, r.Body)
	}
	var en struct{ Message string }
	r.JSON(t, &en)
	for _, want := range []string{"cannot be booked as one day", "8-hour day plan", "Move the stops from Long Museum on to a second trip."} {
		if !strings.Contains(en.Message, want) {
			t.Errorf("English refusal %q lacks %q", en.Message, want)
		}
	}
	r = w.checkoutAt(t, u, "10:00", "ar")
	var ar struct{ Message string }
	r.JSON(t, &ar)
	if r.Status != http.StatusUnprocessableEntity {
		t.Fatalf("Arabic checkout: %d %s", r.Status, r.Body)
	}
	for _, want := range []string{"لا يمكن حجز هذه الرحلة في يوم واحد", "عربي Long Museum", "رحلة ثانية"} {
		if !strings.Contains(ar.Message, want) {
			t.Errorf("Arabic refusal %q lacks %q", ar.Message, want)
		}
	}

	// The cart said the same before paying: the rule's message, and the suggestion among its warnings.
	if !before.TripCalculations.DayFit.Fits && before.TripCalculations.DayFit.Message != en.Message {
		t.Errorf("the cart says %q, checkout %q", before.TripCalculations.DayFit.Message, en.Message)
	}
	if before.TripCalculations.DayFit.Fits || before.TripCalculations.DayFit.Misfit != "longer_than_day_plan" {
		t.Fatalf("the cart's verdict: %+v", before.TripCalculations.DayFit)
	}
	codes := map[string]bool{}
	for _, wn := range before.TripCalculations.Warnings {
		codes[wn.Code] = true
	}
	if !codes["trip.more_than_one_day"] || !codes["trip.suggest.second_trip"] {
		t.Errorf("cart warnings %+v", before.TripCalculations.Warnings)
	}

	// Nothing recorded: no order, no car held, the cart as it was.
	var mine struct {
		Data []any `json:"data"`
	}
	w.a.Get("/api/orders", u.Token).JSON(t, &mine)
	if len(mine.Data) != 0 {
		t.Fatalf("orders after a refusal: %+v", mine.Data)
	}
	var cal struct {
		Data []struct {
			Taken int `json:"taken"`
		} `json:"data"`
	}
	w.a.Get("/api/orders/calendar?from="+w.date+"&days=1", "").JSON(t, &cal)
	if len(cal.Data) != 1 || cal.Data[0].Taken != 0 {
		t.Fatalf("cars held after a refusal: %+v", cal.Data)
	}
	if after := w.cartAt(t, u, "10:00", "en"); after.Version != before.Version {
		t.Fatalf("cart version %d → %d", before.Version, after.Version)
	}

	// No pickup time that day fits, and the answer says why and what to do.
	p := w.pickupTimes(t, u, "en")
	if p.Data.Status != "available" || len(p.Data.Times) != 0 || p.Data.Misfit != "longer_than_day_plan" ||
		!strings.Contains(p.Data.Message, "No pickup time on this day fits your trip") || !strings.Contains(p.Data.Suggestion, "Long Museum") {
		t.Fatalf("pickup times of a too-long trip: %+v", p.Data)
	}

	// An enquiry with a date and time books one day too: refused the same way.
	form := w.checkoutBody(u)
	if r := w.a.Post("/api/enquiries", u.Token, form); r.Status != http.StatusUnprocessableEntity || !strings.Contains(string(r.Body), "second trip") {
		t.Fatalf("enquiry about a too-long trip: %d %s", r.Status, r.Body)
	}
}

func TestEveryPickupTimeOfferedFitsAndCheckoutRefusesOneThatIsNot(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 2, 1)
	// A citadel that closes at 15:00 after a two-hour visit: late starts reach it closed.
	citadel := w.sight(t, "Citadel", 120, "06:00", "15:00")
	u := w.traveller(t)
	w.addToCart(t, u, citadel)

	p := w.pickupTimes(t, u, "en")
	if p.Data.Status != "available" || len(p.Data.Times) == 0 || p.Data.TimeZone != "Africa/Cairo" {
		t.Fatalf("pickup times: %+v", p.Data)
	}
	offered := map[string]bool{}
	for _, pt := range p.Data.Times {
		offered[pt.Time] = true
		c := w.cartAt(t, u, pt.Time, "en")
		if !c.TripCalculations.DayFit.Fits {
			t.Errorf("%s is offered but does not fit: %+v", pt.Time, c.TripCalculations.DayFit)
		}
		for i, it := range c.Data {
			if it.Problem != "" {
				t.Errorf("%s is offered but stop %d is %s", pt.Time, i+1, it.Problem)
			}
		}
		day, _ := time.ParseInLocation(time.DateOnly, w.date, cat.Cairo)
		midnight := day.AddDate(0, 0, 1)
		if pt.Finish.After(midnight) || !pt.Finish.Equal(c.TripCalculations.Finish) {
			t.Errorf("%s: back at %v (the cart says %v), midnight is %v", pt.Time, pt.Finish, c.TripCalculations.Finish, midnight)
		}
	}
	// The service is open 06:00–23:00, yet the citadel closes at 15:00: the afternoon is not offered.
	last := p.Data.Times[len(p.Data.Times)-1].Time
	if offered["22:45"] || offered["15:00"] || last >= "13:00" {
		t.Fatalf("offered up to %s: %+v", last, p.Data.Times)
	}
	lastT, _ := time.Parse("15:04", last)
	next := lastT.Add(15 * time.Minute).Format("15:04")
	c := w.cartAt(t, u, next, "en")
	if c.TripCalculations.DayFit.Fits || c.TripCalculations.DayFit.Misfit != "reached_when_closed" {
		t.Fatalf("%s, the first time not offered, fits: %+v", next, c.TripCalculations.DayFit)
	}
	r := w.checkoutAt(t, u, next, "en")
	var refusal struct{ Message string }
	r.JSON(t, &refusal)
	if r.Status != http.StatusUnprocessableEntity || !strings.Contains(refusal.Message, "Citadel is reached after it closes at 15:00 (Cairo time)") ||
		!strings.Contains(refusal.Message, fmt.Sprintf("Start by %s (Cairo time).", c.TripCalculations.DayFit.StartBy)) {
		t.Fatalf("checkout at %s: %d %s", next, r.Status, r.Body)
	}
	// At the last time offered, the order is placed.
	if r := w.checkoutAt(t, u, last, "en"); r.Status != http.StatusCreated {
		t.Fatalf("checkout at %s, offered: %d %s", last, r.Status, r.Body)
	}
}
