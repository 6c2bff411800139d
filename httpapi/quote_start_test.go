package httpapi_test

import (
	"net/http"
	"strings"
	"testing"

	"mishwar/cmd/mishwar/app/apptest"
)

// Staff quote a start the traveller can pay for: one checkout would refuse (a past date, a time
// outside the service hours) is refused on the date or the time, in the staff's language.
func TestAQuoteForAStartCheckoutRefusesIsRefusedOnTheDateOrTime(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 2, 1)
	u := w.traveller(t)
	number := w.enquiryFor(t, u, w.program(t))
	admin := w.a.AdminToken(t)
	quote := func(body map[string]any, lang string) apptest.Response {
		return w.a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/admin/enquiries/" + number + "/quote", Token: admin, Body: body,
			Header: map[string]string{"lang": lang}})
	}
	cases := []struct {
		name, lang, field, words string
		body                     map[string]any
	}{
		{name: "a past date", lang: "en", field: `"date":["This date has passed.`, body: map[string]any{"amount": 100, "date": "2020-01-01", "time": "10:00"}},
		{name: "a past date in Arabic", lang: "ar", field: `"date":["هذا التاريخ مضى`, body: map[string]any{"amount": 100, "date": "2020-01-01", "time": "10:00"}},
		{name: "a time before opening", lang: "en", field: `"time":["Please choose a time within our service hours.`, body: map[string]any{"amount": 100, "date": w.date, "time": "03:00"}},
	}
	for _, c := range cases {
		if r := quote(c.body, c.lang); r.Status != http.StatusUnprocessableEntity || !strings.Contains(string(r.Body), c.field) {
			t.Fatalf("quoting %s: %d %s", c.name, r.Status, r.Body)
		}
	}
	if r := quote(map[string]any{"amount": 100, "date": w.date, "time": "10:00"}, "en"); r.Status != http.StatusOK {
		t.Fatalf("a quote checkout would take: %d %s", r.Status, r.Body)
	}
}
