package catalogue

import (
	"reflect"
	"time"

	"github.com/google/uuid"

	"mishwar/domain"
)

// A unique key (a destination's slug, a country's code, a promo code) is claimed on a stream of its
// own, "uniquekey-<scope>:<key>", before the entity takes it, and released after the entity lets it
// go. Two admins racing for one slug meet on that stream's expected version, not in a read model.

// KeyCommand is a command on one unique key.
type KeyCommand interface{ keyCommand() }

// ClaimKey gives the key to Owner. Claiming a key one already holds does nothing.
type ClaimKey struct {
	Key   string
	Owner uuid.UUID
}

// ReleaseKey frees the key; only its owner may.
type ReleaseKey struct {
	Key   string
	Owner uuid.UUID
}

func (ClaimKey) keyCommand()   {}
func (ReleaseKey) keyCommand() {}

// KeyEvent is an event of a unique key.
type KeyEvent interface{ keyEvent() }

// KeyClaimed records who holds the key.
type KeyClaimed struct {
	Key   string    `json:"key"`
	Owner uuid.UUID `json:"owner"`
}

// KeyReleased records that the key is free again.
type KeyReleased struct {
	Key   string    `json:"key"`
	Owner uuid.UUID `json:"owner"`
}

func (KeyClaimed) keyEvent()  {}
func (KeyReleased) keyEvent() {}

// KeyState is who holds a key (uuid.Nil: nobody).
type KeyState struct {
	Owner uuid.UUID
}

// UniqueKey is the unique-key decider.
var UniqueKey = domain.Decider[KeyState, KeyCommand, KeyEvent]{
	Initial: func() KeyState { return KeyState{} },
	Decide: func(s KeyState, c KeyCommand, _ time.Time) ([]KeyEvent, error) {
		switch c := c.(type) {
		case ClaimKey:
			switch s.Owner {
			case c.Owner:
				return nil, nil
			case uuid.Nil:
				return []KeyEvent{KeyClaimed(c)}, nil
			}
			return nil, ErrKeyTaken
		case ReleaseKey:
			switch s.Owner {
			case uuid.Nil:
				return nil, nil
			case c.Owner:
				return []KeyEvent{KeyReleased(c)}, nil
			}
			return nil, ErrNotKeyOwner
		}
		panic("catalogue: unknown key command " + reflect.TypeOf(c).String())
	},
	Evolve: func(s KeyState, e KeyEvent) KeyState {
		switch e := e.(type) {
		case KeyClaimed:
			return KeyState{Owner: e.Owner}
		case KeyReleased:
			return KeyState{}
		}
		panic("catalogue: unknown key event " + reflect.TypeOf(e).String())
	},
}
