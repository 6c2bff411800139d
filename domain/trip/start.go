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

// QuoteHorizon is how far ahead of now a trip can be timed for a quote: longer than any booking
// window (the days ahead a trip can start), and short of years no date in an answer can be written in
// (a trip timed for 9999-12-31 ends in year 10000).
const QuoteHorizon = 2 * 366 * 24 * time.Hour

// earliestQuotable is the first departure a quote is timed for. Earlier ones are allowed (a quote's
// times are the same arithmetic on any day) but not before Cairo kept today's kind of clock: the
// zone's offsets before 1900 are a mean solar time (+02:05:09).
var earliestQuotable = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// QuotableDeparture reports whether a trip leaving at departure can be timed for a quote at now.
func QuotableDeparture(departure, now time.Time) bool {
	return !departure.Before(earliestQuotable) && departure.Before(now.Add(QuoteHorizon))
}
