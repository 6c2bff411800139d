package domain

import (
	"fmt"
	"time"
)

// TimeOfDay is a time on a clock ("17:00") handed to a message: a closing time, a start-by time, a
// pickup. Its type, not its text, tells the messages (internal/i18n) that it is a number a reader
// reads, written in the page's digits, where a text argument that looks like one is left alone.
type TimeOfDay struct{ Hour, Minute int }

// TimeOfDayOf is t's time of day on t's own clock: put t in Cairo first for a time a user sees.
func TimeOfDayOf(t time.Time) TimeOfDay { return TimeOfDay{Hour: t.Hour(), Minute: t.Minute()} }

// ClockTime is the time as "15:04" writes it.
func (c TimeOfDay) ClockTime() string { return fmt.Sprintf("%02d:%02d", c.Hour, c.Minute) }

func (c TimeOfDay) String() string { return c.ClockTime() }
