// Package inbox decides what a user has read of their notifications. The notifications themselves are
// a read model built from the order and trip events (projections/notifications); the one thing a user
// does to them — "I have read everything up to here" — is a decision recorded on the user's own stream
// (inbox-<user id>), so rebuilding the read model keeps what was read.
//
// Notifications are numbered per user, 1, 2, 3..., in the order of the global log, so the same number
// names the same notification after every rebuild.
package inbox

import (
	"fmt"
	"time"

	"mishwar/domain"
)

// ErrBadMark: the mark does not name a notification number: below 1, or beyond the newest notification
// the user has (a mark ahead of it would leave notifications still to come already read).
var ErrBadMark = domain.Invalid("notifications.bad_mark")

// Commands.
type (
	Command interface{ isCommand() }

	// MarkRead marks every notification of UserID numbered up to UpTo as read (the newest one the
	// user saw: a notification that arrived since stays unread). Newest is the number of the newest
	// notification the user has, looked up before deciding.
	MarkRead struct {
		UserID string
		UpTo   int64
		Newest int64
	}
)

func (MarkRead) isCommand() {}

// Events.
type (
	Event interface{ isEvent() }

	// NotificationsRead: the user read their notifications up to number UpTo.
	NotificationsRead struct {
		UserID string    `json:"user_id"`
		UpTo   int64     `json:"up_to"`
		ReadAt time.Time `json:"read_at"`
	}
)

func (NotificationsRead) isEvent() {}

// State is how far a user has read.
type State struct{ readUpTo int64 }

// ReadUpTo is the number of the newest notification read (0: none).
func (s State) ReadUpTo() int64 { return s.readUpTo }

// Decider is the inbox's decider. Marking what is already read records nothing, so two tabs marking
// at once commute.
var Decider = domain.Decider[State, Command, Event]{
	Initial: func() State { return State{} },
	Decide: func(s State, cmd Command, now time.Time) ([]Event, error) {
		switch c := cmd.(type) {
		case MarkRead:
			if c.UpTo < 1 || c.UserID == "" {
				return nil, ErrBadMark
			}
			if c.UpTo <= s.readUpTo {
				return nil, nil
			}
			if c.UpTo > c.Newest {
				return nil, ErrBadMark
			}
			return []Event{NotificationsRead{UserID: c.UserID, UpTo: c.UpTo, ReadAt: now.UTC()}}, nil
		default:
			panic(fmt.Sprintf("inbox: unknown command %T", cmd))
		}
	},
	Evolve: func(s State, e Event) State {
		switch ev := e.(type) {
		case NotificationsRead:
			s.readUpTo = max(s.readUpTo, ev.UpTo)
		default:
			panic(fmt.Sprintf("inbox: unknown event %T", e))
		}
		return s
	},
}
