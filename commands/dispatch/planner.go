package dispatch

import (
	"context"

	"mishwar/domain/availability"
	cat "mishwar/domain/catalogue"
	dispatchrm "mishwar/projections/dispatch"
)

// PlannerDays is how many days the week planner shows.
const PlannerDays = 7

// WeekTrips is the part of the dispatch read model the week planner reads.
type WeekTrips interface {
	Week(ctx context.Context, from, to string) ([]dispatchrm.Trip, error)
	DriverAccounts(ctx context.Context) (map[string]dispatchrm.DriverAccount, error)
}

// Week is the planner's seven Cairo days from Days[0]: every active driver with the days they work,
// and every confirmed trip of those days (a trip with no driver is the day's unassigned).
type Week struct {
	Days    []availability.Day
	Drivers []PlannerDriver
	Trips   []dispatchrm.Trip
	// Previous and Next are the first days of the weeks before and after.
	Previous, Next availability.Day
}

// PlannerDriver is a driver as the planner shows them, named in the reader's language.
type PlannerDriver struct {
	ID          string
	Name        string
	Vehicle     string
	Plate       string
	Seats       int
	TripsPerDay int
	// Works says, day by day (as Week.Days), whether the driver works that day.
	Works []bool
	// HasAccount: the driver is linked to a sign-in account (needed to be given a trip).
	HasAccount bool
}

// PlannerHandler answers the week planner.
type PlannerHandler struct {
	trips   WeekTrips
	drivers ActiveDrivers
	today   func() string
}

// Handle returns the week of seven days from date (YYYY-MM-DD; empty: today in Cairo), names in lang.
// A date that is not YYYY-MM-DD is a 422 on "date".
func (h PlannerHandler) Handle(ctx context.Context, date, lang string) (Week, error) {
	first, err := boardDay(date, h.today)
	if err != nil {
		return Week{}, err
	}
	start, err := first.Time(cat.Cairo)
	if err != nil {
		return Week{}, err
	}
	dayAt := func(n int) availability.Day { return availability.Day(start.AddDate(0, 0, n).Format("2006-01-02")) }
	w := Week{Previous: dayAt(-PlannerDays), Next: dayAt(PlannerDays)}
	for i := range PlannerDays {
		w.Days = append(w.Days, dayAt(i))
	}
	if w.Trips, err = h.trips.Week(ctx, string(w.Days[0]), string(w.Days[PlannerDays-1])); err != nil {
		return Week{}, err
	}
	drivers, err := h.drivers.ActiveDrivers(ctx)
	if err != nil {
		return Week{}, err
	}
	links, err := h.trips.DriverAccounts(ctx)
	if err != nil {
		return Week{}, err
	}
	for _, d := range drivers {
		pd := PlannerDriver{ID: d.ID.String(), Name: d.Name.In(lang), Vehicle: d.Vehicle.In(lang), Plate: d.Plate, Seats: d.Seats,
			TripsPerDay: max(d.TripsPerDay, 1), HasAccount: links[d.ID.String()].UserID != ""}
		for i := range PlannerDays {
			pd.Works = append(pd.Works, d.WorksOn(start.AddDate(0, 0, i).Weekday()))
		}
		w.Drivers = append(w.Drivers, pd)
	}
	return w, nil
}
