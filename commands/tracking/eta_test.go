package tracking_test

import (
	"context"
	"testing"
	"time"

	"mishwar/adapters/distance"
	"mishwar/commands/tracking"
	cat "mishwar/domain/catalogue"
	"mishwar/domain/trip"
)

// The ETA is the distance estimator's drive (great circle × Cairo's circuity at the hour's speed),
// in whole minutes rounded up: the rule that times a priced trip, not a second one.
func TestTheETAIsTheEstimatorsDriveToTheNextStop(t *testing.T) {
	tahrir := trip.Point{Lat: 30.0444, Lng: 31.2357}
	pyramids := trip.Point{Lat: 29.9792, Lng: 31.1342}
	museum := trip.Point{Lat: 30.0478, Lng: 31.2336}
	est := distance.NewEstimator()
	cases := []struct {
		name     string
		from, to trip.Point
		at       time.Time
		want     int
	}{
		// 16.43 km of road at 24 km/h (10:00): 41.07 minutes.
		{"Tahrir to the Pyramids at 10:00", tahrir, pyramids, time.Date(2026, 12, 1, 10, 0, 0, 0, cat.Cairo), 42},
		// 579 m of road in the morning peak, 16 km/h (08:00): 2.17 minutes.
		{"Tahrir to the Museum at 08:00", tahrir, museum, time.Date(2026, 12, 1, 8, 0, 0, 0, cat.Cairo), 3},
		{"already there", museum, museum, time.Date(2026, 12, 1, 8, 0, 0, 0, cat.Cairo), 0},
	}
	for _, c := range cases {
		got, err := tracking.ETA(context.Background(), est, c.from, c.to, c.at)
		if err != nil || got != c.want {
			t.Errorf("%s: %d %v, want %d", c.name, got, err, c.want)
		}
	}
}
