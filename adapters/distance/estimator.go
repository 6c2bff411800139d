package distance

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
	_ "time/tzdata" // Africa/Cairo must resolve on machines without a time-zone database.
)

// DefaultCircuity is how much longer the road is than the straight line. Urban road networks
// measure about 1.3–1.4; Cairo's river crossings and ring roads put it at the upper half.
const DefaultCircuity = 1.35

// SpeedTable is the average door-to-door driving speed in km/h for each hour of the local day.
type SpeedTable [24]float64

// CairoSpeeds is the default speed table for Greater Cairo. It averages about 21 km/h over the
// working day (07:00–22:00), the average commonly reported for Greater Cairo, with two peaks, the
// morning one from about 07:00 to 10:00 and the evening one from about 15:00 to 19:00, where speeds
// drop to 16–19 km/h (congestion adds roughly 35–50 % to a trip against the 24–27 km/h of the
// daytime lulls), and free-flowing nights around 45 km/h.
var CairoSpeeds = SpeedTable{
	45, 45, 45, 45, 42, 36, 28, // 00–06
	19, 16, 17, // 07–09 morning peak
	24, 25, 24, 23, 23, // 10–14
	18, 16, 16, 17, // 15–18 evening peak
	21, 25, 27, // 19–21
	30, 36, // 22–23
}

// Average is the mean of the hourly speeds from hour from (inclusive) to hour to (exclusive).
func (t SpeedTable) Average(from, to int) float64 {
	sum := 0.0
	for h := from; h < to; h++ {
		sum += t[h]
	}
	return sum / float64(to-from)
}

// ParseSpeedTable reads 24 comma-separated km/h values, hour 0 first (MISHWAR_SPEEDS).
func ParseSpeedTable(s string) (SpeedTable, error) {
	var t SpeedTable
	parts := strings.Split(s, ",")
	if len(parts) != 24 {
		return t, fmt.Errorf("distance: speed table needs 24 values, got %d", len(parts))
	}
	for i, p := range parts {
		v, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil || v <= 0 || math.IsInf(v, 0) {
			return t, fmt.Errorf("distance: speed for hour %d: %q is not a positive number", i, p)
		}
		t[i] = v
	}
	return t, nil
}

// Estimator is the offline adapter: road distance = great-circle distance × Circuity; driving time
// from the speed of each hour the drive passes through, on the clock of Location.
type Estimator struct {
	Circuity float64
	Speeds   SpeedTable
	Location *time.Location
}

// NewEstimator returns an estimator with Cairo's defaults.
func NewEstimator() *Estimator {
	loc, err := time.LoadLocation("Africa/Cairo")
	if err != nil {
		// time/tzdata is linked in, so this cannot happen; a fixed EET keeps the estimator usable.
		loc = time.FixedZone("EET", 2*60*60)
	}
	return &Estimator{Circuity: DefaultCircuity, Speeds: CairoSpeeds, Location: loc}
}

// Validate reports settings the estimator cannot work with.
func (e *Estimator) Validate() error {
	if !(e.Circuity >= 1) || math.IsInf(e.Circuity, 0) {
		return fmt.Errorf("distance: circuity %v must be at least 1", e.Circuity)
	}
	for h, v := range e.Speeds {
		if !(v > 0) || math.IsInf(v, 0) {
			return fmt.Errorf("distance: speed for hour %d must be positive, got %v", h, v)
		}
	}
	if e.Location == nil {
		return fmt.Errorf("distance: estimator needs a location")
	}
	return nil
}

// earthRadius is the mean Earth radius in metres (IUGG).
const earthRadius = 6_371_008.8

// GreatCircle is the haversine distance between a and b in metres.
func GreatCircle(a, b Point) float64 {
	rad := math.Pi / 180
	dLat := (b.Lat - a.Lat) * rad
	dLng := (b.Lng - a.Lng) * rad
	h := math.Sin(dLat/2)*math.Sin(dLat/2) + math.Cos(a.Lat*rad)*math.Cos(b.Lat*rad)*math.Sin(dLng/2)*math.Sin(dLng/2)
	return 2 * earthRadius * math.Asin(math.Min(1, math.Sqrt(h)))
}

// Leg estimates one drive leaving at departure.
func (e *Estimator) Leg(from, to Point, departure time.Time) Leg {
	meters := math.Round(GreatCircle(from, to) * e.Circuity)
	return Leg{Meters: int64(meters), Duration: e.drive(meters, departure)}
}

// drive is the time to cover meters leaving at departure, hour by hour: a drive that starts at 06:45
// does its first quarter hour at the 06:00 speed and the rest at the 07:00 speed.
func (e *Estimator) drive(meters float64, departure time.Time) time.Duration {
	t := departure.In(e.Location)
	var total time.Duration
	// A day's worth of hours is far more than any drive in Greater Cairo needs.
	for range 48 {
		if meters <= 0 {
			break
		}
		speed := e.Speeds[t.Hour()] * 1000 / 3600 // m/s
		untilNextHour := time.Duration(60-t.Minute())*time.Minute - time.Duration(t.Second())*time.Second - time.Duration(t.Nanosecond())
		if reach := speed * untilNextHour.Seconds(); reach < meters {
			meters -= reach
			total += untilNextHour
			t = t.Add(untilNextHour)
			continue
		}
		total += time.Duration(meters / speed * float64(time.Second))
		meters = 0
	}
	return total.Round(time.Second)
}

// Matrix implements Service.
func (e *Estimator) Matrix(_ context.Context, points []Point, departure time.Time) ([][]Leg, error) {
	if err := checkPoints(points); err != nil {
		return nil, err
	}
	legs := make([][]Leg, len(points))
	for i := range points {
		legs[i] = make([]Leg, len(points))
		for j := range points {
			if i != j {
				legs[i][j] = e.Leg(points[i], points[j], departure)
			}
		}
	}
	return legs, nil
}

// Route implements Service.
func (e *Estimator) Route(_ context.Context, waypoints []Waypoint, departure time.Time) ([]Leg, error) {
	if err := checkPoints(waypointPoints(waypoints)); err != nil {
		return nil, err
	}
	if len(waypoints) < 2 {
		return nil, nil
	}
	legs := make([]Leg, len(waypoints)-1)
	at := departure.Add(waypoints[0].Dwell)
	for i := range legs {
		legs[i] = e.Leg(waypoints[i].Point, waypoints[i+1].Point, at)
		at = at.Add(legs[i].Duration + waypoints[i+1].Dwell)
	}
	return legs, nil
}
