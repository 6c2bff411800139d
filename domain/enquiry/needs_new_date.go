package enquiry

import (
	"time"

	"mishwar/domain/catalogue"
	"mishwar/domain/order"
)

// NeedsNewDate reports whether a quoted enquiry's start, at startAt, is one the office's settings
// now refuse (order.ClosedStart: a holiday or a closed weekday added, office hours changed after the
// quote was given). Its traveller cannot pay it (checkout's rule refuses the start) and has no date
// to change: the office must give the quote a new date. Only a quote open for payment needs one.
func NeedsNewDate(status Status, startAt time.Time, hours catalogue.BusinessHours) bool {
	if status != StatusQuoted || startAt.IsZero() {
		return false
	}
	field, _ := order.ClosedStart(startAt, hours)
	return field != ""
}
