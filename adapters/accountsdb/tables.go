package accountsdb

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"mishwar/domain/account"
)

// Tables is the account tables as the accounts application's ports want them (commands/accounts:
// Tables, and through InTx its Tx): reads on the pool, changes in one transaction together with the
// audit commands and e-mails they cause.
type Tables struct {
	*Store
	mail MailQueue
}

// MailQueue records an e-mail in db, the transaction of the change that causes it. The composition
// root passes the mail outbox's (adapters/mail): one adapter never imports another.
type MailQueue func(ctx context.Context, db DBTX, m account.Mail) error

// NewTables returns the tables of store; mail queues the e-mails (nil: a change that mails fails).
func NewTables(store *Store, mail MailQueue) *Tables { return &Tables{Store: store, mail: mail} }

var errNoMailQueue = errors.New("accountsdb: no mail queue wired")

// InTx runs change in one transaction: it commits when change returns nil and rolls back otherwise.
func (t *Tables) InTx(ctx context.Context, change func(ctx context.Context, tx *Tx) error) error {
	return pgx.BeginFunc(ctx, t.pool, func(ptx pgx.Tx) error {
		return change(ctx, &Tx{s: t.Store, tx: ptx, mail: t.mail})
	})
}

// UserByID returns the account with id.
func (t *Tables) UserByID(ctx context.Context, id uuid.UUID) (account.User, error) {
	return t.Store.UserByID(ctx, t.pool, id)
}

// UserByEmail returns the account with a normalised e-mail.
func (t *Tables) UserByEmail(ctx context.Context, email string) (account.User, error) {
	return t.Store.UserByEmail(ctx, t.pool, email)
}

// Credentials returns the account with email and its password hash.
func (t *Tables) Credentials(ctx context.Context, email string) (account.User, string, error) {
	return t.Store.Credentials(ctx, t.pool, email)
}

// PasswordHash returns the password hash of the account with id.
func (t *Tables) PasswordHash(ctx context.Context, id uuid.UUID) (string, error) {
	return t.Store.PasswordHash(ctx, t.pool, id)
}

// CreateSession signs userID in (see Store.CreateSession).
func (t *Tables) CreateSession(ctx context.Context, userID uuid.UUID, c account.Client) (string, account.Session, error) {
	return t.Store.CreateSession(ctx, t.pool, userID, c)
}

// SignedInFrom reports whether the account with email has signed in from ip (see Store.SignedInFrom).
func (t *Tables) SignedInFrom(ctx context.Context, email, ip string) (bool, error) {
	return t.Store.SignedInFrom(ctx, t.pool, email, ip)
}

// RevokeToken ends the session of token, if it is live.
func (t *Tables) RevokeToken(ctx context.Context, token string) (bool, error) {
	return t.Store.RevokeToken(ctx, t.pool, token)
}

// RevokeSession ends one of userID's sessions by id.
func (t *Tables) RevokeSession(ctx context.Context, userID, sessionID uuid.UUID) error {
	return t.Store.RevokeSession(ctx, t.pool, userID, sessionID)
}

// ActiveSessions lists userID's live sessions, newest first.
func (t *Tables) ActiveSessions(ctx context.Context, userID uuid.UUID) ([]account.Session, error) {
	return t.Store.ActiveSessions(ctx, t.pool, userID)
}

// ResetLinkLifetime is how long a password reset link works.
func (t *Tables) ResetLinkLifetime() time.Duration { return t.ResetTTL }

// FlushAudit hands userID's queued audit commands to execute, oldest first, and removes each one
// execute accepted. Two flushes of one account run one after the other, so the stream keeps the order
// the changes were made in: a session-level advisory lock keyed by the account serialises them. It is
// not a row lock on purpose: execute appends to the event store (a network call with EventStoreDB, a
// retry with backoff on a concurrent append), and a transaction holding an xid across that would hold
// back pg_snapshot_xmin and stall every reader of the PostgreSQL log. Each removal is its own short
// statement; an entry executed and not yet removed when the process dies is executed again, which the
// command runner recognises by its command id. At the first refusal it records the failure on that
// entry and stops: later changes wait their turn.
func (t *Tables) FlushAudit(ctx context.Context, userID uuid.UUID, execute func(account.AuditEntry) error) error {
	conn, err := t.pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("accounts: audit flush: %w", err)
	}
	key := "mishwar.accounts.audit." + userID.String()
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock(hashtextextended($1, 0))`, key); err != nil {
		// The lock may or may not be held by a query cut short: never hand this session back.
		_ = conn.Hijack().Close(context.WithoutCancel(ctx))
		return fmt.Errorf("accounts: audit flush: lock: %w", err)
	}
	defer func() {
		uctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
		defer cancel()
		if _, uerr := conn.Exec(uctx, `SELECT pg_advisory_unlock(hashtextextended($1, 0))`, key); uerr != nil {
			_ = conn.Hijack().Close(uctx) // closing the session releases its locks
			return
		}
		conn.Release()
	}()

	rows, err := conn.Query(ctx, `
		SELECT seq, command_id, user_id, command_type, command, actor_id, actor_role, client_ip
		  FROM account_audit_outbox WHERE user_id = $1 ORDER BY seq`, userID)
	if err != nil {
		return fmt.Errorf("accounts: audit flush: %w", err)
	}
	type queued struct {
		seq   int64
		entry account.AuditEntry
	}
	list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (queued, error) {
		var q queued
		e := &q.entry
		err := r.Scan(&q.seq, &e.CommandID, &e.UserID, &e.CommandType, &e.Command, &e.ActorID, &e.ActorRole, &e.ClientIP)
		return q, err
	})
	if err != nil {
		return fmt.Errorf("accounts: audit flush: %w", err)
	}
	for _, q := range list {
		if err := execute(q.entry); err != nil {
			if _, uerr := conn.Exec(context.WithoutCancel(ctx), `UPDATE account_audit_outbox SET attempts = attempts + 1, last_error = $2 WHERE seq = $1`, q.seq, err.Error()); uerr != nil {
				return errors.Join(err, uerr)
			}
			return err
		}
		if _, err := conn.Exec(context.WithoutCancel(ctx), `DELETE FROM account_audit_outbox WHERE seq = $1`, q.seq); err != nil {
			return fmt.Errorf("accounts: audit flush: %w", err)
		}
	}
	return nil
}

// PendingAudit lists the accounts with audit commands queued for longer than olderThan.
func (t *Tables) PendingAudit(ctx context.Context, olderThan time.Duration) ([]uuid.UUID, error) {
	rows, err := t.pool.Query(ctx, `
		SELECT DISTINCT user_id FROM account_audit_outbox WHERE created_at < now() - $1::bigint * interval '1 microsecond'`,
		olderThan.Microseconds())
	if err != nil {
		return nil, fmt.Errorf("accounts: audit relay: %w", err)
	}
	users, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
	if err != nil {
		return nil, fmt.Errorf("accounts: audit relay: %w", err)
	}
	return users, nil
}

// Tx is one transaction on the account tables (see Tables.InTx).
type Tx struct {
	s    *Store
	tx   pgx.Tx
	mail MailQueue
}

// UserByEmail returns the account with a normalised e-mail.
func (t *Tx) UserByEmail(ctx context.Context, email string) (account.User, error) {
	return t.s.UserByEmail(ctx, t.tx, email)
}

// UserForUpdate reads an account and locks its row until the transaction ends, so changes to one
// account (and their audit records) happen one after another.
func (t *Tx) UserForUpdate(ctx context.Context, id uuid.UUID) (account.User, error) {
	return t.s.UserForUpdate(ctx, t.tx, id)
}

// CreateUser inserts an account (ErrEmailTaken when the e-mail is registered already).
func (t *Tx) CreateUser(ctx context.Context, n account.NewUser) (account.User, error) {
	return t.s.CreateUser(ctx, t.tx, n)
}

// UpdatePersonalInfo stores new details (ErrEmailTaken when the new e-mail is someone else's).
func (t *Tx) UpdatePersonalInfo(ctx context.Context, id uuid.UUID, p account.PersonalInfo) (account.User, error) {
	return t.s.UpdatePersonalInfo(ctx, t.tx, id, p)
}

// SetPassword stores a new password hash.
func (t *Tx) SetPassword(ctx context.Context, id uuid.UUID, hash string) error {
	return t.s.SetPassword(ctx, t.tx, id, hash)
}

// SetRole stores a new role.
func (t *Tx) SetRole(ctx context.Context, id uuid.UUID, role string) error {
	return t.s.SetRole(ctx, t.tx, id, role)
}

// CountByRole counts accounts with role.
func (t *Tx) CountByRole(ctx context.Context, role string) (int, error) {
	return t.s.CountByRole(ctx, t.tx, role)
}

// Lock holds the exclusive lock named key until the transaction ends (a PostgreSQL advisory lock),
// so the same change started by several processes at once runs one after the other.
func (t *Tx) Lock(ctx context.Context, key int64) error {
	if _, err := t.tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, key); err != nil {
		return fmt.Errorf("accounts: lock: %w", err)
	}
	return nil
}

// CreateSession signs userID in.
func (t *Tx) CreateSession(ctx context.Context, userID uuid.UUID, c account.Client) (string, account.Session, error) {
	return t.s.CreateSession(ctx, t.tx, userID, c)
}

// RevokeUserSessions ends every live session of userID except keep (uuid.Nil: all).
func (t *Tx) RevokeUserSessions(ctx context.Context, userID, keep uuid.UUID) (int, error) {
	return t.s.RevokeUserSessions(ctx, t.tx, userID, keep)
}

// ActiveSessions lists userID's live sessions.
func (t *Tx) ActiveSessions(ctx context.Context, userID uuid.UUID) ([]account.Session, error) {
	return t.s.ActiveSessions(ctx, t.tx, userID)
}

// CreateResetToken issues a password reset token for userID.
func (t *Tx) CreateResetToken(ctx context.Context, userID uuid.UUID) (string, error) {
	return t.s.CreateResetToken(ctx, t.tx, userID)
}

// CreateInviteToken issues the token of a driver's invitation and says until when it works.
func (t *Tx) CreateInviteToken(ctx context.Context, userID uuid.UUID) (string, time.Time, error) {
	return t.s.CreateInviteToken(ctx, t.tx, userID)
}

// ConsumeResetToken marks token used and returns its account.
func (t *Tx) ConsumeResetToken(ctx context.Context, token string) (uuid.UUID, error) {
	return t.s.ConsumeResetToken(ctx, t.tx, token)
}

// QueueAudit records an audit command to execute once the transaction commits.
func (t *Tx) QueueAudit(ctx context.Context, e account.AuditEntry) error {
	_, err := t.tx.Exec(ctx, `
		INSERT INTO account_audit_outbox (command_id, user_id, command_type, command, actor_id, actor_role, client_ip)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		e.CommandID, e.UserID, e.CommandType, e.Command, e.ActorID, e.ActorRole, e.ClientIP)
	if err != nil {
		return fmt.Errorf("accounts: audit: %w", err)
	}
	return nil
}

// QueueMail records an e-mail that goes out only if the transaction commits.
func (t *Tx) QueueMail(ctx context.Context, m account.Mail) error {
	if t.mail == nil {
		return errNoMailQueue
	}
	return t.mail(ctx, t.tx, m)
}

// Passwords hashes and verifies passwords with argon2id (HashPassword, VerifyPassword).
type Passwords struct{}

// Hash returns an argon2id hash of password.
func (Passwords) Hash(ctx context.Context, password string) (string, error) {
	return HashPassword(ctx, password)
}

// Verify reports whether password matches hash.
func (Passwords) Verify(ctx context.Context, hash, password string) (bool, error) {
	return VerifyPassword(ctx, hash, password)
}

// Burn spends the time a verification takes, for an e-mail without an account.
func (Passwords) Burn(ctx context.Context, password string) { BurnVerification(ctx, password) }
