package dispatch

import (
	"context"
	"time"

	"mishwar/domain/availability"
	"mishwar/domain/dispatch"
	dispatchrm "mishwar/projections/dispatch"
)

// driverTripsShown bounds the driver's list.
const driverTripsShown = 50

// DriverTripsHandler reads a driver's own trips.
type DriverTripsHandler struct {
	trips Trips
	today func() string
	// startLead is how long before its pickup a trip may be started (the start command's own).
	startLead time.Duration
	now       func() time.Time
}

// Handle lists the trips of the driver signed in as userID from the day from (YYYY-MM-DD; anything
// else: today in Cairo), each trip it is still too early to start with the moment it may be. The
// server's clock decides "too early", the page's clock when the moment has come while it stays open.
// While one of the trips runs, each trip waiting to start names it (FinishFirst): a driver runs one
// trip at a time, and the start decides it on the driver's day, this list only says it ahead.
func (h DriverTripsHandler) Handle(ctx context.Context, userID, from string) ([]dispatchrm.Trip, error) {
	day := h.today()
	if d, err := availability.ParseDay(from); err == nil {
		day = string(d)
	}
	trips, err := h.trips.DriverTrips(ctx, userID, day, driverTripsShown)
	if err != nil {
		return nil, err
	}
	running := ""
	for _, t := range trips {
		if dispatch.Running(t.Status) {
			running = t.OrderID
		}
	}
	for i, t := range trips {
		if t.Status != dispatch.StatusAssigned {
			continue
		}
		trips[i].FinishFirst = running
		opens := dispatch.WindowOf(dispatch.OrderFacts{Day: availability.Day(t.Day), StartAt: t.StartAt}, h.startLead).Opens()
		if h.now().Before(opens) {
			trips[i].StartsFrom = &opens
		}
	}
	return trips, nil
}
