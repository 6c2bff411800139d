package httpapi_test

import (
	"net/http"
	"strings"
	"testing"

	"mishwar/cmd/mishwar/app/apptest"
)

// A quote whose day the office then closes (a holiday added on it) cannot be paid, and the traveller
// has no date to change: its page and the staff's list say it needs a new date from the office, and
// the dashboard's needs-attention queue lists it, with the paid trip booked that day.
func TestAQuoteOnADayMadeAHolidayNeedsANewDateFromTheOffice(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 2, 1)
	email := apptest.UniqueEmail("nour")
	form := w.guestForm(email)
	form["program_id"] = w.program(t).String()
	r := w.a.Post("/api/enquiries", "", form)
	if r.Status != http.StatusCreated {
		t.Fatalf("the enquiry: %d %s", r.Status, r.Body)
	}
	var sub submittedAnswer
	r.JSON(t, &sub)
	number, key := enquiryLink(t, w.a, email, sub.Data.TripNumber)
	admin := w.a.AdminToken(t)
	if r := w.a.Post("/api/admin/enquiries/"+number+"/quote", admin, map[string]any{"amount": 3450.5, "date": w.date, "time": "10:00"}); r.Status != http.StatusOK {
		t.Fatalf("the quote: %d %s", r.Status, r.Body)
	}
	view := func() string {
		t.Helper()
		v := w.a.Post("/api/enquiries/"+number+"/view", "", map[string]string{"token": key})
		if v.Status != http.StatusOK {
			t.Fatalf("the enquiry's page: %d %s", v.Status, v.Body)
		}
		return string(v.Body)
	}
	_, paid := w.paidOrder(t)
	if body := view(); strings.Contains(body, "needs_new_date") {
		t.Fatalf("a quote on an open day needs no new date: %s", body)
	}

	if r := w.a.Post("/api/admin/settings/holidays", admin, map[string]any{"date": w.date, "name": map[string]string{"en": "Bank holiday", "ar": "عطلة رسمية"}}); r.Status != http.StatusOK {
		t.Fatalf("the holiday: %d %s", r.Status, r.Body)
	}
	if body := view(); !strings.Contains(body, `"needs_new_date":true`) || !strings.Contains(body, `"status":"quoted"`) {
		t.Fatalf("the traveller's page of a quote on a holiday: %s", body)
	}
	if r := w.a.Get("/api/admin/enquiries?status=quoted", admin); !strings.Contains(string(r.Body), `"needs_new_date":true`) {
		t.Fatalf("the staff's list of a quote on a holiday: %s", r.Body)
	}
	if p := w.a.Post("/api/enquiries/"+number+"/pay", "", map[string]string{"token": key}); p.Status != http.StatusUnprocessableEntity {
		t.Fatalf("paying a quote on a holiday: %d %s", p.Status, p.Body)
	}
	queue := string(w.a.Get("/api/admin/dashboard/attention", admin).Body)
	for _, want := range []string{`"kind":"quote_on_closed_day","order_id":"` + number + `"`, `"kind":"trip_on_closed_day","order_id":"` + paid + `"`} {
		if !strings.Contains(queue, want) {
			t.Fatalf("the needs-attention queue lacks %s: %s", want, queue)
		}
	}
}
