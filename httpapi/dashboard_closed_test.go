package httpapi_test

import (
	"context"
	"testing"
	"time"

	"mishwar/commands"
	cat "mishwar/domain/catalogue"
	"mishwar/eventstore"
)

// The dashboard's capacity chart reads the booking calendar's rule (order.DayCapacity): a day the
// service is closed takes no trips, whatever drivers would work that weekday.
func TestTheDashboardCountsNoCarsOnADayTheCalendarSaysIsClosed(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 2, 1)
	support := w.a.Staff(t, "support").Token
	// Closed on Saturdays.
	var hours cat.WeeklyHours
	for d := time.Sunday; d < time.Saturday; d++ {
		hours = append(hours, cat.DayHours{Day: d, Open: "06:00", Close: "23:00"})
	}
	w.catalogueDo(t, func(ctx context.Context, m commands.Meta) (eventstore.Position, error) {
		r, err := w.a.Catalogue.Settings(ctx, cat.SetOpeningHours{Hours: hours}, m)
		return r.Position, err
	})

	var ins insightsAnswer
	w.a.Get("/api/admin/dashboard/insights?days=30", support).JSON(t, &ins)
	var cal struct {
		Data []struct {
			Date     string `json:"date"`
			Status   string `json:"status"`
			Reason   string `json:"reason"`
			Capacity int    `json:"capacity"`
		} `json:"data"`
	}
	r := w.a.Get("/api/orders/calendar?from="+ins.Capacity[0].Day+"&days=28", "")
	if r.JSON(t, &cal); len(cal.Data) != 28 || len(ins.Capacity) != 28 {
		t.Fatalf("calendar %d days, dashboard %d: %s", len(cal.Data), len(ins.Capacity), r.Body)
	}
	closed := 0
	for i, d := range ins.Capacity {
		c := cal.Data[i]
		day, err := time.Parse(time.DateOnly, d.Day)
		if err != nil || c.Date != d.Day {
			t.Fatalf("day %d: calendar %s, dashboard %s", i, c.Date, d.Day)
		}
		want := 2
		if day.Weekday() == time.Saturday {
			want, closed = 0, closed+1
			if c.Reason != "closed" && c.Status != "out_of_range" {
				t.Errorf("the calendar does not close Saturday %s: %+v", d.Day, c)
			}
		}
		if d.Capacity != want || c.Capacity != want {
			t.Errorf("%s (%s): the dashboard counts %d cars, the calendar %d, want %d", d.Day, day.Weekday(), d.Capacity, c.Capacity, want)
		}
	}
	if closed != 4 {
		t.Fatalf("%d Saturdays in four weeks", closed)
	}
}
