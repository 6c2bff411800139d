package trip

import (
	"strings"
	"time"

	"mishwar/domain"
	"mishwar/domain/catalogue"
)

// Field error keys of a trip's start as a form gives it (internal/i18n).
const (
	KeyInvalidDate = "orders.invalid_date"
	KeyInvalidTime = "orders.invalid_time"
)

// ParseStart reads a Cairo date ("YYYY-MM-DD") and time ("HH:MM") into the trip's start. The time
// must be a pickup time the service offers (OnStartStep); each field's fault is named on its own.
func ParseStart(date, clock string) (time.Time, error) {
	v := &domain.ValidationError{}
	date, clock = strings.TrimSpace(date), strings.TrimSpace(clock)
	d, errD := time.ParseInLocation(time.DateOnly, date, catalogue.Cairo)
	switch {
	case date == "":
		v.Add("date", domain.KeyRequired)
	case errD != nil:
		v.Add("date", KeyInvalidDate)
	}
	m, errT := catalogue.Minutes(clock)
	switch {
	case clock == "":
		v.Add("time", domain.KeyRequired)
	case errT != nil || m >= 24*60:
		v.Add("time", KeyInvalidTime)
	case !OnStartStep(time.Date(2000, 1, 1, m/60, m%60, 0, 0, time.UTC)):
		v.Add("time", KeyStartOffStep)
	}
	if err := v.Err(); err != nil {
		return time.Time{}, err
	}
	return time.Date(d.Year(), d.Month(), d.Day(), m/60, m%60, 0, 0, catalogue.Cairo), nil
}

// FirstPickup is the first pickup time on t's day (Cairo) under the service hours; zero when the
// service is closed that day.
func FirstPickup(hours catalogue.BusinessHours, t time.Time) time.Time {
	t = t.In(catalogue.Cairo)
	h, open := hours.Weekly.On(t.Weekday())
	m, err := catalogue.Minutes(h.Open)
	if !open || err != nil {
		return time.Time{}
	}
	return time.Date(t.Year(), t.Month(), t.Day(), m/60, m%60, 0, 0, catalogue.Cairo)
}
