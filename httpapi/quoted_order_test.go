package httpapi_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"mishwar/adapters/payments"
	"mishwar/cmd/mishwar/app/apptest"
	"mishwar/commands"
	cat "mishwar/domain/catalogue"
	"mishwar/domain/money"
	"mishwar/eventstore"
)

// enquiryFor submits the signed-in traveller u's enquiry about program without a date and returns
// its trip number.
func (w *orderWorld) enquiryFor(t *testing.T, u apptest.Session, program uuid.UUID) string {
	t.Helper()
	r := w.a.Post("/api/enquiries", u.Token, map[string]any{"first_name": "Bob", "last_name": "Said", "email": u.Email, "confirm_email": u.Email,
		"phone": "+201001234567", "country": "EG", "terms": true, "rate_plan_id": w.plan.String(), "program_id": program.String()})
	if r.Status != http.StatusCreated {
		t.Fatalf("enquiry: %d %s", r.Status, r.Body)
	}
	var sub submittedAnswer
	r.JSON(t, &sub)
	return sub.Data.TripNumber
}

// A trip staff priced keeps its price when the traveller moves it to another day: nothing refunded,
// nothing charged. Another car class is staff's to price: refused with the reason, in English and
// Arabic; the order says it was quoted, so the exchange screen can say so before anyone asks.
func TestAQuotedTripMovedToAnotherDayKeepsItsQuotedPrice(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 2, 1)
	u := w.traveller(t)
	number := w.enquiryFor(t, u, w.program(t))
	admin := w.a.AdminToken(t)
	if q := w.a.Post("/api/admin/enquiries/"+number+"/quote", admin, map[string]any{"amount": 5000, "date": w.date, "time": "11:00"}); q.Status != http.StatusOK {
		t.Fatalf("quote: %d %s", q.Status, q.Body)
	}
	p := w.a.Post("/api/enquiries/"+number+"/pay", u.Token, map[string]string{})
	var pay placedAnswer
	if p.Status != http.StatusOK {
		t.Fatalf("pay: %d %s", p.Status, p.Body)
	}
	p.JSON(t, &pay)
	if back := payOnSandbox(t, pay.PaymentURL, payments.CardSuccess); back.Query().Get("result") != "success" {
		t.Fatalf("redirected to %s", back)
	}
	raw := w.a.Get("/api/orders/"+number, u.Token)
	if raw.Status != http.StatusOK || !strings.Contains(string(raw.Body), `"quoted":true`) {
		t.Fatalf("the order of a quote says it was quoted: %d %s", raw.Status, raw.Body)
	}
	day, err := time.Parse(time.DateOnly, w.date)
	if err != nil {
		t.Fatal(err)
	}
	next := day.AddDate(0, 0, 1).Format(time.DateOnly)
	quote := func(query, lang string) apptest.Response {
		return w.a.Do(apptest.Request{Method: http.MethodGet, Path: "/api/orders/" + number + "/exchange/quote?" + query, Token: u.Token,
			Header: map[string]string{"lang": lang}})
	}
	var q struct {
		Data struct {
			Total      struct{ Minor int64 } `json:"total"`
			Difference struct{ Minor int64 } `json:"difference"`
		} `json:"data"`
	}
	r := quote("date="+next+"&time=11:00", "en")
	if r.Status != http.StatusOK {
		t.Fatalf("quoting a day later: %d %s", r.Status, r.Body)
	}
	if r.JSON(t, &q); q.Data.Total.Minor != 500000 || q.Data.Difference.Minor != 0 {
		t.Fatalf("a quoted trip a day later costs its quote, nothing more or less: %s", r.Body)
	}

	van := uuid.New()
	w.catalogueDo(t, func(ctx context.Context, m commands.Meta) (eventstore.Position, error) {
		r, err := w.a.Catalogue.RatePlans.Create(ctx, cat.CreateRatePlan{ID: van, Fields: cat.RatePlanFields{
			Name: cat.Text{En: "Van", Ar: "فان"}, Seats: 7, PricePerKm: money.New(2000, money.EGP), WaitingPerHour: money.New(8000, money.EGP), Active: true,
		}}, m)
		return r.Position, err
	})
	for lang, words := range map[string]string{"en": "This trip was priced by our team: ask us to change its car or stops.", "ar": "سعر هذه الرحلة حدده فريقنا"} {
		if r := quote("date="+next+"&time=11:00&rate_plan_id="+van.String(), lang); r.Status != http.StatusConflict || !strings.Contains(string(r.Body), words) {
			t.Fatalf("quoting another car for a quoted trip (%s): %d %s", lang, r.Status, r.Body)
		}
	}
	if r := w.a.Post("/api/orders/"+number+"/exchange", u.Token, map[string]string{"date": next, "time": "11:00", "rate_plan_id": van.String()}); r.Status != http.StatusConflict {
		t.Fatalf("exchanging a quoted trip to another car: %d %s", r.Status, r.Body)
	}

	if r := w.a.Post("/api/orders/"+number+"/exchange", u.Token, map[string]string{"date": next, "time": "11:00"}); r.Status != http.StatusOK ||
		!strings.Contains(string(r.Body), `"refunded":{"amount":0`) {
		t.Fatalf("moving a quoted trip a day: %d %s", r.Status, r.Body)
	}
	if o := w.order(t, u.Token, number); o.Data.Total.Minor != 500000 || o.Data.Paid.Minor != 500000 || o.Data.Refunded.Minor != 0 {
		t.Fatalf("the moved quoted trip: total %d, paid %d, refunded %d; want its 5,000 kept", o.Data.Total.Minor, o.Data.Paid.Minor, o.Data.Refunded.Minor)
	}
}
