package dispatch

import (
	"math"
	"time"

	"mishwar/domain"
)

// A phone's fix can jump: a reflection off a tower, a cold start, a spoofed or cached location puts
// the car kilometres away for a second, and the traveller saw it teleport. A fix that implies a speed
// no car reaches on Cairo's roads from the last fix relayed is dropped; the next plausible one is
// relayed. A phone that keeps reporting the new place for over a minute was right, and the old fix
// wrong: the new place is taken.

// ErrPositionJump: the fix is too far from the car's last one for the time between them.
var ErrPositionJump = domain.Invalid("tracking.position_jump")

const (
	// MaxCarSpeed is the fastest a car is taken to go between two fixes: 200 km/h, in metres a
	// second. Cairo's ring road and desert highways are posted at 90–120 km/h; nothing faster is a car.
	MaxCarSpeed = 200 / 3.6
	// JumpSlack is the distance (metres) two fixes may be apart whatever the time between them: GPS
	// noise of a parked car, plus the fixes' own accuracy (up to JumpAccuracyCap of it).
	JumpSlack = 100.0
	// JumpAccuracyCap bounds how much of the two fixes' accuracy radii widens the slack: a fix that
	// says it is 10 km vague does not license a 20 km jump.
	JumpAccuracyCap = 2_000.0
	// JumpSettles is how long refused fixes that agree with one another must keep coming before
	// their place is taken over the last relayed one.
	JumpSettles = time.Minute
)

// Track is what the relay remembers of a trip's car: its last relayed fix and, while fixes are being
// refused, the run of refused fixes that agree with one another (first and latest). The zero Track
// knows nothing: the first fix is taken.
type Track struct {
	last             Position
	hasLast          bool
	runFrom, runLast Position
	inRun            bool
}

// Last is the last fix taken (false: none yet).
func (t Track) Last() (Position, bool) { return t.last, t.hasLast }

// Follow decides fix p (on the server's clock, Position.OnClock) against the track: the track
// after it, and ErrPositionJump when p is refused (then the track's last fix is unchanged). A fix
// is refused when it is farther from the last one taken than MaxCarSpeed covers in the time between
// them, plus the slack. Refused fixes that each are plausible from the one before make a run; once
// a run spans JumpSettles, its latest fix is taken.
func (t Track) Follow(p Position) (Track, error) {
	if !t.hasLast || plausible(t.last, p) {
		return Track{last: p, hasLast: true}, nil
	}
	if t.inRun && plausible(t.runLast, p) {
		t.runLast = p
		if p.At.Sub(t.runFrom.At) >= JumpSettles {
			return Track{last: p, hasLast: true}, nil
		}
		return t, ErrPositionJump
	}
	t.runFrom, t.runLast, t.inRun = p, p, true
	return t, ErrPositionJump
}

// Seen is the track with p, a fix relayed elsewhere (another process), as its last when it is later
// than the one it has.
func (t Track) Seen(p Position) Track {
	if t.hasLast && !p.At.After(t.last.At) {
		return t
	}
	t.last, t.hasLast = p, true
	return t
}

// plausible reports whether a car at fix a can be at fix b: no farther than MaxCarSpeed covers in
// the time between them (none when b is not later), plus the slack.
func plausible(a, b Position) bool {
	dt := max(b.At.Sub(a.At), 0)
	allowed := MaxCarSpeed*dt.Seconds() + JumpSlack + min(a.Accuracy+b.Accuracy, JumpAccuracyCap)
	return GreatCircle(a.Lat, a.Lng, b.Lat, b.Lng) <= allowed
}

// GreatCircle is the distance in metres between two points on the Earth (haversine).
func GreatCircle(lat1, lng1, lat2, lng2 float64) float64 {
	const earth = 6_371_000.0
	rad := func(d float64) float64 { return d * math.Pi / 180 }
	dLat, dLng := rad(lat2-lat1), rad(lng2-lng1)
	h := math.Sin(dLat/2)*math.Sin(dLat/2) + math.Cos(rad(lat1))*math.Cos(rad(lat2))*math.Sin(dLng/2)*math.Sin(dLng/2)
	return 2 * earth * math.Asin(math.Min(1, math.Sqrt(h)))
}
