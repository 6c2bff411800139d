package catalogue

import (
	"reflect"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"

	"mishwar/domain"
)

// Business settings are the office's opening hours, its national holidays and the pickup point trips
// start from by default. There is one of them (stream "settings-site").

// SettingsCommand is a command on the business settings.
type SettingsCommand interface{ settingsCommand() }

// SetOpeningHours replaces the office's weekly hours.
type SetOpeningHours struct{ Hours WeeklyHours }

// AddHoliday adds (or renames) a national holiday.
type AddHoliday struct{ Holiday Holiday }

// RemoveHoliday removes the holiday on Date.
type RemoveHoliday struct{ Date string }

// SetDefaultPickupPoint chooses where trips start unless the traveller picks another point. The
// caller checks that the point exists and is active.
type SetDefaultPickupPoint struct{ PickupPointID uuid.UUID }

func (SetOpeningHours) settingsCommand()       {}
func (AddHoliday) settingsCommand()            {}
func (RemoveHoliday) settingsCommand()         {}
func (SetDefaultPickupPoint) settingsCommand() {}

// SettingsEvent is an event of the business settings.
type SettingsEvent interface{ settingsEvent() }

// OpeningHoursSet records new weekly hours.
type OpeningHoursSet struct {
	Hours WeeklyHours `json:"hours"`
}

// HolidayAdded records a holiday (a new one, or a new name for the date).
type HolidayAdded struct {
	Holiday Holiday `json:"holiday"`
}

// HolidayRemoved records that a date is no longer a holiday.
type HolidayRemoved struct {
	Date string `json:"date"`
}

// DefaultPickupPointSet records the default start point.
type DefaultPickupPointSet struct {
	PickupPointID uuid.UUID `json:"pickup_point_id"`
}

func (OpeningHoursSet) settingsEvent()       {}
func (HolidayAdded) settingsEvent()          {}
func (HolidayRemoved) settingsEvent()        {}
func (DefaultPickupPointSet) settingsEvent() {}

// SettingsState is the business settings as folded.
type SettingsState struct {
	Hours              WeeklyHours
	HoursSet           bool
	Holidays           []Holiday // sorted by date
	DefaultPickupPoint uuid.UUID
}

// Business returns the hours and holidays as BusinessHours.
func (s SettingsState) Business() BusinessHours {
	return BusinessHours{Weekly: s.Hours, Holidays: s.Holidays}
}

// Settings is the business settings' decider.
var Settings = domain.Decider[SettingsState, SettingsCommand, SettingsEvent]{
	Initial: func() SettingsState { return SettingsState{} },
	Decide:  decideSettings,
	Evolve:  evolveSettings,
}

func decideSettings(s SettingsState, c SettingsCommand, now time.Time) ([]SettingsEvent, error) {
	switch c := c.(type) {
	case SetOpeningHours:
		hours := c.Hours.sorted()
		var v validator
		v.hours("hours", hours)
		if err := v.err(); err != nil {
			return nil, err
		}
		if s.HoursSet && reflect.DeepEqual(s.Hours, hours) {
			return nil, nil
		}
		return []SettingsEvent{OpeningHoursSet{Hours: hours}}, nil
	case AddHoliday:
		h := Holiday{Date: strings.TrimSpace(c.Holiday.Date), Name: c.Holiday.Name.trimmed()}
		var v validator
		if d, ok := v.date("date", h.Date, true); ok && !HolidayDateInRange(d, now) {
			v.add("date", keyOutOfRange)
		}
		v.text("name", h.Name, true, maxName)
		if err := v.err(); err != nil {
			return nil, err
		}
		if i := holidayIndex(s.Holidays, h.Date); i >= 0 && s.Holidays[i] == h {
			return nil, nil
		}
		return []SettingsEvent{HolidayAdded{Holiday: h}}, nil
	case RemoveHoliday:
		if holidayIndex(s.Holidays, c.Date) < 0 {
			return nil, ErrHolidayUnknown
		}
		return []SettingsEvent{HolidayRemoved{Date: c.Date}}, nil
	case SetDefaultPickupPoint:
		if c.PickupPointID == uuid.Nil {
			var v validator
			v.add("pickup_point_id", keyRequired)
			return nil, v.err()
		}
		if s.DefaultPickupPoint == c.PickupPointID {
			return nil, nil
		}
		return []SettingsEvent{DefaultPickupPointSet(c)}, nil
	}
	panic("catalogue: unknown settings command " + reflect.TypeOf(c).String())
}

func evolveSettings(s SettingsState, e SettingsEvent) SettingsState {
	switch e := e.(type) {
	case OpeningHoursSet:
		s.Hours, s.HoursSet = e.Hours, true
	case HolidayAdded:
		hs := slices.Clone(s.Holidays)
		if i := holidayIndex(hs, e.Holiday.Date); i >= 0 {
			hs[i] = e.Holiday
		} else {
			hs = append(hs, e.Holiday)
			slices.SortFunc(hs, func(a, b Holiday) int { return strings.Compare(a.Date, b.Date) })
		}
		s.Holidays = hs
	case HolidayRemoved:
		s.Holidays = slices.DeleteFunc(slices.Clone(s.Holidays), func(h Holiday) bool { return h.Date == e.Date })
	case DefaultPickupPointSet:
		s.DefaultPickupPoint = e.PickupPointID
	default:
		panic("catalogue: unknown settings event " + reflect.TypeOf(e).String())
	}
	return s
}

func holidayIndex(hs []Holiday, date string) int {
	return slices.IndexFunc(hs, func(h Holiday) bool { return h.Date == date })
}

// HolidayDateInRange reports whether a holiday on day (a date, UTC midnight) is one the office can be
// planning: from last year to five years ahead of now. 1900-01-01 or 9999-12-31 is a slip of the hand.
func HolidayDateInRange(day, now time.Time) bool {
	y := now.In(Cairo).Year()
	return day.Year() >= y-1 && day.Year() <= y+5
}
