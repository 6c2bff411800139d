package httpapi_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"mishwar/cmd/mishwar/app/apptest"
	cat "mishwar/domain/catalogue"
	"mishwar/internal/config"
)

type driverTripsAnswer struct {
	Data []struct {
		OrderID     string `json:"order_id"`
		Status      string `json:"status"`
		FinishFirst string `json:"finish_first"`
	} `json:"data"`
}

// The tester's day: a driver with a 09:00 and a 15:30 trip is still on the morning one at 13:35.
// Their list says the afternoon trip waits for the morning one; a start of it anyway is refused,
// naming the trip to finish first, in English and Arabic, and the afternoon traveller hears nothing.
func TestADriverFinishesTheirRunningTripBeforeStartingAnother(t *testing.T) {
	t.Parallel()
	clock := &testClock{}
	w := seedOrderWorld(t, apptest.New(t, func(c *config.Config) { c.Clock = clock.Now }), 1, 2)
	a := w.a
	admin, driver := a.Staff(t, "admin"), a.Staff(t, "driver")
	morning, later := w.paidOrderAt(t, "09:00", ""), w.paidOrderAt(t, "15:30", "")
	var board boardAnswer
	a.Get("/api/admin/trips?date="+w.date, admin.Token).JSON(t, &board)
	driverID := board.Drivers[0].ID
	linkAndAssign(t, a, admin, driver, driverID, morning)
	if r := a.Post("/api/admin/trips/"+later+"/driver", admin.Token, map[string]string{"driver_id": driverID}); r.Status != http.StatusOK {
		t.Fatalf("assign the afternoon trip: %d %s", r.Status, r.Body)
	}
	day, err := time.ParseInLocation(time.DateOnly, w.date, cat.Cairo)
	if err != nil {
		t.Fatal(err)
	}
	clock.Set(day.Add(13*time.Hour + 35*time.Minute))
	for _, step := range []map[string]any{{"step": "start"}, {"step": "pickup"}} {
		if r := a.Post("/api/driver/trips/"+morning+"/progress", driver.Token, step); r.Status != http.StatusOK {
			t.Fatalf("morning %v: %d %s", step, r.Status, r.Body)
		}
	}

	var list driverTripsAnswer
	a.Get("/api/driver/trips?from="+w.date, driver.Token).JSON(t, &list)
	for _, tr := range list.Data {
		want := ""
		if tr.OrderID == later {
			want = morning
		}
		if tr.FinishFirst != want {
			t.Fatalf("%s (%s) says finish %q first, want %q", tr.OrderID, tr.Status, tr.FinishFirst, want)
		}
	}

	for lang, want := range map[string]string{"en": "Finish " + morning + " first", "ar": "أنهِ الرحلة \u2068" + morning + "\u2069 أولًا"} {
		r := a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/driver/trips/" + later + "/progress", Token: driver.Token,
			Body: map[string]any{"step": "start"}, Header: map[string]string{"Accept-Language": lang}})
		if r.Status != http.StatusConflict || !strings.Contains(string(r.Body), want) {
			t.Fatalf("%s: starting the afternoon trip while the morning one runs: %d %s; want 409 saying %q", lang, r.Status, r.Body, want)
		}
	}
	a.Get("/api/driver/trips?from="+w.date, driver.Token).JSON(t, &list)
	for _, tr := range list.Data {
		if tr.OrderID == later && tr.Status != "assigned" {
			t.Fatalf("the afternoon trip is %s, want still assigned", tr.Status)
		}
	}
}
