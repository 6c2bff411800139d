package orders

import (
	"time"

	"mishwar/domain/availability"
	cat "mishwar/domain/catalogue"
	"mishwar/domain/order"
	"mishwar/domain/trip"
)

// StartStep is the granularity of pickup times offered (minutes): the domain's trip.StartStep.
const StartStep = int(trip.StartStep / time.Minute)

// CalendarDay is one day of the booking calendar.
type CalendarDay struct {
	Date   availability.Day `json:"date"`
	Status order.DayStatus  `json:"status"`
	// Reason says why a day is blocked: "full" or "closed".
	Reason   string `json:"reason,omitempty"`
	Capacity int    `json:"capacity"`
	Taken    int    `json:"taken"`
	// Earliest and Latest are the pickup times offered that day ("HH:MM", Cairo), when available.
	Earliest string `json:"earliest,omitempty"`
	Latest   string `json:"latest,omitempty"`
}

// CalendarInput is what a calendar is built from.
type CalendarInput struct {
	From     availability.Day
	Days     int
	Now      time.Time
	Policy   order.Policy
	Hours    cat.BusinessHours
	Capacity func(time.Weekday) int
	Taken    map[availability.Day]int
}

// BuildCalendar says for each day whether it can be booked: out of range (sooner than the lead time
// allows any pickup, or beyond the booking window), blocked (closed, or every car taken) or available
// with its first and last pickup times. It shows; the day's stream decides.
func BuildCalendar(in CalendarInput) []CalendarDay {
	start, err := in.From.Time(cat.Cairo)
	if err != nil || in.Days <= 0 {
		return nil
	}
	earliestStart := in.Now.Add(in.Policy.Lead)
	out := make([]CalendarDay, 0, in.Days)
	for i := 0; i < in.Days; i++ {
		d := time.Date(start.Year(), start.Month(), start.Day()+i, 0, 0, 0, 0, cat.Cairo)
		day := availability.DayOf(d)
		c := CalendarDay{Date: day, Capacity: order.DayCapacity(in.Hours, d, in.Capacity(d.Weekday())), Taken: in.Taken[day]}
		if !in.Policy.InRange(day, in.Now) {
			c.Status = order.DayOutOfRange
			out = append(out, c)
			continue
		}
		openMin, closeMin, open := order.ServiceDay(in.Hours, d)
		if !open {
			c.Status, c.Reason = order.DayBlocked, "closed"
			out = append(out, c)
			continue
		}
		first := atClock(d, openMin)
		if first.Before(earliestStart) {
			first = earliestStart.In(cat.Cairo)
		}
		first = roundUp(first)
		last := atClock(d, (closeMin-1)/StartStep*StartStep)
		if first.After(last) {
			c.Status = order.DayOutOfRange
			out = append(out, c)
			continue
		}
		if c.Taken >= c.Capacity {
			c.Status, c.Reason = order.DayBlocked, "full"
			out = append(out, c)
			continue
		}
		c.Status, c.Earliest, c.Latest = order.DayAvailable, first.Format("15:04"), last.Format("15:04")
		out = append(out, c)
	}
	return out
}

// atClock is minutes after midnight on day's clock in Cairo. Counted from the clock, not as time
// elapsed since midnight: on the day summer time starts, midnight is skipped and elapsed time would
// put 09:00 at 10:00.
func atClock(day time.Time, minutes int) time.Time {
	return time.Date(day.Year(), day.Month(), day.Day(), minutes/60, minutes%60, 0, 0, cat.Cairo)
}

// roundUp moves t (in Cairo) to the next StartStep boundary of the clock.
func roundUp(t time.Time) time.Time {
	t = t.In(cat.Cairo)
	minutes := t.Hour()*60 + t.Minute()
	if t.Second() > 0 || t.Nanosecond() > 0 {
		minutes++
	}
	if r := minutes % StartStep; r != 0 {
		minutes += StartStep - r
	}
	return atClock(t, minutes)
}
