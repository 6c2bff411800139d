// Package account is the audit trail of a person's account: who registered, what changed in their
// personal details, when their password or role changed. It also holds the rules an account's data
// must follow (names, e-mail, password strength, phone numbers, places inside the service area).
//
// It must never see a secret: no password, hash or token goes into a command or an event. Credentials
// live in ordinary tables (adapters/accountsdb); the events here only say that something happened.
// Like all of domain, it does no I/O.
package account

import (
	"slices"
	"time"

	"mishwar/domain"
)

// Category is the stream category: an account's events live in "account-<user id>".
const Category = "account"

// Roles a stored account can have. A visitor is anyone without an account.
const (
	RoleUser    = "user"
	RoleAdmin   = "admin"
	RoleSupport = "support"
	RoleDriver  = "driver"
)

// Roles lists every stored role.
var Roles = []string{RoleUser, RoleAdmin, RoleSupport, RoleDriver}

// ValidRole reports whether r is a stored role.
func ValidRole(r string) bool { return slices.Contains(Roles, r) }

// How a password came to change.
const (
	PasswordChangedByUser  = "change" // the signed-in user, knowing the old password
	PasswordChangedByReset = "reset"  // through an e-mailed reset link
	PasswordChangedByCLI   = "cli"    // by an operator with `mishwar users add`
)

// Refusals.
var (
	ErrAlreadyRegistered = domain.Conflict("accounts.already_registered")
	ErrNotRegistered     = domain.NotFound("accounts.not_found")
	ErrUnknownRole       = domain.Invalid("accounts.unknown_role")
	ErrUnknownMethod     = domain.Invalid("accounts.unknown_password_method")
	// ErrInviteTraveller: the e-mail an admin invites to drive is a traveller's account. Its role is
	// never changed by an invitation: whoever typed the address would give a stranger's account a staff
	// role (or take a traveller's away).
	ErrInviteTraveller = domain.Conflict("accounts.invite_traveller")
	// ErrInviteStaff: the e-mail an admin invites to drive is an admin's or support's account.
	ErrInviteStaff = domain.Conflict("accounts.invite_staff")
)

// CheckDriverInvitable says whether an account with role may be invited to drive (and linked to a
// driver): only a driver's account may; a traveller's or staff's is refused, never promoted.
func CheckDriverInvitable(role string) error {
	switch role {
	case RoleDriver:
		return nil
	case RoleUser:
		return ErrInviteTraveller
	}
	return ErrInviteStaff
}

// Event is an account audit event.
type Event interface{ isAccountEvent() }

// UserRegistered: an account was created.
type UserRegistered struct {
	UserID      string `json:"user_id"`
	Email       string `json:"email"`
	FirstName   string `json:"first_name"`
	LastName    string `json:"last_name"`
	PhoneNumber string `json:"phone_number"`
	Role        string `json:"role"`
	Lang        string `json:"lang"`
	// Via says how: "signup" (the web form or API), "cli" (`mishwar users add`), "demo" (the demo admin),
	// "invite" (an admin invited a driver by e-mail: the account has no usable password until the
	// driver sets one through the invitation's link).
	Via          string    `json:"via"`
	RegisteredAt time.Time `json:"registered_at"`
}

// PersonalInfoChanged: some of the person's details changed. Every detail is recorded with its new
// value; Changed names the ones that differ from before.
type PersonalInfoChanged struct {
	UserID      string    `json:"user_id"`
	Email       string    `json:"email"`
	FirstName   string    `json:"first_name"`
	LastName    string    `json:"last_name"`
	PhoneNumber string    `json:"phone_number"`
	Changed     []string  `json:"changed"`
	ChangedAt   time.Time `json:"changed_at"`
}

// PasswordChanged: the password was replaced (never recorded: only that it happened, how, and how many
// sessions were ended with it).
type PasswordChanged struct {
	UserID        string    `json:"user_id"`
	Method        string    `json:"method"`
	SessionsEnded int       `json:"sessions_ended"`
	ChangedAt     time.Time `json:"changed_at"`
}

// PasswordResetRequested: a reset link was e-mailed to the account's address.
type PasswordResetRequested struct {
	UserID      string    `json:"user_id"`
	RequestedAt time.Time `json:"requested_at"`
}

// RoleChanged: the account's role changed.
type RoleChanged struct {
	UserID    string    `json:"user_id"`
	From      string    `json:"from"`
	To        string    `json:"to"`
	ChangedAt time.Time `json:"changed_at"`
}

// DriverInvited: an admin e-mailed the driver's account a one-time link to set its password. The
// link (never recorded) works once, until ValidUntil; a later invitation replaces it.
type DriverInvited struct {
	UserID     string    `json:"user_id"`
	Email      string    `json:"email"`
	InvitedBy  string    `json:"invited_by"`
	ValidUntil time.Time `json:"valid_until"`
	InvitedAt  time.Time `json:"invited_at"`
}

// OtherSessionsEnded: the person signed out every session but the one they were using.
type OtherSessionsEnded struct {
	UserID  string    `json:"user_id"`
	Count   int       `json:"count"`
	EndedAt time.Time `json:"ended_at"`
}

func (UserRegistered) isAccountEvent()         {}
func (PersonalInfoChanged) isAccountEvent()    {}
func (PasswordChanged) isAccountEvent()        {}
func (PasswordResetRequested) isAccountEvent() {}
func (RoleChanged) isAccountEvent()            {}
func (OtherSessionsEnded) isAccountEvent()     {}
func (DriverInvited) isAccountEvent()          {}

// Command is an account command.
type Command interface{ isAccountCommand() }

// RegisterUser records a new account.
type RegisterUser struct {
	UserID      string `json:"user_id"`
	Email       string `json:"email"`
	FirstName   string `json:"first_name"`
	LastName    string `json:"last_name"`
	PhoneNumber string `json:"phone_number"`
	Role        string `json:"role"`
	Lang        string `json:"lang"`
	Via         string `json:"via"`
}

// ChangePersonalInfo records the person's details as they are now.
type ChangePersonalInfo struct {
	Email       string `json:"email"`
	FirstName   string `json:"first_name"`
	LastName    string `json:"last_name"`
	PhoneNumber string `json:"phone_number"`
}

// RecordPasswordChange records that the password was replaced.
type RecordPasswordChange struct {
	Method        string `json:"method"`
	SessionsEnded int    `json:"sessions_ended"`
}

// RecordPasswordResetRequest records that a reset link was sent.
type RecordPasswordResetRequest struct{}

// ChangeRole sets the account's role.
type ChangeRole struct {
	Role string `json:"role"`
}

// RecordDriverInvitation records that an invitation to set a password was e-mailed to a driver's
// account.
type RecordDriverInvitation struct {
	InvitedBy  string    `json:"invited_by"`
	ValidUntil time.Time `json:"valid_until"`
}

// RecordOtherSessionsEnded records that the person ended their other sessions.
type RecordOtherSessionsEnded struct {
	Count int `json:"count"`
}

func (RegisterUser) isAccountCommand()               {}
func (ChangePersonalInfo) isAccountCommand()         {}
func (RecordPasswordChange) isAccountCommand()       {}
func (RecordPasswordResetRequest) isAccountCommand() {}
func (ChangeRole) isAccountCommand()                 {}
func (RecordOtherSessionsEnded) isAccountCommand()   {}
func (RecordDriverInvitation) isAccountCommand()     {}

// State is what the audit trail knows about an account.
type State struct {
	Registered  bool
	UserID      string
	Email       string
	FirstName   string
	LastName    string
	PhoneNumber string
	Role        string
}

// Decider is the account aggregate.
var Decider = domain.Decider[State, Command, Event]{
	Initial: func() State { return State{} },
	Decide:  decide,
	Evolve:  evolve,
}

func decide(s State, cmd Command, now time.Time) ([]Event, error) {
	now = now.UTC()
	if c, ok := cmd.(RegisterUser); ok {
		if s.Registered {
			return nil, ErrAlreadyRegistered
		}
		if !ValidRole(c.Role) {
			return nil, ErrUnknownRole
		}
		return []Event{UserRegistered{
			UserID: c.UserID, Email: c.Email, FirstName: c.FirstName, LastName: c.LastName,
			PhoneNumber: c.PhoneNumber, Role: c.Role, Lang: c.Lang, Via: c.Via, RegisteredAt: now,
		}}, nil
	}
	if !s.Registered {
		return nil, ErrNotRegistered
	}
	switch c := cmd.(type) {
	case ChangePersonalInfo:
		var changed []string
		for _, f := range []struct{ name, old, new string }{
			{"email", s.Email, c.Email},
			{"first_name", s.FirstName, c.FirstName},
			{"last_name", s.LastName, c.LastName},
			{"phone_number", s.PhoneNumber, c.PhoneNumber},
		} {
			if f.old != f.new {
				changed = append(changed, f.name)
			}
		}
		if len(changed) == 0 {
			return nil, nil
		}
		return []Event{PersonalInfoChanged{
			UserID: s.UserID, Email: c.Email, FirstName: c.FirstName, LastName: c.LastName,
			PhoneNumber: c.PhoneNumber, Changed: changed, ChangedAt: now,
		}}, nil
	case RecordPasswordChange:
		switch c.Method {
		case PasswordChangedByUser, PasswordChangedByReset, PasswordChangedByCLI:
		default:
			return nil, ErrUnknownMethod
		}
		return []Event{PasswordChanged{UserID: s.UserID, Method: c.Method, SessionsEnded: c.SessionsEnded, ChangedAt: now}}, nil
	case RecordPasswordResetRequest:
		return []Event{PasswordResetRequested{UserID: s.UserID, RequestedAt: now}}, nil
	case ChangeRole:
		if !ValidRole(c.Role) {
			return nil, ErrUnknownRole
		}
		if c.Role == s.Role {
			return nil, nil
		}
		return []Event{RoleChanged{UserID: s.UserID, From: s.Role, To: c.Role, ChangedAt: now}}, nil
	case RecordDriverInvitation:
		if err := CheckDriverInvitable(s.Role); err != nil {
			return nil, err
		}
		return []Event{DriverInvited{UserID: s.UserID, Email: s.Email, InvitedBy: c.InvitedBy, ValidUntil: c.ValidUntil.UTC(), InvitedAt: now}}, nil
	case RecordOtherSessionsEnded:
		if c.Count == 0 {
			return nil, nil
		}
		return []Event{OtherSessionsEnded{UserID: s.UserID, Count: c.Count, EndedAt: now}}, nil
	case RegisterUser:
		panic("unreachable: handled above")
	}
	return nil, domain.Invalid("accounts.unknown_command")
}

func evolve(s State, e Event) State {
	switch e := e.(type) {
	case UserRegistered:
		return State{Registered: true, UserID: e.UserID, Email: e.Email, FirstName: e.FirstName,
			LastName: e.LastName, PhoneNumber: e.PhoneNumber, Role: e.Role}
	case PersonalInfoChanged:
		s.Email, s.FirstName, s.LastName, s.PhoneNumber = e.Email, e.FirstName, e.LastName, e.PhoneNumber
	case RoleChanged:
		s.Role = e.To
	case PasswordChanged, PasswordResetRequested, OtherSessionsEnded, DriverInvited:
	}
	return s
}
