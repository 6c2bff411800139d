// Package accounts is the accounts application: sign-up, sign-in and sign-out, personal details,
// passwords (change, forgotten, reset by e-mailed link), the user's saved places and wishlist, the
// operator's `mishwar users add` and an admin's invitation of a driver by e-mail. It is the only thing the account API (httpapi/accounts) calls.
//
// Credentials change in ordinary tables behind the Tables port (adapters/accountsdb); each change also
// queues an audit command in the same transaction, executed against the account's stream through the
// command runner right after the commit (and by a relay after a crash or an outage), so the audit
// trail never misses a change. Rate limits and password hashing are ports too (adapters/ratelimit,
// adapters/accountsdb); this package imports no adapter.
//
// It never puts a password, hash or token into an event, a log line or an error.
package accounts

import (
	"errors"
	"log/slog"

	"mishwar/commands"
	"mishwar/domain"
	"mishwar/domain/account"
)

// Application is everything the account API and the composition root may call.
type Application struct {
	Commands Commands
	Queries  Queries
	// Limits are the rate limits in force; the handlers read them on every call (tests tune them).
	Limits *Limits
	// Audit relays audit commands left queued by a crash or an event-store outage.
	Audit AuditRelay
}

// Commands change accounts, one file each.
type Commands struct {
	Register             RegisterHandler
	SignIn               SignInHandler
	SignOut              SignOutHandler
	ChangePersonalInfo   ChangePersonalInfoHandler
	ChangePassword       ChangePasswordHandler
	EndOtherSessions     EndOtherSessionsHandler
	EndSession           EndSessionHandler
	RequestPasswordReset RequestPasswordResetHandler
	ResetPassword        ResetPasswordHandler
	SaveLocation         SaveLocationHandler
	DeleteLocation       DeleteLocationHandler
	AddPickupPoint       AddPickupPointHandler
	DeletePickupPoint    DeletePickupPointHandler
	AddToWishlist        AddToWishlistHandler
	RemoveFromWishlist   RemoveFromWishlistHandler
	AddOrUpdateUser      AddOrUpdateUserHandler
	EnsureDemoAdmin      EnsureDemoAdminHandler
	InviteDriver         InviteDriverHandler
}

// Queries read accounts, one file each.
type Queries struct {
	Session        SessionHandler
	Me             MeHandler
	Sessions       SessionsHandler
	SavedLocations SavedLocationsHandler
	PickupPoints   PickupPointsHandler
	PickupPoint    PickupPointHandler
	Wishlist       WishlistHandler
}

// Config is what the application runs on.
type Config struct {
	Tables       Tables
	Transactions Transactions
	Passwords    Passwords
	Limiter      Limiter
	Runner       *commands.Runner
	// Limits default to DefaultLimits.
	Limits *Limits
	Logger *slog.Logger
	// PublicURL is the site's address for links in e-mails (a function: tests learn it after start).
	PublicURL func() string
	// Items tells what a wishlist item's id or slug names in the catalogue.
	Items WishlistItems
}

// New wires the application to its ports.
func New(cfg Config) Application {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.PublicURL == nil {
		cfg.PublicURL = func() string { return "http://localhost:8080" }
	}
	if cfg.Limits == nil {
		l := DefaultLimits()
		cfg.Limits = &l
	}
	audit := &auditor{tables: cfg.Tables, runner: cfg.Runner, log: cfg.Logger}
	lim := &limits{limiter: cfg.Limiter, rules: cfg.Limits}
	tx := cfg.Transactions
	return Application{
		Limits: cfg.Limits,
		Audit:  AuditRelay{audit: audit},
		Commands: Commands{
			Register:             RegisterHandler{tables: cfg.Tables, tx: tx, passwords: cfg.Passwords, limits: lim, audit: audit},
			SignIn:               SignInHandler{tables: cfg.Tables, passwords: cfg.Passwords, limits: lim},
			SignOut:              SignOutHandler{tables: cfg.Tables},
			ChangePersonalInfo:   ChangePersonalInfoHandler{tx: tx, current: currentPassword{tables: cfg.Tables, passwords: cfg.Passwords, limits: lim}, audit: audit},
			ChangePassword:       ChangePasswordHandler{tx: tx, passwords: cfg.Passwords, current: currentPassword{tables: cfg.Tables, passwords: cfg.Passwords, limits: lim}, audit: audit},
			EndOtherSessions:     EndOtherSessionsHandler{tx: tx, audit: audit},
			EndSession:           EndSessionHandler{tables: cfg.Tables},
			RequestPasswordReset: RequestPasswordResetHandler{tables: cfg.Tables, tx: tx, limits: lim, audit: audit, publicURL: cfg.PublicURL},
			ResetPassword:        ResetPasswordHandler{tx: tx, passwords: cfg.Passwords, limits: lim, audit: audit},
			SaveLocation:         SaveLocationHandler{tables: cfg.Tables},
			DeleteLocation:       DeleteLocationHandler{tables: cfg.Tables},
			AddPickupPoint:       AddPickupPointHandler{tables: cfg.Tables},
			DeletePickupPoint:    DeletePickupPointHandler{tables: cfg.Tables},
			AddToWishlist:        AddToWishlistHandler{tables: cfg.Tables, items: cfg.Items},
			RemoveFromWishlist:   RemoveFromWishlistHandler{tables: cfg.Tables},
			AddOrUpdateUser:      AddOrUpdateUserHandler{tx: tx, passwords: cfg.Passwords, audit: audit},
			EnsureDemoAdmin:      EnsureDemoAdminHandler{tx: tx, passwords: cfg.Passwords, audit: audit},
			InviteDriver:         InviteDriverHandler{tx: tx, passwords: cfg.Passwords, audit: audit, publicURL: cfg.PublicURL},
		},
		Queries: Queries{
			Session:        SessionHandler{sessions: cfg.Tables},
			Me:             MeHandler{users: cfg.Tables},
			Sessions:       SessionsHandler{sessions: cfg.Tables},
			SavedLocations: SavedLocationsHandler{locations: cfg.Tables},
			PickupPoints:   PickupPointsHandler{points: cfg.Tables},
			PickupPoint:    PickupPointHandler{points: cfg.Tables},
			Wishlist:       WishlistHandler{wishlist: cfg.Tables},
		},
	}
}

// Refusals of the account use cases (message keys in internal/i18n/catalog_accounts.go).
var (
	ErrWrongCredentials = domain.Unauthenticated("accounts.wrong_credentials")
	ErrUserNotFound     = domain.NotFound("accounts.not_found")
	ErrPlaceNotFound    = domain.NotFound("accounts.place_not_found")
	ErrWishlistNotFound = domain.NotFound("accounts.wishlist_item_not_found")
	ErrTooManyPlaces    = domain.Conflict("accounts.too_many_places")
	ErrSessionNotFound  = domain.NotFound("accounts.session_not_found")
)

// userError maps the tables' answers to refusals the API answers.
func userError(err error) error {
	switch {
	case errors.Is(err, account.ErrUserNotFound):
		return ErrUserNotFound
	case errors.Is(err, account.ErrEntryNotFound):
		return ErrPlaceNotFound
	case errors.Is(err, account.ErrTooMany):
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

func or(v, def string) string {
	if v == "" {
		return def
	}
	return v
}
