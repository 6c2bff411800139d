package httpapi_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/google/uuid"

	"mishwar/cmd/mishwar/app/apptest"
	cat "mishwar/domain/catalogue"
	"mishwar/internal/config"
)

// The exchange's calendar and the enquiry form's calendar answer by the rule their pickup times are
// offered by (order.OfferDay), as the cart's calendar does: a day is shown available only when one of
// the times the screen's pickup times would offer fits its trip.

func init() {
	authzMatrix = append(authzMatrix,
		authzRoute{Method: "GET", Route: "/api/orders/{id}/exchange/calendar", Want: ownerOnly(200),
			Prepare: func(t *testing.T, e *authzEnv, p string) authzCall {
				w := authzOrderWorld(t, e)
				return authzCall{Path: "/api/orders/" + authzUserOrder(t, e) + "/exchange/calendar?days=2&from=" + w.date}
			}},
		// Public: anyone may ask which days a program fits; a program nobody made is 404 for all.
		authzRoute{Method: "GET", Route: "/api/enquiries/calendar", Want: everyone(404),
			Prepare: func(t *testing.T, e *authzEnv, p string) authzCall {
				return authzCall{Path: "/api/enquiries/calendar?days=2&from=2030-01-01&program=" + uuid.NewString()}
			}},
	)
}

// oneDayCalendar asks path (a calendar of one trip) for w.date alone.
func (w *orderWorld) oneDayCalendar(t *testing.T, path, token string) (status, reason string) {
	t.Helper()
	r := w.a.Get(path, token)
	if r.Status != http.StatusOK {
		t.Fatalf("%s: %d %s", path, r.Status, r.Body)
	}
	var c cartCalendarAnswer
	r.JSON(t, &c)
	if len(c.Data) != 1 || c.Data[0].Date != w.date {
		t.Fatalf("%s: %+v", path, c.Data)
	}
	return c.Data[0].Status, c.Data[0].Reason
}

// startOf is clock ("HH:MM") on w.date, Cairo.
func (w *orderWorld) startOf(t *testing.T, clock string) time.Time {
	t.Helper()
	at, err := time.ParseInLocation("2006-01-02 15:04", w.date+" "+clock, cat.Cairo)
	if err != nil {
		t.Fatal(err)
	}
	return at
}

const bookingLead = 12 * time.Hour // MISHWAR_BOOKING_LEAD's default

func TestTheExchangesCalendarShowsADayAvailableOnlyWhenAPickupTimeOfItFitsTheOrdersTrip(t *testing.T) {
	t.Parallel()
	clock := &testClock{}
	// One car a day: the order takes its day's only car, which is free to the order's own exchange.
	w := seedOrderWorld(t, apptest.New(t, func(c *config.Config) { c.Clock = clock.Now }), 1, 1)
	// A citadel that closes at 15:00 after a two-hour visit: the trip fits only when started early.
	citadel := w.sight(t, "Citadel", 120, "06:00", "15:00")
	u := w.a.SignUp(t, "")
	w.addToCart(t, u, citadel)
	w.fillCart(t, u)
	orderID := w.paidCheckoutAt(t, u, "08:00", "en")
	calendar := "/api/orders/" + orderID + "/exchange/calendar?days=1&from=" + w.date

	p := w.exchangeTimes(t, u, orderID, w.date, "en")
	if len(p.Data.Times) < 2 {
		t.Fatalf("the exchange's pickup times of the order's day: %+v", p.Data)
	}
	if status, reason := w.oneDayCalendar(t, calendar, u.Token); status != "available" {
		t.Fatalf("the order's own day, its car free to it: %s %s", status, reason)
	}
	last := p.Data.Times[len(p.Data.Times)-1].Time
	lastStart := w.startOf(t, last)

	// When the lead time leaves the day only its last fitting start, the day is available and its
	// pickup times offer exactly that start.
	clock.Set(lastStart.Add(-bookingLead).Add(-time.Minute))
	if status, reason := w.oneDayCalendar(t, calendar, u.Token); status != "available" {
		t.Fatalf("a day whose one fitting start is left: %s %s", status, reason)
	}
	if p := w.exchangeTimes(t, u, orderID, w.date, "en"); len(p.Data.Times) != 1 || p.Data.Times[0].Time != last {
		t.Fatalf("the day's one fitting start is %s; offered %+v", last, p.Data.Times)
	}

	// When the starts that fit are past (inside the lead time), the exchange's calendar shows the day
	// blocked for this order, as its pickup times offer none.
	clock.Set(lastStart.Add(-bookingLead).Add(time.Minute))
	if status, reason := w.oneDayCalendar(t, calendar, u.Token); status != "blocked" || reason != "no_start_fits" {
		t.Fatalf("a day none of whose starts left fits the order's trip: %s %s", status, reason)
	}
	if p := w.exchangeTimes(t, u, orderID, w.date, "en"); len(p.Data.Times) != 0 {
		t.Fatalf("pickup times of a day none fits: %+v", p.Data)
	}

	// Another traveller's calendar shows the day full (its one car is the order's); more days than
	// the calendar of one trip answers is a 422.
	var open cartCalendarAnswer
	w.a.Get("/api/orders/calendar?days=1&from="+w.date, "").JSON(t, &open)
	if len(open.Data) != 1 || open.Data[0].Status != "blocked" || open.Data[0].Reason != "full" {
		t.Fatalf("the day to anyone else: %+v", open.Data)
	}
	if r := w.a.Get("/api/orders/"+orderID+"/exchange/calendar?days=63", u.Token); r.Status != http.StatusUnprocessableEntity {
		t.Fatalf("63 days: %d %s", r.Status, r.Body)
	}
}

func TestTheEnquiryFormsCalendarShowsADayAvailableOnlyWhenAPickupTimeOfItFitsWhatTheEnquiryIsAbout(t *testing.T) {
	t.Parallel()
	clock := &testClock{}
	w := seedOrderWorld(t, apptest.New(t, func(c *config.Config) { c.Clock = clock.Now }), 2, 1)
	citadel := w.sight(t, "Citadel", 120, "06:00", "15:00")
	about := "program=" + w.programOf(t, "Citadel day", w.sights[0], citadel).String() + "&start=" + w.hotel.String()
	calendar := "/api/enquiries/calendar?days=1&from=" + w.date + "&" + about

	p := w.enquiryTimes(t, about, "en")
	if len(p.Data.Times) < 2 {
		t.Fatalf("the enquiry's pickup times: %+v", p.Data)
	}
	if status, reason := w.oneDayCalendar(t, calendar, ""); status != "available" {
		t.Fatalf("a day with times that fit: %s %s", status, reason)
	}
	last := p.Data.Times[len(p.Data.Times)-1].Time
	lastStart := w.startOf(t, last)

	clock.Set(lastStart.Add(-bookingLead).Add(-time.Minute))
	if status, reason := w.oneDayCalendar(t, calendar, ""); status != "available" {
		t.Fatalf("a day whose one fitting start is left: %s %s", status, reason)
	}
	if p := w.enquiryTimes(t, about, "en"); len(p.Data.Times) != 1 || p.Data.Times[0].Time != last {
		t.Fatalf("the day's one fitting start is %s; offered %+v", last, p.Data.Times)
	}

	clock.Set(lastStart.Add(-bookingLead).Add(time.Minute))
	if status, reason := w.oneDayCalendar(t, calendar, ""); status != "blocked" || reason != "no_start_fits" {
		t.Fatalf("a day none of whose starts left fits the program: %s %s", status, reason)
	}
	if p := w.enquiryTimes(t, about, "en"); len(p.Data.Times) != 0 {
		t.Fatalf("pickup times of a day none fits: %+v", p.Data)
	}
	var open cartCalendarAnswer
	w.a.Get("/api/orders/calendar?days=1&from="+w.date, "").JSON(t, &open)
	if len(open.Data) != 1 || open.Data[0].Status != "available" {
		t.Fatalf("the day itself: %+v", open.Data)
	}

	// An enquiry about nothing, and more days than the calendar of one trip answers, are 422s.
	if r := w.a.Get("/api/enquiries/calendar?days=1&from="+w.date, ""); r.Status != http.StatusUnprocessableEntity {
		t.Fatalf("a calendar about nothing: %d %s", r.Status, r.Body)
	}
	if r := w.a.Get("/api/enquiries/calendar?days=63&"+about, ""); r.Status != http.StatusUnprocessableEntity {
		t.Fatalf("63 days: %d %s", r.Status, r.Body)
	}
}
