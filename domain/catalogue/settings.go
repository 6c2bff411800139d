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
//
// A form replaces one group of them (the office hours, or the default pickup point) and names the
// version it loaded that group at (IfVersion, an If-Match); holidays change one date at a time and
// take none. Each group keeps the stream version of the last event that changed it, so a form is
// refused only when its own group changed since it loaded, never because another group did.

// ErrSettingsChanged refuses a form's save when the group it replaces changed since the form loaded
// it (409, the same refusal as any concurrent change).
var ErrSettingsChanged = domain.Conflict("common.concurrent_change")

// SettingsCommand is a command on the business settings.
type SettingsCommand interface{ settingsCommand() }

// SetOpeningHours replaces the office's weekly hours. IfVersion, when set, is the hours' version the
// form was loaded at (see SettingsState.HoursChangedSince); nil replaces whatever is there.
type SetOpeningHours struct {
	Hours     WeeklyHours
	IfVersion *int64
}

// AddHoliday adds (or renames) a national holiday.
type AddHoliday struct{ Holiday Holiday }

// RemoveHoliday removes the holiday on Date.
type RemoveHoliday struct{ Date string }

// SetDefaultPickupPoint chooses where trips start unless the traveller picks another point. The
// caller checks that the point exists and is active. IfVersion, when set, is the default's version the
// form was loaded at (see SettingsState.DefaultPickupPointChangedSince); nil: whatever is there.
type SetDefaultPickupPoint struct {
	PickupPointID uuid.UUID
	IfVersion     *int64
}

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

	// Version is the stream's version: the number of events folded, less one (-1: none). Every
	// settings event is folded, in order, so the n-th event (from 0) is at version n.
	Version int64
	// HoursVersion is the version of the last event that set the office hours (-1: never set).
	HoursVersion int64
	// DefaultPickupPointVersion is the version of the last event that set the default pickup point
	// (-1: never set).
	DefaultPickupPointVersion int64
}

// changedSince reports whether a group last changed at group has changed since a form loaded it at
// loaded. loaded may be the group's own version or, from a client that knows only the settings'
// version, any version of the settings: either way the group is unchanged when its last change is
// at or before loaded. A version the settings have not reached (a form cannot have loaded it) is
// a change too.
func (s SettingsState) changedSince(group, loaded int64) bool {
	return group > loaded || loaded > s.Version
}

// HoursChangedSince reports whether the office hours changed after version loaded.
func (s SettingsState) HoursChangedSince(loaded int64) bool {
	return s.changedSince(s.HoursVersion, loaded)
}

// DefaultPickupPointChangedSince reports whether the default pickup point changed after version loaded.
func (s SettingsState) DefaultPickupPointChangedSince(loaded int64) bool {
	return s.changedSince(s.DefaultPickupPointVersion, loaded)
}

// Business returns the hours and holidays as BusinessHours.
func (s SettingsState) Business() BusinessHours {
	return BusinessHours{Weekly: s.Hours, Holidays: s.Holidays}
}

// Settings is the business settings' decider.
var Settings = domain.Decider[SettingsState, SettingsCommand, SettingsEvent]{
	Initial: func() SettingsState {
		return SettingsState{Version: -1, HoursVersion: -1, DefaultPickupPointVersion: -1}
	},
	Decide: decideSettings,
	Evolve: evolveSettings,
}

func decideSettings(s SettingsState, c SettingsCommand, now time.Time) ([]SettingsEvent, error) {
	switch c := c.(type) {
	case SetOpeningHours:
		if c.IfVersion != nil && s.HoursChangedSince(*c.IfVersion) {
			return nil, ErrSettingsChanged
		}
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
		if c.IfVersion != nil && s.DefaultPickupPointChangedSince(*c.IfVersion) {
			return nil, ErrSettingsChanged
		}
		if c.PickupPointID == uuid.Nil {
			var v validator
			v.add("pickup_point_id", keyRequired)
			return nil, v.err()
		}
		if s.DefaultPickupPoint == c.PickupPointID {
			return nil, nil
		}
		return []SettingsEvent{DefaultPickupPointSet{PickupPointID: c.PickupPointID}}, nil
	}
	panic("catalogue: unknown settings command " + reflect.TypeOf(c).String())
}

func evolveSettings(s SettingsState, e SettingsEvent) SettingsState {
	s.Version++
	switch e := e.(type) {
	case OpeningHoursSet:
		s.Hours, s.HoursSet, s.HoursVersion = e.Hours, true, s.Version
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
		s.DefaultPickupPoint, s.DefaultPickupPointVersion = e.PickupPointID, s.Version
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
