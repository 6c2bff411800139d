package httpapi_test

import (
	"net/http"
	"testing"
	"time"

	"mishwar/cmd/mishwar/app/apptest"
	cat "mishwar/domain/catalogue"
)

// A program the demo offers must be bookable as it comes: its suggested stops fit one day (the day
// plan, the opening hours) from a morning pickup, or the first thing a visitor tries is refused at
// checkout. And it takes no longer than the hours it advertises.
func TestEveryDemoProgramFitsOneDayFromAMorningPickup(t *testing.T) {
	t.Parallel()
	a := demoApp(t)
	var programs struct {
		Data []struct {
			ID    string `json:"id"`
			Slug  string `json:"slug"`
			Hours int    `json:"hours"`
		} `json:"data"`
	}
	a.Get("/api/programs?limit=50", "").JSON(t, &programs)
	if len(programs.Data) == 0 {
		t.Fatal("the demo has no programs")
	}
	// A Wednesday two weeks ahead: no Friday prayer, inside the booking window.
	day := time.Now().In(cat.Cairo).AddDate(0, 0, 14)
	for day.Weekday() != time.Wednesday {
		day = day.AddDate(0, 0, 1)
	}
	for _, p := range programs.Data {
		u := a.SignUp(t, "")
		if r := a.Post("/api/auth/cart/program", u.Token, map[string]string{"program_id": p.ID}); r.Status != http.StatusCreated {
			t.Fatalf("add %q to the cart: %d %s", p.Slug, r.Status, r.Body)
		}
		r := a.Do(apptest.Request{Method: http.MethodGet, Path: "/api/auth/cart?departure=" + day.Format(time.DateOnly) + "T09:00", Token: u.Token})
		var c dayFitAnswer
		r.JSON(t, &c)
		if fit := c.TripCalculations.DayFit; !fit.Fits {
			t.Errorf("%q from 09:00 does not fit one day: %s (%s)", p.Slug, fit.Message, fit.Misfit)
		}
		// The hours a program advertises are what the trip takes, not less.
		start, _ := time.ParseInLocation("2006-01-02 15:04", day.Format(time.DateOnly)+" 09:00", cat.Cairo)
		if took := c.TripCalculations.Finish.Sub(start); took > time.Duration(p.Hours)*time.Hour {
			t.Errorf("%q advertises %d hours and takes %s", p.Slug, p.Hours, took.Round(time.Minute))
		}
	}
}
