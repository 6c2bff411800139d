package order

import (
	"time"

	"mishwar/domain/catalogue"
)

// ClosedStart says why the office's settings refuse a trip starting at startAt: a day it runs no
// trips (a closed weekday or a holiday: on "date", KeyClosedDay — no time would do that day) or a
// time outside its hours (on "time", KeyOutsideServiceHours); "" and "" when they allow it. It is
// checkout's rule (ValidateStart), named on its own so that a start set before the settings changed
// (a quote given, an order booked) is judged by today's settings with the same rule.
func ClosedStart(startAt time.Time, hours catalogue.BusinessHours) (field, key string) {
	switch {
	case hours.ClosedOn(startAt):
		return "date", KeyClosedDay
	case !hours.OpenAt(startAt):
		return "time", KeyOutsideServiceHours
	}
	return "", ""
}
