package catalogue

import (
	"fmt"
	"sort"
	"time"
)

// DayHours says a place is open on Day (0 = Sunday … 6 = Saturday, as time.Weekday) from Open to
// Close, both "HH:MM" local Cairo time. Close may be "24:00".
type DayHours struct {
	Day   time.Weekday `json:"day"`
	Open  string       `json:"open"`
	Close string       `json:"close"`
}

// WeeklyHours lists the days a place is open; a weekday that is absent is a closed day.
type WeeklyHours []DayHours

// On returns the hours of weekday d, and false when the place is closed that day.
func (w WeeklyHours) On(d time.Weekday) (DayHours, bool) {
	for _, h := range w {
		if h.Day == d {
			return h, true
		}
	}
	return DayHours{}, false
}

// ClosedDays lists the weekdays with no hours, Sunday first.
func (w WeeklyHours) ClosedDays() []time.Weekday {
	var out []time.Weekday
	for d := time.Sunday; d <= time.Saturday; d++ {
		if _, ok := w.On(d); !ok {
			out = append(out, d)
		}
	}
	return out
}

// sorted returns a copy ordered by weekday, so equal schedules compare equal.
func (w WeeklyHours) sorted() WeeklyHours {
	// Hours that break a rule stay as they were sent, so the faults found in them name the entries
	// by the numbers the sender gave them.
	var v validator
	if v.hours("hours", w); v.err() != nil {
		return w
	}
	out := append(WeeklyHours{}, w...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Day < out[j].Day })
	return out
}

// Minutes parses "HH:MM" into minutes after midnight ("24:00" is 1440).
func Minutes(hhmm string) (int, error) {
	var h, m int
	if len(hhmm) != 5 || hhmm[2] != ':' {
		return 0, fmt.Errorf("catalogue: time %q is not HH:MM", hhmm)
	}
	if digits(hhmm[0], hhmm[1], hhmm[3], hhmm[4]) {
		// Every quote reads every stop's hours: Sscanf's reflection was most of a quote's time.
		h, m = int(hhmm[0]-'0')*10+int(hhmm[1]-'0'), int(hhmm[3]-'0')*10+int(hhmm[4]-'0')
	} else if _, err := fmt.Sscanf(hhmm, "%02d:%02d", &h, &m); err != nil {
		return 0, fmt.Errorf("catalogue: time %q is not HH:MM: %w", hhmm, err)
	}
	if h < 0 || m < 0 || m > 59 || h > 24 || (h == 24 && m != 0) {
		return 0, fmt.Errorf("catalogue: time %q out of range", hhmm)
	}
	return h*60 + m, nil
}

func digits(bs ...byte) bool {
	for _, b := range bs {
		if b < '0' || b > '9' {
			return false
		}
	}
	return true
}

func (c *validator) hours(field string, w WeeklyHours) {
	seen := map[time.Weekday]bool{}
	for i, h := range w {
		f := fmt.Sprintf("%s.%d", field, i)
		if h.Day < time.Sunday || h.Day > time.Saturday {
			c.add(f+".day", keyInvalidDay)
		} else if seen[h.Day] {
			c.add(f+".day", keyDuplicateDay)
		}
		seen[h.Day] = true
		open, errO := Minutes(h.Open)
		closing, errC := Minutes(h.Close)
		if errO != nil {
			c.add(f+".open", keyInvalidTime)
		}
		if errC != nil {
			c.add(f+".close", keyInvalidTime)
		}
		if errO == nil && errC == nil && closing <= open {
			c.add(f+".close", keyCloseBeforeOpen)
		}
	}
}

// Holiday is a national holiday: the business is closed on Date ("YYYY-MM-DD", Cairo).
type Holiday struct {
	Date string `json:"date"`
	Name Text   `json:"name"`
}

// Cairo is the time zone every catalogue time is written in. It falls back to a fixed UTC+2 only
// when the system has no zone database, which would then miss summer time.
var Cairo = func() *time.Location {
	if loc, err := time.LoadLocation("Africa/Cairo"); err == nil {
		return loc
	}
	return time.FixedZone("EET", 2*60*60)
}()

// BusinessHours are when the office answers: weekly hours minus holidays.
type BusinessHours struct {
	Weekly   WeeklyHours
	Holidays []Holiday
}

// IsHoliday reports whether the Cairo date of t is a holiday.
func (b BusinessHours) IsHoliday(t time.Time) bool {
	d := t.In(Cairo).Format(time.DateOnly)
	for _, h := range b.Holidays {
		if h.Date == d {
			return true
		}
	}
	return false
}

// ClosedOn reports whether the office is closed the whole Cairo day of t: a weekday without hours,
// or a holiday.
func (b BusinessHours) ClosedOn(t time.Time) bool {
	_, ok := b.Weekly.On(t.In(Cairo).Weekday())
	return !ok || b.IsHoliday(t)
}

// OpenAt reports whether the office is open at t.
func (b BusinessHours) OpenAt(t time.Time) bool {
	t = t.In(Cairo)
	h, ok := b.Weekly.On(t.Weekday())
	if !ok || b.IsHoliday(t) {
		return false
	}
	open, errO := Minutes(h.Open)
	closing, errC := Minutes(h.Close)
	if errO != nil || errC != nil {
		return false
	}
	m := t.Hour()*60 + t.Minute()
	return m >= open && m < closing
}

// NextOpen returns t when the office is open at t, else the next moment it opens, looking up to a
// year ahead; ok is false when it never opens in that year (no weekly hours at all).
func (b BusinessHours) NextOpen(t time.Time) (time.Time, bool) {
	if b.OpenAt(t) {
		return t, true
	}
	t = t.In(Cairo)
	day := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, Cairo)
	for i := 0; i <= 366; i++ {
		d := day.AddDate(0, 0, i)
		h, ok := b.Weekly.On(d.Weekday())
		if !ok || b.IsHoliday(d) {
			continue
		}
		open, err := Minutes(h.Open)
		if err != nil {
			continue
		}
		// Built from the wall clock, not midnight plus minutes: Egypt's summer time starts at midnight,
		// which that day does not exist.
		at := time.Date(d.Year(), d.Month(), d.Day(), open/60, open%60, 0, 0, Cairo)
		if at.After(t) {
			return at, true
		}
	}
	return time.Time{}, false
}
