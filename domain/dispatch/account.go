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

// mayDrive is the rule on the account a driver signs in with: one of the driver role.
func mayDrive(role, userID string) error {
	if role != "driver" || userID == "" {
		return ErrAccountNotDriver
	}
	return nil
}

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
			if err := mayDrive(c.AccountRole, c.UserID); err != nil {
				return nil, err
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

// A sign-in account drives for one driver, or it would see another driver's trips and travellers:
// DriverLogin refuses to let a second driver's link name it (the message names the driver holding it;
// ErrAccountLinkedElsewhereNow when another driver claimed it since the caller looked).
var (
	ErrAccountLinkedElsewhere    = domain.Conflict("dispatch.account_linked_elsewhere")
	ErrAccountLinkedElsewhereNow = domain.Conflict("dispatch.account_linked_elsewhere_now")
)

// DriverLogin commands: which driver a driver's sign-in account drives for. Its stream, one per
// account, is what makes the link one to one: a driver's link (DriverAccount) names one account,
// and an account is claimed here, by one driver, before any driver's link may name it.
type (
	DriverLoginCommand interface{ isDriverLoginCommand() }

	// ClaimDriverLogin claims account UserID for DriverID, whose account-link stream is at
	// LinkVersion (-1: never linked) just before it links the account. When another driver holds the
	// account, Holder is what the caller read of that driver's link: the claim passes only if that
	// driver has linked another account since it claimed this one (its link stream moved past the
	// version its claim recorded, to another account), so a claim whose link is still on its way, or
	// that holds, is never taken.
	ClaimDriverLogin struct {
		UserID      string
		AccountRole string
		DriverID    string
		LinkVersion int64
		Holder      HolderLink
	}
)

// HolderLink is what a caller read of the link of the driver that holds an account.
type HolderLink struct {
	DriverID string
	Name     domain.Text
	UserID   string // the account that driver's link names now ("" when none)
	Version  int64  // that link stream's version
}

func (ClaimDriverLogin) isDriverLoginCommand() {}

// DriverLogin events.
type (
	DriverLoginEvent interface{ isDriverLoginEvent() }

	DriverLoginClaimed struct {
		UserID      string    `json:"user_id"`
		DriverID    string    `json:"driver_id"`
		LinkVersion int64     `json:"link_version"`
		ClaimedAt   time.Time `json:"claimed_at"`
	}
)

func (DriverLoginClaimed) isDriverLoginEvent() {}

// DriverLoginState is the driver that holds an account, and its link's version when it claimed it.
type DriverLoginState struct {
	driverID    string
	linkVersion int64
}

// DriverID is the driver holding the account ("" when none).
func (s DriverLoginState) DriverID() string { return s.driverID }

// DriverLogin is the decider of an account's claim by a driver. Every claim is recorded, a repeat by
// the holder too: it moves the version a concurrent claim by another driver was decided against.
var DriverLogin = domain.Decider[DriverLoginState, DriverLoginCommand, DriverLoginEvent]{
	Initial: func() DriverLoginState { return DriverLoginState{} },
	Decide: func(s DriverLoginState, cmd DriverLoginCommand, now time.Time) ([]DriverLoginEvent, error) {
		switch c := cmd.(type) {
		case ClaimDriverLogin:
			if err := mayDrive(c.AccountRole, c.UserID); err != nil {
				return nil, err
			}
			free := s.driverID == "" || s.driverID == c.DriverID
			moved := c.Holder.DriverID == s.driverID && c.Holder.Version > s.linkVersion && c.Holder.UserID != c.UserID
			switch {
			case free || moved:
			case c.Holder.DriverID == s.driverID:
				return nil, domain.ConflictWith(ErrAccountLinkedElsewhere.Key, c.Holder.Name)
			default:
				return nil, ErrAccountLinkedElsewhereNow
			}
			return []DriverLoginEvent{DriverLoginClaimed{UserID: c.UserID, DriverID: c.DriverID, LinkVersion: c.LinkVersion, ClaimedAt: now.UTC()}}, nil
		default:
			panic(fmt.Sprintf("dispatch: unknown driver login command %T", cmd))
		}
	},
	Evolve: func(s DriverLoginState, e DriverLoginEvent) DriverLoginState {
		switch ev := e.(type) {
		case DriverLoginClaimed:
			s.driverID, s.linkVersion = ev.DriverID, ev.LinkVersion
		default:
			panic(fmt.Sprintf("dispatch: unknown driver login event %T", e))
		}
		return s
	},
}
