package httpapi_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"mishwar/cmd/mishwar/app/apptest"
	"mishwar/commands"
	cat "mishwar/domain/catalogue"
	"mishwar/eventstore"
)

// Staff move a paid order's date or time for a traveller who phoned (POST /api/admin/orders/{id}/exchange):
// the traveller's exchange rules, the price outcome quoted first, the traveller e-mailed.

func init() {
	staffOnly := func(code int) map[string]int { return rolesOnly(code, "admin", "support") }
	onOrder := func(suffix string, body func(date string) any) func(t *testing.T, e *authzEnv, p string) authzCall {
		return func(t *testing.T, e *authzEnv, p string) authzCall {
			w := authzOrderWorld(t, e)
			var b any
			if body != nil {
				b = body(w.date)
			}
			return authzCall{Path: "/api/admin/orders/" + authzUserOrder(t, e) + strings.ReplaceAll(suffix, "DATE", w.date), Body: b}
		}
	}
	authzMatrix = append(authzMatrix,
		// The matrix's orders are unpaid: staff hear that an unpaid order is not moved.
		authzRoute{Method: "POST", Route: "/api/admin/orders/{id}/exchange", Want: staffOnly(409),
			Prepare: onOrder("/exchange", func(date string) any {
				return map[string]any{"date": date, "time": "12:00", "reason": "matrix"}
			})},
		authzRoute{Method: "GET", Route: "/api/admin/orders/{id}/exchange/quote", Want: staffOnly(409),
			Prepare: onOrder("/exchange/quote?date=DATE&time=12:00", nil)},
		authzRoute{Method: "GET", Route: "/api/admin/orders/{id}/exchange/calendar", Want: staffOnly(200),
			Prepare: onOrder("/exchange/calendar?from=DATE&days=7", nil)},
		authzRoute{Method: "GET", Route: "/api/admin/orders/{id}/exchange/pickup-times", Want: staffOnly(200),
			Prepare: onOrder("/exchange/pickup-times?date=DATE", nil)},
	)
}

type staffChangeQuoteAnswer struct {
	Data struct {
		Total               struct{ Minor int64 } `json:"total"`
		Difference          struct{ Minor int64 } `json:"difference"`
		Waivable            struct{ Minor int64 } `json:"waivable"`
		Refundable          struct{ Minor int64 } `json:"refundable"`
		PastTravellerCutoff bool                  `json:"past_traveller_cutoff"`
	} `json:"data"`
}

// editableSight adds a sight open all day to the catalogue and answers its id and a function that
// changes its visit time (which reprices a trip visiting it: the catalogue changed since booking).
func (w *orderWorld) editableSight(t *testing.T, visitMinutes int) (uuid.UUID, func(minutes int)) {
	t.Helper()
	var hours cat.WeeklyHours
	for d := time.Sunday; d <= time.Saturday; d++ {
		hours = append(hours, cat.DayHours{Day: d, Open: "06:00", Close: "23:00"})
	}
	category, id := uuid.New(), uuid.New()
	fields := func(minutes int) cat.DestinationFields {
		return cat.DestinationFields{CategoryID: category, Name: cat.Text{En: "Citadel", Ar: "القلعة"}, ShortDescription: cat.Text{En: "About", Ar: "عن"},
			Lat: 30.0287, Lng: 31.2599, VisitMinutes: minutes, OpeningHours: hours, Published: true}
	}
	w.catalogueDo(t, func(ctx context.Context, m commands.Meta) (eventstore.Position, error) {
		r, err := w.a.Catalogue.Categories.Create(ctx, cat.CreateCategory{ID: category, Fields: cat.CategoryFields{Name: cat.Text{En: "Forts", Ar: "قلاع"}}}, m)
		return r.Position, err
	})
	w.catalogueDo(t, func(ctx context.Context, m commands.Meta) (eventstore.Position, error) {
		r, err := w.a.Catalogue.Destinations.Create(ctx, cat.CreateDestination{ID: id, Fields: fields(visitMinutes)}, m)
		return r.Position, err
	})
	return id, func(minutes int) {
		t.Helper()
		w.catalogueDo(t, func(ctx context.Context, m commands.Meta) (eventstore.Position, error) {
			r, err := w.a.Catalogue.Destinations.Update(ctx, cat.Update[cat.DestinationFields]{ID: id, Fields: fields(minutes)}, m)
			return r.Position, err
		})
	}
}

func (w *orderWorld) staffChangeQuote(t *testing.T, token, orderID, date, clock string) staffChangeQuoteAnswer {
	t.Helper()
	r := w.a.Get("/api/admin/orders/"+orderID+"/exchange/quote?date="+date+"&time="+clock, token)
	if r.Status != http.StatusOK {
		t.Fatalf("quoting %s %s: %d %s", date, clock, r.Status, r.Body)
	}
	var q staffChangeQuoteAnswer
	r.JSON(t, &q)
	return q
}

func TestStaffMoveAPaidOrderForATravellerWhoPhonedAndTheTravellerIsEmailed(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 3, 3)
	admin, support, driver := w.a.Staff(t, "admin"), w.a.Staff(t, "support"), w.a.Staff(t, "driver")
	citadel, revisit := w.editableSight(t, 60)
	u := w.traveller(t)
	w.addToCart(t, u, citadel)
	orderID := w.paidCheckoutAt(t, u, "09:00", "en")
	next, err := time.Parse(time.DateOnly, w.date)
	if err != nil {
		t.Fatal(err)
	}
	day2 := next.AddDate(0, 0, 1).Format(time.DateOnly)

	// Only staff (admin and support, as for refunds and cancellations) move someone's order.
	body := map[string]any{"date": day2, "time": "10:00", "reason": "The traveller phoned"}
	for who, token := range map[string]string{"the traveller": u.Token, "a driver": driver.Token} {
		if r := w.a.Post("/api/admin/orders/"+orderID+"/exchange", token, body); r.Status != http.StatusForbidden {
			t.Fatalf("%s moving the order: %d %s", who, r.Status, r.Body)
		}
		if r := w.a.Get("/api/admin/orders/"+orderID+"/exchange/quote?date="+day2+"&time=10:00", token); r.Status != http.StatusForbidden {
			t.Fatalf("%s quoting the move: %d %s", who, r.Status, r.Body)
		}
	}
	if r := w.a.Post("/api/admin/orders/"+orderID+"/exchange", "", body); r.Status != http.StatusUnauthorized {
		t.Fatalf("a visitor moving the order: %d %s", r.Status, r.Body)
	}

	// The day picker's days and the time list come from the order's own rules.
	if r := w.a.Get("/api/admin/orders/"+orderID+"/exchange/calendar?from="+w.date+"&days=7", support.Token); r.Status != http.StatusOK ||
		!strings.Contains(string(r.Body), `"status":"available"`) {
		t.Fatalf("the change's calendar: %d %s", r.Status, r.Body)
	}
	if r := w.a.Get("/api/admin/orders/"+orderID+"/exchange/pickup-times?date="+day2, support.Token); r.Status != http.StatusOK ||
		!strings.Contains(string(r.Body), `"time":"10:00"`) || !strings.Contains(string(r.Body), "Africa/Cairo") {
		t.Fatalf("the change's times: %d %s", r.Status, r.Body)
	}

	// Bad input is refused on its field, in the reader's language; a missing reason too.
	if r := w.a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/admin/orders/" + orderID + "/exchange", Token: admin.Token,
		Body: map[string]any{"date": day2, "time": "10:07", "reason": "phoned"}, Header: map[string]string{"lang": "ar"}}); r.Status != http.StatusUnprocessableEntity ||
		!strings.Contains(string(r.Body), `"time"`) {
		t.Fatalf("a time off the quarter hour: %d %s", r.Status, r.Body)
	}
	if r := w.a.Post("/api/admin/orders/"+orderID+"/exchange", admin.Token, map[string]any{"date": day2, "time": "10:00", "reason": " "}); r.Status != http.StatusUnprocessableEntity ||
		!strings.Contains(string(r.Body), `"reason"`) {
		t.Fatalf("no reason: %d %s", r.Status, r.Body)
	}

	// The catalogue changed since booking: the Citadel's visit takes an hour more (EGP 50 of waiting).
	// Before confirming, staff read the price outcome.
	revisit(120)
	dearer := "11:00"
	q := w.staffChangeQuote(t, support.Token, orderID, day2, dearer).Data
	if q.Difference.Minor != 5000 || q.Waivable.Minor != 5000 || q.Refundable.Minor != 0 || q.PastTravellerCutoff {
		t.Fatalf("a dearer start's quote: %+v", q)
	}
	before := w.order(t, u.Token, orderID).Data.Total.Minor

	// Staff keep the price of the dearer start: moved at once at the order's price.
	r := w.a.Post("/api/admin/orders/"+orderID+"/exchange", support.Token,
		map[string]any{"date": day2, "time": dearer, "reason": "Our driver fell ill", "keep_price": true})
	if r.Status != http.StatusOK || strings.Contains(string(r.Body), `"awaiting_payment":true`) {
		t.Fatalf("moving at the kept price: %d %s", r.Status, r.Body)
	}
	o := w.order(t, u.Token, orderID)
	if o.Data.Total.Minor != before || o.Data.Status != "confirmed" {
		t.Fatalf("the order after a move at the kept price: %+v", o.Data)
	}
	mail := mailTo(t, w.a, admin.Token, u.Email)
	if text := fmt.Sprint(mail["text"]); !strings.Contains(fmt.Sprint(mail["subject"]), "has changed") || !strings.Contains(text, dearer) ||
		!strings.Contains(text, "(Cairo time)") {
		t.Fatalf("the traveller's mail about the move: %v", mail)
	}
	h := w.a.Get("/api/support/orders/"+orderID+"/history", support.Token)
	if !strings.Contains(string(h.Body), "Our driver fell ill") || !strings.Contains(string(h.Body), `"waived"`) {
		t.Fatalf("the history records why and what was waived: %s", h.Body)
	}

	// The visit shortened again: a cheaper start is moved at once and the difference refunded
	// through the refund process.
	revisit(30)
	if q := w.staffChangeQuote(t, admin.Token, orderID, w.date, "10:00").Data; q.Difference.Minor != -2500 || q.Refundable.Minor != 2500 || q.Waivable.Minor != 0 {
		t.Fatalf("a cheaper start's quote: %+v", q)
	}
	r = w.a.Post("/api/admin/orders/"+orderID+"/exchange", admin.Token, map[string]any{"date": w.date, "time": "10:00", "reason": "Flight moved"})
	if r.Status != http.StatusOK || !strings.Contains(string(r.Body), `"refunded":{"amount":25,"minor":2500`) {
		t.Fatalf("a cheaper move refunds the difference: %d %s", r.Status, r.Body)
	}

	// A dearer start without keeping the price waits for the traveller to pay the difference.
	revisit(120)
	r = w.a.Post("/api/admin/orders/"+orderID+"/exchange", admin.Token, map[string]any{"date": day2, "time": "12:00", "reason": "Phoned again"})
	if r.Status != http.StatusOK || !strings.Contains(string(r.Body), `"awaiting_payment":true`) {
		t.Fatalf("a dearer move waiting for the traveller: %d %s", r.Status, r.Body)
	}
	eventually(t, "the traveller is asked to pay the difference", func() (bool, string) {
		m := mailTo(t, w.a, admin.Token, u.Email)
		return strings.Contains(fmt.Sprint(m["subject"]), "waiting for payment"), fmt.Sprint(m["subject"])
	})
}
