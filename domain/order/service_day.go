package order

import (
	"time"

	"mishwar/domain/catalogue"
)

// ServiceDay is what the service hours make of the Cairo day of d: open from open to closing
// (minutes after midnight, Cairo), or closed (ok false) — a weekday without hours, a holiday, or
// hours that do not read as HH:MM. The booking calendar blocks a closed day ("closed") and no car is
// counted on it (DayCapacity): one rule for every screen that says whether a day takes trips.
func ServiceDay(hours catalogue.BusinessHours, d time.Time) (open, closing int, ok bool) {
	d = d.In(catalogue.Cairo)
	h, found := hours.Weekly.On(d.Weekday())
	if !found || hours.IsHoliday(d) {
		return 0, 0, false
	}
	open, errO := catalogue.Minutes(h.Open)
	closing, errC := catalogue.Minutes(h.Close)
	if errO != nil || errC != nil {
		return 0, 0, false
	}
	return open, closing, true
}

// DayCapacity is how many trips the Cairo day of d takes: the drivers' trips that weekday (drivers:
// the active drivers working it × their trips per day), and none on a day the service is closed
// (ServiceDay), whatever drivers would work it.
func DayCapacity(hours catalogue.BusinessHours, d time.Time, drivers int) int {
	if _, _, open := ServiceDay(hours, d); !open {
		return 0
	}
	return drivers
}
