package catalogue

import (
	"context"
	"time"

	cat "mishwar/domain/catalogue"
)

// OpeningHoursReader is the part of the read model the office hours need.
type OpeningHoursReader interface {
	OpeningHours(ctx context.Context) (cat.BusinessHours, error)
}

// OpeningHours are the office's hours as of now.
type OpeningHours struct {
	Weekly     cat.WeeklyHours
	ClosedDays []time.Weekday
	// Holidays from today on (Cairo's today).
	Holidays []cat.Holiday
	OpenNow  bool
	// NextOpen is when the office next opens (now, when open); nil when it never does.
	NextOpen *time.Time
	TimeZone string
}

// OpeningHoursHandler answers the office's hours.
type OpeningHoursHandler struct {
	rm  OpeningHoursReader
	now func() time.Time
}

// Handle answers the hours as of now.
func (h OpeningHoursHandler) Handle(ctx context.Context) (OpeningHours, error) {
	b, err := h.rm.OpeningHours(ctx)
	if err != nil {
		return OpeningHours{}, err
	}
	return openingHoursAt(b, h.now()), nil
}

func openingHoursAt(b cat.BusinessHours, now time.Time) OpeningHours {
	out := OpeningHours{Weekly: b.Weekly, ClosedDays: b.Weekly.ClosedDays(), Holidays: []cat.Holiday{}, OpenNow: b.OpenAt(now), TimeZone: "Africa/Cairo"}
	if out.Weekly == nil {
		out.Weekly = cat.WeeklyHours{}
	}
	today := now.In(cat.Cairo).Format(time.DateOnly)
	for _, hd := range b.Holidays {
		if hd.Date >= today {
			out.Holidays = append(out.Holidays, hd)
		}
	}
	if next, ok := b.NextOpen(now); ok {
		out.NextOpen = &next
	}
	return out
}
