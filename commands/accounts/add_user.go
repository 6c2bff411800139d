package accounts

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"log/slog"
	"sort"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	store "mishwar/adapters/accountsdb"
	"mishwar/commands"
	"mishwar/domain"
	"mishwar/domain/account"
	"mishwar/internal/i18n"
)

// ErrInvalidUser: `users add` got a bad e-mail, password or role; the error text says which.
var ErrInvalidUser = errors.New("accounts: invalid user")

// AddOrUpdateUser creates an account, or updates the one with this e-mail: it sets the password
// (ending the account's sessions), the role, and the names when given. Every change is audited as
// done by the operator. This is `mishwar users add`.
func AddOrUpdateUser(ctx context.Context, pool *pgxpool.Pool, runner *commands.Runner, email, password, role, first, last string) (created bool, err error) {
	return New(pool, runner, nil, slog.Default()).AddOrUpdateUser(ctx, email, password, role, first, last)
}

// EnsureDemoAdmin creates the demo admin (admin@mishwar.example with a random password) when no admin
// exists yet, and returns the credentials to print once. created is false (and the password empty)
// when an admin already exists.
func EnsureDemoAdmin(ctx context.Context, pool *pgxpool.Pool, runner *commands.Runner) (email, password string, created bool, err error) {
	return New(pool, runner, nil, slog.Default()).EnsureDemoAdmin(ctx)
}

// DemoAdminEmail is the demo admin's address (.example is reserved: it can never receive mail).
const DemoAdminEmail = "admin@mishwar.example"

var cliActor = Actor{Role: "operator"}

// AddOrUpdateUser: see the package-level function.
func (s *Service) AddOrUpdateUser(ctx context.Context, email, password, role, first, last string) (bool, error) {
	u, err := checkNewUser(email, password, role, first, last)
	if err != nil {
		return false, err
	}
	var id uuid.UUID
	var created bool
	err = s.inTx(ctx, func(tx pgx.Tx) error {
		var err error
		id, created, err = s.upsertUser(ctx, tx, u, false)
		return err
	})
	if err != nil {
		return false, fmt.Errorf("accounts: users add: %w", err)
	}
	// The CLI exits right after: append the audit events now rather than leave them to a relay.
	if err := s.flushAudit(ctx, id); err != nil {
		return created, fmt.Errorf("accounts: users add: the account is saved but its audit events are not appended yet (the server appends them when it next runs): %w", err)
	}
	return created, nil
}

type newUser struct {
	email, password, role, first, last string
}

func checkNewUser(email, password, role, first, last string) (newUser, error) {
	v := &domain.ValidationError{}
	u := newUser{email: account.CheckEmail(v, "email", email), password: password, role: role}
	account.CheckPassword(v, "password", password)
	if !account.ValidRole(role) {
		v.Add("role", account.KeyRoleInvalid)
	}
	if first != "" {
		u.first = account.CheckName(v, "first_name", first, account.KeyFirstNameRequired)
	}
	if last != "" {
		u.last = account.CheckName(v, "last_name", last, account.KeyLastNameRequired)
	}
	if v.Err() != nil {
		fields := make([]string, 0, len(v.Fields))
		for f, keys := range v.Fields {
			fields = append(fields, f+": "+i18n.T(i18n.En, keys[0]))
		}
		sort.Strings(fields)
		return newUser{}, fmt.Errorf("%w: %s", ErrInvalidUser, strings.Join(fields, "; "))
	}
	return u, nil
}

func (s *Service) inTx(ctx context.Context, f func(tx pgx.Tx) error) error {
	tx, err := s.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback(context.WithoutCancel(ctx)) }()
	if err := f(tx); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// upsertUser creates u or, unless createOnly, updates the account with its e-mail, in tx.
func (s *Service) upsertUser(ctx context.Context, tx pgx.Tx, u newUser, createOnly bool) (uuid.UUID, bool, error) {
	hash, err := store.HashPassword(ctx, u.password)
	if err != nil {
		return uuid.Nil, false, err
	}
	existing, err := s.Store.UserByEmail(ctx, tx, u.email)
	switch {
	case errors.Is(err, store.ErrUserNotFound):
		id := uuid.New()
		first, last := or(u.first, "Mishwar"), or(u.last, roleTitle(u.role))
		if _, err := s.Store.CreateUser(ctx, tx, store.NewUser{ID: id, Email: u.email, PasswordHash: hash, FirstName: first, LastName: last, Role: u.role}); err != nil {
			return uuid.Nil, false, err
		}
		err := recordAudit(ctx, tx, id, account.RegisterUser{UserID: id.String(), Email: u.email, FirstName: first, LastName: last, Role: u.role, Lang: "en", Via: "cli"}, cliActor.meta())
		return id, true, err
	case err != nil:
		return uuid.Nil, false, err
	case createOnly:
		return uuid.Nil, false, store.ErrEmailTaken
	}
	id := existing.ID
	if _, err := s.Store.UserForUpdate(ctx, tx, id); err != nil {
		return uuid.Nil, false, err
	}
	if u.first != "" || u.last != "" {
		info := store.PersonalInfo{Email: existing.Email, FirstName: or(u.first, existing.FirstName), LastName: or(u.last, existing.LastName), PhoneNumber: existing.PhoneNumber}
		if _, err := s.Store.UpdatePersonalInfo(ctx, tx, id, info); err != nil {
			return uuid.Nil, false, err
		}
		if err := recordAudit(ctx, tx, id, account.ChangePersonalInfo(info), cliActor.meta()); err != nil {
			return uuid.Nil, false, err
		}
	}
	if err := s.Store.SetPassword(ctx, tx, id, hash); err != nil {
		return uuid.Nil, false, err
	}
	ended, err := s.Store.RevokeUserSessions(ctx, tx, id, uuid.Nil)
	if err != nil {
		return uuid.Nil, false, err
	}
	if err := recordAudit(ctx, tx, id, account.RecordPasswordChange{Method: account.PasswordChangedByCLI, SessionsEnded: ended}, cliActor.meta()); err != nil {
		return uuid.Nil, false, err
	}
	if u.role != existing.Role {
		if err := s.Store.SetRole(ctx, tx, id, u.role); err != nil {
			return uuid.Nil, false, err
		}
		if err := recordAudit(ctx, tx, id, account.ChangeRole{Role: u.role}, cliActor.meta()); err != nil {
			return uuid.Nil, false, err
		}
	}
	return id, false, nil
}

// demoAdminLock serialises EnsureDemoAdmin across processes starting at once (an advisory lock key
// of its own).
const demoAdminLock = 7_300_111_001

// EnsureDemoAdmin: see the package-level function. It only ever creates: an existing account with the
// demo address (anyone could have signed up with it) is left alone and a suffixed address is used.
func (s *Service) EnsureDemoAdmin(ctx context.Context) (string, string, bool, error) {
	password := randomPassword()
	var email string
	var id uuid.UUID
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, int64(demoAdminLock)); err != nil {
			return err
		}
		n, err := s.Store.CountByRole(ctx, tx, account.RoleAdmin)
		if err != nil || n > 0 {
			return err
		}
		for _, candidate := range []string{DemoAdminEmail, "admin-" + strings.ToLower(randomPassword()[:6]) + "@mishwar.example"} {
			id, _, err = s.upsertUser(ctx, tx, newUser{email: candidate, password: password, role: account.RoleAdmin, first: "Demo", last: "Admin"}, true)
			if errors.Is(err, store.ErrEmailTaken) {
				continue
			}
			if err == nil {
				email = candidate
			}
			return err
		}
		return store.ErrEmailTaken
	})
	if err != nil {
		return "", "", false, fmt.Errorf("accounts: demo admin: %w", err)
	}
	if email == "" {
		return "", "", false, nil
	}
	if err := s.flushAudit(ctx, id); err != nil {
		s.Logger.WarnContext(ctx, "demo admin audit event not appended yet; the relay will retry", "err", err)
	}
	return email, password, true, nil
}

// randomPassword: 16 characters from a 56-letter alphabet without look-alikes (about 93 bits).
func randomPassword() string {
	const alphabet = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789"
	b := make([]byte, 16)
	r := make([]byte, 16)
	_, _ = rand.Read(r) // crypto/rand.Read never fails
	for i := range b {
		b[i] = alphabet[int(r[i])%len(alphabet)]
	}
	return string(b)
}

func roleTitle(role string) string {
	return strings.ToUpper(role[:1]) + role[1:]
}

func or(v, def string) string {
	if v == "" {
		return def
	}
	return v
}
