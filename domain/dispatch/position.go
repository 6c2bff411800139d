package dispatch

import (
	"math"
	"time"

	"mishwar/domain"
)

// The driver's position while a trip runs. Positions are live data: they are relayed to the
// traveller and kept briefly in memory, never recorded as events (the trip's steps are). The rules
// of what a position may be, whose it may be, when it is shared and how far the car is from its next
// stop live here.

// Refusals of a position. Keys name messages in internal/i18n (catalog_tracking.go).
var (
	ErrPositionInvalid = domain.Invalid("tracking.position_invalid")
	// ErrPositionFarAway: a fix nowhere near the service area is a phone's error, not the car.
	ErrPositionFarAway  = domain.Invalid("tracking.position_far_away")
	ErrPositionStale    = domain.Invalid("tracking.position_stale")
	ErrPositionAhead    = domain.Invalid("tracking.position_in_future")
	ErrTripNotRunning   = domain.Conflict("tracking.trip_not_running")
	ErrNotTripsDriver   = domain.Forbidden("tracking.not_your_trip")
	ErrPositionTooOften = &domain.Error{Kind: domain.KindTooManyRequests, Key: "tracking.too_often"}
)

// Bounds of a position's fix time against the server's clock: a fix older than MaxPositionAge is no
// news of where the car is; one more than MaxPositionAhead ahead comes from a phone whose clock is
// wrong.
const (
	MaxPositionAge   = 2 * time.Minute
	MaxPositionAhead = 30 * time.Second
	// MaxAccuracy is the largest accuracy radius (metres) taken: a fix vaguer than 10 km says nothing.
	MaxAccuracy = 10_000
	// PositionInterval is how often a driver's position is kept at most.
	PositionInterval = time.Second
)

// PositionArea is where a driver's car can be while a trip runs: the service area and about 50 km
// around it (a trip's roads leave the box). A fix elsewhere, London say, is the phone's mistake, and
// the traveller would be told the car is two days away.
var PositionArea = domain.ServiceArea.Widened(0.5)

// Position is where the driver's phone says it is.
type Position struct {
	Lat, Lng float64
	// Accuracy is the radius of uncertainty in metres (0: unknown).
	Accuracy float64
	// Heading is the direction of travel in degrees clockwise from north; nil when unknown.
	Heading *float64
	// At is when the phone took the fix, on the phone's clock.
	At time.Time
	// SentAt is when the phone sent it, on the same clock (zero when the phone does not say).
	SentAt time.Time
}

// OnClock is p with its fix time on the clock whose reading is now: a phone that says when it sent
// the fix is trusted for how old the fix is, not for the time of day, so a phone whose clock is
// minutes off still shares where the car is (its fixes would all be "stale" or "in the future"
// otherwise). One that does not say is taken at its word.
func (p Position) OnClock(now time.Time) Position {
	if p.SentAt.IsZero() || p.At.IsZero() {
		return p
	}
	p.At, p.SentAt = now.Add(p.At.Sub(p.SentAt)), time.Time{}
	return p
}

// CheckPosition refuses a position with impossible coordinates, accuracy or heading, or a fix time
// too old or too far ahead of now.
func CheckPosition(p Position, now time.Time) error {
	finite := func(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }
	if !finite(p.Lat) || !finite(p.Lng) || p.Lat < -90 || p.Lat > 90 || p.Lng < -180 || p.Lng > 180 ||
		(p.Lat == 0 && p.Lng == 0) || !finite(p.Accuracy) || p.Accuracy < 0 || p.Accuracy > MaxAccuracy {
		return ErrPositionInvalid
	}
	if p.Heading != nil && (!finite(*p.Heading) || *p.Heading < 0 || *p.Heading >= 360) {
		return ErrPositionInvalid
	}
	if !PositionArea.Contains(p.Lat, p.Lng) {
		return ErrPositionFarAway
	}
	switch {
	case p.At.IsZero():
		return ErrPositionInvalid
	case p.At.Before(now.Add(-MaxPositionAge)):
		return ErrPositionStale
	case p.At.After(now.Add(MaxPositionAhead)):
		return ErrPositionAhead
	}
	return nil
}

// SharesPosition reports whether a trip at status is running: from the driver's first step (started)
// until it is completed. Only then is the driver's position shared.
func SharesPosition(status Status) bool {
	switch status {
	case StatusStarted, StatusPickedUp, StatusAtStop:
		return true
	}
	return false
}

// MayShare refuses a position for a trip unless userID is its assigned driver and it is running.
func MayShare(status Status, driverUserID, userID string) error {
	if driverUserID == "" || driverUserID != userID {
		return ErrNotTripsDriver
	}
	if !SharesPosition(status) {
		return ErrTripNotRunning
	}
	return nil
}

// Where the car is heading next.
const (
	TargetPickup = "pickup" // the start: the travellers are not in the car yet
	TargetStop   = "stop"   // a stop of the itinerary
	TargetEnd    = "end"    // the drop-off after the last stop
)

// Target is where a running trip heads: Kind TargetPickup, TargetStop (Stop counts from 1) or
// TargetEnd.
type Target struct {
	Kind string
	Stop int
}

// TargetOf is where a trip at status, having reached stop (0: none yet) of stops, heads next: where
// the driver's next step (Next) will be taken. False when the trip is not running.
func TargetOf(status Status, stop, stops int) (Target, bool) {
	if !SharesPosition(status) {
		return Target{}, false
	}
	switch step, n := Next(status, stop, stops); step {
	case StepPickUp:
		return Target{Kind: TargetPickup}, true
	case StepArrive:
		return Target{Kind: TargetStop, Stop: n}, true
	case StepComplete:
		return Target{Kind: TargetEnd}, true
	}
	return Target{}, false
}

// ETAMinutes is the driving time to the next stop as the traveller reads it: whole minutes, rounded
// up (a car 20 seconds away is "1 min" away, never "0"); 0 only for no drive at all.
func ETAMinutes(drive time.Duration) int {
	if drive <= 0 {
		return 0
	}
	return int((drive + time.Minute - 1) / time.Minute)
}
