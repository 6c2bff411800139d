package account

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
)

// The plain data the accounts application and its tables (adapters/accountsdb) hand each other. None
// of it carries a secret except where a field says so: a password hash never leaves the tables but
// to be verified, and a session or reset token exists in clear only once, on its way to its owner.

// Answers of the account tables the application acts on (errors.Is).
var (
	// ErrEmailTaken: another account has this e-mail.
	ErrEmailTaken = errors.New("accounts: e-mail already registered")
	// ErrUserNotFound: no account with this id or e-mail.
	ErrUserNotFound = errors.New("accounts: no such user")
	// ErrNoSession: the token is unknown, expired or revoked.
	ErrNoSession = errors.New("accounts: no such session")
	// ErrBadResetToken: the reset token is unknown, used or expired.
	ErrBadResetToken = errors.New("accounts: invalid reset token")
	// ErrEntryNotFound: the saved location, pickup point or wishlist item is not the person's.
	ErrEntryNotFound = errors.New("accounts: not found")
	// ErrTooMany: the person already has as many saved places (or wishlist items) as allowed.
	ErrTooMany = fmt.Errorf("accounts: at most %d per person", MaxPlacesPerUser)
)

// MaxPlacesPerUser bounds saved locations and pickup points per person.
const MaxPlacesPerUser = 50

// MaxWishlistItems bounds a wishlist.
const MaxWishlistItems = 200

// User is an account without its password hash.
type User struct {
	ID                uuid.UUID
	Email             string
	FirstName         string
	LastName          string
	PhoneNumber       string
	Role              string
	Lang              string
	CreatedAt         time.Time
	UpdatedAt         time.Time
	PasswordChangedAt time.Time
	// InvitedAt is when an admin invited the account (a driver's, made with a password nobody
	// knows); nil for an account whose holder chose its password at sign-up or was given one.
	InvitedAt *time.Time
}

// AwaitingFirstPassword reports whether u was invited and nobody has chosen its password since: its
// holder has not used an invitation's link (it lapsed, or was lost), so nobody can sign in to it yet.
func (u User) AwaitingFirstPassword() bool {
	return u.InvitedAt != nil && !u.PasswordChangedAt.After(*u.InvitedAt)
}

// Initials are what the header shows for a signed-in person.
func (u User) Initials() string {
	var b strings.Builder
	for _, n := range []string{u.FirstName, u.LastName} {
		for _, r := range n {
			b.WriteString(strings.ToUpper(string(r)))
			break
		}
	}
	return b.String()
}

// IsStaff reports whether the account signs in to the admin area (admins and support staff).
func (u User) IsStaff() bool { return u.Role == RoleAdmin || u.Role == RoleSupport }

// NewUser is an account to create. Email must already be normalised and the password hashed.
type NewUser struct {
	ID           uuid.UUID
	Email        string
	PasswordHash string
	FirstName    string
	LastName     string
	PhoneNumber  string
	Role         string
	Lang         string
	// Invited: an admin's invitation makes the account, with a password nobody knows.
	Invited bool
}

// PersonalInfo is what a person may change about themselves.
type PersonalInfo struct {
	Email       string
	FirstName   string
	LastName    string
	PhoneNumber string
}

// Client describes where a request came from, recorded with a session.
type Client struct {
	IP        string
	UserAgent string
}

// Session is one signed-in device.
type Session struct {
	ID         uuid.UUID
	UserID     uuid.UUID
	CreatedAt  time.Time
	ExpiresAt  time.Time
	LastSeenAt time.Time
	IP         string
	UserAgent  string
}

// Principal is who a session token belongs to.
type Principal struct {
	User      User
	SessionID uuid.UUID
	// ExpiresAt is when the session runs out, unless it is ended sooner.
	ExpiresAt time.Time
}

// SavedLocation is an address saved from the start/end point pickers.
type SavedLocation struct {
	ID        uuid.UUID
	Label     string
	Address   string
	Kind      string
	Lat       float64
	Lng       float64
	CreatedAt time.Time
}

// PickupPoint is one of the user's own pickup points.
type PickupPoint struct {
	ID        uuid.UUID
	Name      string
	Address   string
	Notes     string
	Lat       float64
	Lng       float64
	CreatedAt time.Time
}

// WishlistItem is a destination or program kept for later.
type WishlistItem struct {
	Kind    string
	ItemID  string
	AddedAt time.Time
}

// AuditEntry is an audit command queued in the transaction of the change it describes, until it is
// executed against the account's stream. Command is the command's JSON, CommandType its Go type's
// name; neither ever holds a secret.
type AuditEntry struct {
	CommandID   uuid.UUID
	UserID      uuid.UUID
	CommandType string
	Command     []byte
	ActorID     string
	ActorRole   string
	ClientIP    string
}

// Mail is an e-mail to queue in the transaction of the change that causes it, every string already
// in the recipient's language. The mail outbox lays it out (text and HTML) and delivers it.
type Mail struct {
	To         string
	ToName     string
	Lang       string
	Subject    string
	Heading    string
	Greeting   string
	Paragraphs []string
	// Action is the mail's one button (the reset link); optional.
	Action *MailAction
	// After are paragraphs below the button.
	After []string
}

// MailAction is a link shown as a button.
type MailAction struct {
	Label string
	URL   string
}

// RateRule is a rate: at most Limit requests per Period per key, as a burst or spread out. Name
// prefixes the key, so one address has separate budgets for signing in and for signing up. A zero
// Limit turns the rule off.
type RateRule struct {
	Name   string
	Limit  int
	Period time.Duration
}

// RateLimited is the refusal of a spent budget: try again After.
type RateLimited struct {
	Rule  string
	After time.Duration
}

func (e *RateLimited) Error() string {
	return fmt.Sprintf("accounts: rate limit %s: retry after %s", e.Rule, e.After)
}

// ErrRateLimited matches every *RateLimited with errors.Is.
var ErrRateLimited = errors.New("accounts: rate limited")

func (e *RateLimited) Is(target error) bool { return target == ErrRateLimited }
