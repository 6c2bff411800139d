package httpapi_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"mishwar/cmd/mishwar/app/apptest"
	cat "mishwar/domain/catalogue"
)

// An attacker asked for the calendar from 9999-12-01 and got days of the year 10000: a calendar
// starts within a calendar's length (400 days) of today, either way, or is refused in the reader's
// language.
func TestACalendarStartingYearsAwayIsRefusedInTheReadersLanguage(t *testing.T) {
	t.Parallel()
	a := apptest.New(t)
	today := time.Now().In(cat.Cairo)
	for _, from := range []string{"9999-12-01", "0001-01-01", today.AddDate(0, 0, 402).Format(time.DateOnly)} {
		for lang, want := range map[string]string{"en": "within 400 days of today", "ar": "خلال ٤٠٠ يومًا من اليوم"} {
			r := a.Do(apptest.Request{Method: http.MethodGet, Path: "/api/orders/calendar?days=2&from=" + from, Header: map[string]string{"lang": lang}})
			if r.Status != http.StatusUnprocessableEntity || !strings.Contains(string(r.Body), want) {
				t.Errorf("from %s (%s): %d %s", from, lang, r.Status, r.Body)
			}
		}
	}
	if r := a.Get("/api/orders/calendar?days=2&from="+today.AddDate(0, 0, 300).Format(time.DateOnly), ""); r.Status != http.StatusOK {
		t.Fatalf("a calendar 300 days ahead: %d %s", r.Status, r.Body)
	}
}
