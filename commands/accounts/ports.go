package accounts

import (
	"context"
	"time"

	"github.com/google/uuid"

	"mishwar/domain/account"
)

// The ports of the application: the account tables, their transactions, password hashing and rate
// limits. Adapters implement them (adapters/accountsdb, adapters/ratelimit); the composition root
// passes them to New. Every query names the narrow part of Tables it reads in its own file.

// Tables are the account tables read and written outside a transaction of the application's own.
type Tables interface {
	UserReader
	SessionReader
	SessionsLister
	LocationsReader
	PickupPointsReader
	PickupPointReader
	WishlistReader
	KnownAddresses
	Credentials(ctx context.Context, email string) (account.User, string, error)
	PasswordHash(ctx context.Context, id uuid.UUID) (string, error)
	UserByEmail(ctx context.Context, email string) (account.User, error)
	CreateSession(ctx context.Context, userID uuid.UUID, c account.Client) (token string, s account.Session, err error)
	RevokeToken(ctx context.Context, token string) (bool, error)
	RevokeSession(ctx context.Context, userID, sessionID uuid.UUID) error
	// ResetLinkLifetime is how long a password reset link works (the e-mail says so).
	ResetLinkLifetime() time.Duration
	AddSavedLocation(ctx context.Context, userID uuid.UUID, l account.SavedLocation) (account.SavedLocation, error)
	DeleteSavedLocation(ctx context.Context, userID, id uuid.UUID) error
	AddPickupPoint(ctx context.Context, userID uuid.UUID, p account.PickupPoint) (account.PickupPoint, error)
	DeletePickupPoint(ctx context.Context, userID, id uuid.UUID) error
	// AddToWishlist adds an item; one that is there already changes nothing and reports false.
	AddToWishlist(ctx context.Context, userID uuid.UUID, kind, itemID string) (account.WishlistItem, bool, error)
	RemoveFromWishlist(ctx context.Context, userID uuid.UUID, kind, itemID string) error
	AuditQueue
}

// AuditQueue is the audit outbox: commands queued with the changes they describe (Tx.QueueAudit).
type AuditQueue interface {
	// FlushAudit hands userID's queued entries to execute, oldest first, one flush of an account at
	// a time and with no transaction open while execute runs, and removes each one it accepted; it
	// stops at the first refusal.
	FlushAudit(ctx context.Context, userID uuid.UUID, execute func(account.AuditEntry) error) error
	// PendingAudit lists the accounts with entries queued for longer than olderThan.
	PendingAudit(ctx context.Context, olderThan time.Duration) ([]uuid.UUID, error)
}

// Tx is one transaction on the account tables: everything written through it, the audit commands
// and the e-mails included, commits together or not at all.
type Tx interface {
	UserByEmail(ctx context.Context, email string) (account.User, error)
	// UserForUpdate reads an account and holds it until the transaction ends, so changes to one
	// account (and their audit records) happen one after another.
	UserForUpdate(ctx context.Context, id uuid.UUID) (account.User, error)
	CreateUser(ctx context.Context, n account.NewUser) (account.User, error)
	UpdatePersonalInfo(ctx context.Context, id uuid.UUID, p account.PersonalInfo) (account.User, error)
	SetPassword(ctx context.Context, id uuid.UUID, hash string) error
	SetRole(ctx context.Context, id uuid.UUID, role string) error
	CountByRole(ctx context.Context, role string) (int, error)
	// Lock holds the exclusive lock named key until the transaction ends (across processes).
	Lock(ctx context.Context, key int64) error
	CreateSession(ctx context.Context, userID uuid.UUID, c account.Client) (token string, s account.Session, err error)
	// RevokeUserSessions ends every live session of userID but keep (uuid.Nil: all) and counts them.
	RevokeUserSessions(ctx context.Context, userID, keep uuid.UUID) (int, error)
	ActiveSessions(ctx context.Context, userID uuid.UUID) ([]account.Session, error)
	CreateResetToken(ctx context.Context, userID uuid.UUID) (string, error)
	// CreateInviteToken issues a driver's invitation token (a reset token that works longer) and
	// says until when it works.
	CreateInviteToken(ctx context.Context, userID uuid.UUID) (string, time.Time, error)
	ConsumeResetToken(ctx context.Context, token string) (uuid.UUID, error)
	QueueAudit(ctx context.Context, e account.AuditEntry) error
	QueueMail(ctx context.Context, m account.Mail) error
}

// Transactions runs a change in one transaction of the account tables: it commits when change
// returns nil and rolls back otherwise.
type Transactions interface {
	InTx(ctx context.Context, change func(ctx context.Context, tx Tx) error) error
}

// Transact adapts an adapter's transactions, which hand change their own concrete type T, to
// Transactions: cmdaccounts.Transact(tables.InTx).
func Transact[T Tx](inTx func(ctx context.Context, change func(ctx context.Context, tx T) error) error) Transactions {
	return transactions[T](inTx)
}

type transactions[T Tx] func(ctx context.Context, change func(ctx context.Context, tx T) error) error

func (t transactions[T]) InTx(ctx context.Context, change func(ctx context.Context, tx Tx) error) error {
	return t(ctx, func(ctx context.Context, tx T) error { return change(ctx, tx) })
}

// Passwords hashes and verifies passwords.
type Passwords interface {
	Hash(ctx context.Context, password string) (string, error)
	Verify(ctx context.Context, hash, password string) (bool, error)
	// Burn spends the time a verification would, so a failed sign-in takes as long whether or not
	// the address is registered.
	Burn(ctx context.Context, password string)
}

// Limiter keeps rate-limit budgets. Take spends one request of key's budget under rule and Check
// only looks; both refuse with *account.RateLimited.
type Limiter interface {
	Take(ctx context.Context, rule account.RateRule, key string) error
	Check(ctx context.Context, rule account.RateRule, key string) error
}

// WishlistItems tells what a wishlist request's id or slug names in the catalogue: the ids of the
// destination and of the program a visitor may see by that name ("" for none).
type WishlistItems interface {
	Resolve(ctx context.Context, ref string) (account.WishlistRef, error)
}
