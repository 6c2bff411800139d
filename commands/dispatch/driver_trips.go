package dispatch

import (
	"context"

	"mishwar/domain/availability"
	dispatchrm "mishwar/projections/dispatch"
)

// driverTripsShown bounds the driver's list.
const driverTripsShown = 50

// DriverTripsHandler reads a driver's own trips.
type DriverTripsHandler struct {
	trips Trips
	today func() string
}

// Handle lists the trips of the driver signed in as userID from the day from (YYYY-MM-DD; anything
// else: today in Cairo).
func (h DriverTripsHandler) Handle(ctx context.Context, userID, from string) ([]dispatchrm.Trip, error) {
	day := h.today()
	if d, err := availability.ParseDay(from); err == nil {
		day = string(d)
	}
	return h.trips.DriverTrips(ctx, userID, day, driverTripsShown)
}
