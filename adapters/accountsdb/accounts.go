// Package accountsdb keeps credentials and what belongs to one person: users with their password
// hashes, sessions, password reset tokens, rate-limit buckets, saved locations, the wishlist and the
// user's own pickup points. Everything here lives in ordinary PostgreSQL tables (migrations 01xxx).
//
// It must never write a secret anywhere else: no password, hash or token goes into an event, a log
// line or an error message. Tokens are handed out once and kept only as SHA-256 hashes.
package accountsdb

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"mishwar/domain/account"
)

// DBTX is a pool or a transaction: every write that belongs with another one takes the caller's tx.
type DBTX interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// The tables' answers are the port's (domain/account), under the names this package always had.
var (
	ErrEmailTaken    = account.ErrEmailTaken
	ErrUserNotFound  = account.ErrUserNotFound
	ErrNoSession     = account.ErrNoSession
	ErrBadResetToken = account.ErrBadResetToken
	ErrNotFound      = account.ErrEntryNotFound
)

// Store reads and writes the account tables.
type Store struct {
	pool *pgxpool.Pool
	// Now is the clock (tests move it).
	Now func() time.Time
	// SessionTTL is how long a session lives after sign-in.
	SessionTTL time.Duration
	// ResetTTL is how long a password reset link works.
	ResetTTL time.Duration
	// InviteTTL is how long a driver's invitation link works.
	InviteTTL time.Duration
	// SessionNotices is the PostgreSQL notification channel on which every change that ends
	// sessions or changes a role is announced, in the changing transaction (so only once it
	// commits), as {"topic": SessionsChangedTopic, "payload": {"user_id": "..."}}: the live layer
	// of every process then checks that user's open sockets again. Empty: nothing is announced.
	// The composition root sets it to the live layer's channel (projections.LiveChannel).
	SessionNotices string
	// UserChanged, when set, is called in this process as a change to userID's sessions, role or
	// personal details is made (before it commits), so that what this process keeps of them (the
	// API's session cache) is dropped before the change's answer leaves. Other processes learn of
	// session and role changes by the notice on SessionNotices.
	UserChanged func(userID uuid.UUID)
}

// SessionsChangedTopic is the topic of the notice sent on SessionNotices.
const SessionsChangedTopic = "accounts.sessions_changed"

// DefaultSessionTTL keeps people signed in for a month, like the spec's 30-day cookie cart.
const DefaultSessionTTL = 30 * 24 * time.Hour

// DefaultResetTTL is short: a reset link in a mailbox is a key to the account.
const DefaultResetTTL = time.Hour

// DefaultInviteTTL is a week: an invited driver may not read their mail the same day, and the link
// opens only an account that has nothing in it yet.
const DefaultInviteTTL = 7 * 24 * time.Hour

// NewStore returns a store on pool with the default lifetimes.
func NewStore(pool *pgxpool.Pool) *Store {
	return &Store{pool: pool, Now: time.Now, SessionTTL: DefaultSessionTTL, ResetTTL: DefaultResetTTL, InviteTTL: DefaultInviteTTL}
}

// Pool is the store's pool, for callers that open a transaction spanning several writes.
func (s *Store) Pool() *pgxpool.Pool { return s.pool }

// User is an account without its password hash.
type User = account.User

const userColumns = `id, email, first_name, last_name, phone_number, role, lang, created_at, updated_at, password_changed_at, invited_at`

// qualifiedUserColumns are userColumns for a join with users aliased u.
var qualifiedUserColumns = "u." + strings.ReplaceAll(userColumns, ", ", ", u.")

func scanUser(row pgx.Row, extra ...any) (User, error) {
	var u User
	dst := append([]any{&u.ID, &u.Email, &u.FirstName, &u.LastName, &u.PhoneNumber, &u.Role, &u.Lang,
		&u.CreatedAt, &u.UpdatedAt, &u.PasswordChangedAt, &u.InvitedAt}, extra...)
	err := row.Scan(dst...)
	if errors.Is(err, pgx.ErrNoRows) {
		return User{}, ErrUserNotFound
	}
	if err != nil {
		return User{}, fmt.Errorf("accounts: read user: %w", err)
	}
	u.CreatedAt, u.UpdatedAt, u.PasswordChangedAt = u.CreatedAt.UTC(), u.UpdatedAt.UTC(), u.PasswordChangedAt.UTC()
	if u.InvitedAt != nil {
		at := u.InvitedAt.UTC()
		u.InvitedAt = &at
	}
	return u, nil
}

// NewUser is an account to create. Email must already be normalised and the password hashed.
type NewUser = account.NewUser

// CreateUser inserts an account in db (a transaction, usually). ErrEmailTaken when the e-mail is
// registered already: the unique index decides, so two sign-ups racing for one address cannot both win.
func (s *Store) CreateUser(ctx context.Context, db DBTX, n NewUser) (User, error) {
	if n.Lang == "" {
		n.Lang = "en"
	}
	now := s.Now().UTC()
	var invitedAt *time.Time
	if n.Invited {
		invitedAt = &now
	}
	row := db.QueryRow(ctx, `
		INSERT INTO users (id, email, password_hash, first_name, last_name, phone_number, role, lang, created_at, updated_at, password_changed_at, invited_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $9, $10)
		RETURNING `+userColumns,
		n.ID, n.Email, n.PasswordHash, n.FirstName, n.LastName, n.PhoneNumber, n.Role, n.Lang, now, invitedAt)
	u, err := scanUser(row)
	if isUniqueViolation(err, "users_email_key") {
		return User{}, ErrEmailTaken
	}
	return u, err
}

func isUniqueViolation(err error, constraint string) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23505" && pgErr.ConstraintName == constraint
}

// UserByID returns the account with id.
func (s *Store) UserByID(ctx context.Context, db DBTX, id uuid.UUID) (User, error) {
	return scanUser(db.QueryRow(ctx, `SELECT `+userColumns+` FROM users WHERE id = $1`, id))
}

// UserByEmail returns the account with a normalised e-mail.
func (s *Store) UserByEmail(ctx context.Context, db DBTX, email string) (User, error) {
	return scanUser(db.QueryRow(ctx, `SELECT `+userColumns+` FROM users WHERE email = $1`, email))
}

// UserForUpdate reads an account and locks its row until db's transaction ends, so changes to one
// account (and their audit records) happen one after another.
func (s *Store) UserForUpdate(ctx context.Context, tx pgx.Tx, id uuid.UUID) (User, error) {
	return scanUser(tx.QueryRow(ctx, `SELECT `+userColumns+` FROM users WHERE id = $1 FOR UPDATE`, id))
}

// Credentials returns the account with email and its password hash.
func (s *Store) Credentials(ctx context.Context, db DBTX, email string) (User, string, error) {
	var hash string
	u, err := scanUser(db.QueryRow(ctx, `SELECT `+userColumns+`, password_hash FROM users WHERE email = $1`, email), &hash)
	return u, hash, err
}

// PasswordHash returns the password hash of the account with id.
func (s *Store) PasswordHash(ctx context.Context, db DBTX, id uuid.UUID) (string, error) {
	var hash string
	err := db.QueryRow(ctx, `SELECT password_hash FROM users WHERE id = $1`, id).Scan(&hash)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", ErrUserNotFound
	}
	if err != nil {
		return "", fmt.Errorf("accounts: read password hash: %w", err)
	}
	return hash, nil
}

// PersonalInfo is what a person may change about themselves.
type PersonalInfo = account.PersonalInfo

// UpdatePersonalInfo stores new details. ErrEmailTaken when the new e-mail belongs to someone else.
func (s *Store) UpdatePersonalInfo(ctx context.Context, db DBTX, id uuid.UUID, p PersonalInfo) (User, error) {
	row := db.QueryRow(ctx, `
		UPDATE users SET email = $2, first_name = $3, last_name = $4, phone_number = $5, updated_at = $6
		 WHERE id = $1 RETURNING `+userColumns,
		id, p.Email, p.FirstName, p.LastName, p.PhoneNumber, s.Now().UTC())
	u, err := scanUser(row)
	if isUniqueViolation(err, "users_email_key") {
		return User{}, ErrEmailTaken
	}
	if err == nil && s.UserChanged != nil {
		s.UserChanged(id)
	}
	return u, err
}

// SetPassword stores a new password hash.
func (s *Store) SetPassword(ctx context.Context, db DBTX, id uuid.UUID, hash string) error {
	now := s.Now().UTC()
	tag, err := db.Exec(ctx, `UPDATE users SET password_hash = $2, password_changed_at = $3, updated_at = $3 WHERE id = $1`, id, hash, now)
	if err != nil {
		return fmt.Errorf("accounts: set password: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return ErrUserNotFound
	}
	return nil
}

// SetRole stores a new role.
func (s *Store) SetRole(ctx context.Context, db DBTX, id uuid.UUID, role string) error {
	tag, err := db.Exec(ctx, `UPDATE users SET role = $2, updated_at = $3 WHERE id = $1`, id, role, s.Now().UTC())
	if err != nil {
		return fmt.Errorf("accounts: set role: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return ErrUserNotFound
	}
	return s.announceSessions(ctx, db, id)
}

// SetLang remembers the language a person uses, for the e-mails sent to them.
func (s *Store) SetLang(ctx context.Context, db DBTX, id uuid.UUID, lang string) error {
	_, err := db.Exec(ctx, `UPDATE users SET lang = $2 WHERE id = $1 AND lang <> $2`, id, lang)
	if err != nil {
		return fmt.Errorf("accounts: set language: %w", err)
	}
	return nil
}

// CountByRole counts accounts with role.
func (s *Store) CountByRole(ctx context.Context, db DBTX, role string) (int, error) {
	var n int
	if err := db.QueryRow(ctx, `SELECT count(*) FROM users WHERE role = $1`, role).Scan(&n); err != nil {
		return 0, fmt.Errorf("accounts: count users: %w", err)
	}
	return n, nil
}
