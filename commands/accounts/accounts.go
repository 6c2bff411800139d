// Package accounts runs the account use cases: sign-up, sign-in and sign-out, personal details,
// passwords (change, forgotten, reset by e-mailed link), the user's saved places and wishlist, and the
// operator's `mishwar users add`. Credentials change in ordinary tables (adapters/accountsdb); each
// change also appends an audit event to the account's stream through the command runner, relayed
// from an outbox row written in the same transaction, so the audit trail never misses a change.
//
// It never puts a password, hash or token into an event, a log line or an error.
package accounts

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	store "mishwar/adapters/accountsdb"
	"mishwar/adapters/ratelimit"
	"mishwar/commands"
	"mishwar/domain"
)

// Refusals of the account use cases (message keys in internal/i18n/catalog_accounts.go).
var (
	ErrWrongCredentials = domain.Unauthenticated("accounts.wrong_credentials")
	ErrUserNotFound     = domain.NotFound("accounts.not_found")
	ErrPlaceNotFound    = domain.NotFound("accounts.place_not_found")
	ErrWishlistNotFound = domain.NotFound("accounts.wishlist_item_not_found")
	ErrTooManyPlaces    = domain.Conflict("accounts.too_many_places")
	ErrSessionNotFound  = domain.NotFound("accounts.session_not_found")
)

// Limits are the rate limits of the calls that guess at secrets or cost an e-mail. A zero Limit turns
// a rule off.
type Limits struct {
	// LoginIP bounds sign-in attempts per client address.
	LoginIP ratelimit.Rule
	// LoginAccount bounds failed sign-ins per e-mail address (whether or not it has an account).
	LoginAccount ratelimit.Rule
	// RegisterIP bounds sign-ups per client address.
	RegisterIP ratelimit.Rule
	// ForgotIP and ForgotAccount bound reset e-mails per client address and per e-mail address.
	ForgotIP      ratelimit.Rule
	ForgotAccount ratelimit.Rule
	// ResetIP bounds attempts to use reset tokens per client address.
	ResetIP ratelimit.Rule
	// PasswordAccount bounds wrong old passwords on change-password per account.
	PasswordAccount ratelimit.Rule
}

// DefaultLimits: tight per account (where guessing happens), looser per address, because a hotel's
// Wi-Fi or a mobile carrier puts many travellers behind one address.
func DefaultLimits() Limits {
	return Limits{
		LoginIP:         ratelimit.Rule{Name: "login-ip", Limit: 100, Period: 10 * time.Minute},
		LoginAccount:    ratelimit.Rule{Name: "login-account", Limit: 10, Period: 15 * time.Minute},
		RegisterIP:      ratelimit.Rule{Name: "register-ip", Limit: 60, Period: time.Hour},
		ForgotIP:        ratelimit.Rule{Name: "forgot-ip", Limit: 30, Period: time.Hour},
		ForgotAccount:   ratelimit.Rule{Name: "forgot-account", Limit: 3, Period: time.Hour},
		ResetIP:         ratelimit.Rule{Name: "reset-ip", Limit: 60, Period: time.Hour},
		PasswordAccount: ratelimit.Rule{Name: "password-account", Limit: 10, Period: 15 * time.Minute},
	}
}

// Service runs the account use cases.
type Service struct {
	Pool    *pgxpool.Pool
	Store   *store.Store
	Limiter *ratelimit.Limiter
	Runner  *commands.Runner
	Limits  Limits
	Logger  *slog.Logger
	// PublicURL is the site's address for links in e-mails (a function: tests learn it after start).
	PublicURL func() string
	// ItemExists, when set, checks that a wishlist item names a real destination or program.
	ItemExists func(ctx context.Context, kind, id string) (bool, error)
}

// New returns a service with the default limits.
func New(pool *pgxpool.Pool, runner *commands.Runner, publicURL func() string, log *slog.Logger) *Service {
	if log == nil {
		log = slog.Default()
	}
	if publicURL == nil {
		publicURL = func() string { return "http://localhost:8080" }
	}
	return &Service{
		Pool: pool, Store: store.NewStore(pool), Limiter: ratelimit.NewLimiter(pool), Runner: runner,
		Limits: DefaultLimits(), Logger: log, PublicURL: publicURL,
	}
}

// Client is where a request comes from.
type Client = store.Client

// User is an account as the API shows it.
type User = store.User

// Actor is who acts, for the audit metadata.
type Actor struct {
	UserID    uuid.UUID
	Role      string
	SessionID uuid.UUID
	IP        string
}

func (a Actor) meta() commands.Meta {
	m := commands.NewMeta(commands.Actor{UserID: a.UserID.String(), Role: a.Role})
	if a.UserID == uuid.Nil {
		m.Actor.UserID = ""
	}
	m.ClientIP = a.IP
	return m
}

// userError maps the store's sentinels to refusals the API answers.
func userError(err error) error {
	switch {
	case errors.Is(err, store.ErrUserNotFound):
		return ErrUserNotFound
	case errors.Is(err, store.ErrNotFound):
		return ErrPlaceNotFound
	case errors.Is(err, store.ErrTooMany):
		return ErrTooManyPlaces
	}
	return err
}

// validation returns a one-field validation error.
func validation(field, key string) error {
	v := &domain.ValidationError{}
	v.Add(field, key)
	return v
}

// Rate-limit helpers: a refusal is a *ratelimit.RateLimitError, which the API turns into 429.
func (s *Service) take(ctx context.Context, r ratelimit.Rule, key string) error {
	return s.Limiter.Take(ctx, r, key)
}
