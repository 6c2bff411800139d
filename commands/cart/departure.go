package cart

import (
	"strings"
	"time"

	"mishwar/commands/pricing"
	"mishwar/domain"
	"mishwar/domain/trip"
)

// ErrDepartureInvalid: the departure asked for is not a time.
var ErrDepartureInvalid = func() error {
	v := &domain.ValidationError{}
	v.Add("departure", "cart.departure_invalid")
	return v
}()

// ErrDepartureOutOfRange: the departure is outside the times a trip can be timed for (trip.QuotableDeparture).
var ErrDepartureOutOfRange = func() error {
	v := &domain.ValidationError{}
	v.Add("departure", "cart.departure_out_of_range")
	return v
}()

// departures reads when the traveller asks the trip to leave.
type departures struct {
	now    func() time.Time
	quoter *pricing.Quoter
}

// parse reads raw: "" for the default departure (09:00 tomorrow), RFC 3339, or "2006-01-02T15:04"
// (also with a space or seconds) on the quoter's clock (Cairo).
func (d departures) parse(raw string) (time.Time, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return d.quoter.DefaultDeparture(d.now()), nil
	}
	at, err := d.read(raw)
	if err != nil {
		return time.Time{}, err
	}
	if !trip.QuotableDeparture(at, d.now()) {
		return time.Time{}, ErrDepartureOutOfRange
	}
	return at, nil
}

func (d departures) read(raw string) (time.Time, error) {
	loc := d.quoter.Location()
	if t, err := time.Parse(time.RFC3339, raw); err == nil {
		return t.In(loc), nil
	}
	for _, layout := range []string{"2006-01-02T15:04", "2006-01-02 15:04", "2006-01-02T15:04:05"} {
		if t, err := time.ParseInLocation(layout, raw, loc); err == nil {
			return t, nil
		}
	}
	return time.Time{}, ErrDepartureInvalid
}
