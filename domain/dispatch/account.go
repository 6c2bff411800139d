package dispatch

import (
	"fmt"
	"time"

	"mishwar/domain"
)

// DriverAccount commands.
type (
	DriverAccountCommand interface{ isDriverAccountCommand() }

	// LinkDriverAccount names the sign-in account of a driver. The caller has checked that the account
	// exists and has the driver role (AccountRole).
	LinkDriverAccount struct {
		DriverID    string
		UserID      string
		Email       string
		AccountRole string
		By          Actor
	}
)

func (LinkDriverAccount) isDriverAccountCommand() {}

// DriverAccount events.
type (
	DriverAccountEvent interface{ isDriverAccountEvent() }

	DriverAccountLinked struct {
		DriverID string    `json:"driver_id"`
		UserID   string    `json:"user_id"`
		Email    string    `json:"email"`
		ByUserID string    `json:"by_user_id"`
		LinkedAt time.Time `json:"linked_at"`
	}
)

func (DriverAccountLinked) isDriverAccountEvent() {}

// DriverAccountState is the account linked to a driver.
type DriverAccountState struct {
	userID, email string
}

func (s DriverAccountState) UserID() string { return s.userID }
func (s DriverAccountState) Email() string  { return s.email }

// DriverAccount is the decider of a driver's account link.
var DriverAccount = domain.Decider[DriverAccountState, DriverAccountCommand, DriverAccountEvent]{
	Initial: func() DriverAccountState { return DriverAccountState{} },
	Decide: func(s DriverAccountState, cmd DriverAccountCommand, now time.Time) ([]DriverAccountEvent, error) {
		switch c := cmd.(type) {
		case LinkDriverAccount:
			if c.AccountRole != "driver" || c.UserID == "" {
				return nil, ErrAccountNotDriver
			}
			if c.UserID == s.userID {
				return nil, nil
			}
			return []DriverAccountEvent{DriverAccountLinked{DriverID: c.DriverID, UserID: c.UserID, Email: c.Email, ByUserID: c.By.UserID, LinkedAt: now.UTC()}}, nil
		default:
			panic(fmt.Sprintf("dispatch: unknown driver account command %T", cmd))
		}
	},
	Evolve: func(s DriverAccountState, e DriverAccountEvent) DriverAccountState {
		switch ev := e.(type) {
		case DriverAccountLinked:
			s.userID, s.email = ev.UserID, ev.Email
		default:
			panic(fmt.Sprintf("dispatch: unknown driver account event %T", e))
		}
		return s
	},
}
