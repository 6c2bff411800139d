package accounts

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/google/uuid"

	"mishwar/domain"
	"mishwar/domain/account"
	"mishwar/internal/i18n"
)

// ErrInvalidUser: `users add` got a bad e-mail, password or role; the error text says which.
var ErrInvalidUser = errors.New("accounts: invalid user")

var cliActor = Actor{Role: "operator"}

// AddOrUpdateUserHandler is `mishwar users add`.
type AddOrUpdateUserHandler struct {
	tx        Transactions
	passwords Passwords
	audit     *auditor
}

// Handle creates an account, or updates the one with this e-mail: it sets the password (ending the
// account's sessions), the role, and the names when given. Every change is audited as done by the
// operator.
func (h AddOrUpdateUserHandler) Handle(ctx context.Context, email, password, role, first, last string) (created bool, err error) {
	u, err := checkNewUser(email, password, role, first, last)
	if err != nil {
		return false, err
	}
	var id uuid.UUID
	err = h.tx.InTx(ctx, func(ctx context.Context, tx Tx) error {
		var err error
		id, created, err = upsertUser(ctx, tx, h.passwords, u, false)
		return err
	})
	if err != nil {
		return false, fmt.Errorf("accounts: users add: %w", err)
	}
	// The CLI exits right after: append the audit events now rather than leave them to a relay.
	if err := h.audit.flush(ctx, id); err != nil {
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
	// No role: a new account is a traveller's, an existing one keeps its own (an update that only
	// sets a password must not demote an admin).
	if role != "" && !account.ValidRole(role) {
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

// upsertUser creates u or, unless createOnly, updates the account with its e-mail, in tx.
func upsertUser(ctx context.Context, tx Tx, passwords Passwords, u newUser, createOnly bool) (uuid.UUID, bool, error) {
	hash, err := passwords.Hash(ctx, u.password)
	if err != nil {
		return uuid.Nil, false, err
	}
	existing, err := tx.UserByEmail(ctx, u.email)
	switch {
	case errors.Is(err, account.ErrUserNotFound):
		id := uuid.New()
		u.role = or(u.role, account.RoleUser)
		first, last := or(u.first, "Mishwar"), or(u.last, roleTitle(u.role))
		if _, err := tx.CreateUser(ctx, account.NewUser{ID: id, Email: u.email, PasswordHash: hash, FirstName: first, LastName: last, Role: u.role}); err != nil {
			return uuid.Nil, false, err
		}
		err := queueAudit(ctx, tx, id, account.RegisterUser{UserID: id.String(), Email: u.email, FirstName: first, LastName: last, Role: u.role, Lang: "en", Via: "cli"}, cliActor.meta())
		return id, true, err
	case err != nil:
		return uuid.Nil, false, err
	case createOnly:
		return uuid.Nil, false, account.ErrEmailTaken
	}
	id := existing.ID
	if _, err := tx.UserForUpdate(ctx, id); err != nil {
		return uuid.Nil, false, err
	}
	if u.first != "" || u.last != "" {
		info := account.PersonalInfo{Email: existing.Email, FirstName: or(u.first, existing.FirstName), LastName: or(u.last, existing.LastName), PhoneNumber: existing.PhoneNumber}
		if _, err := tx.UpdatePersonalInfo(ctx, id, info); err != nil {
			return uuid.Nil, false, err
		}
		if err := queueAudit(ctx, tx, id, account.ChangePersonalInfo(info), cliActor.meta()); err != nil {
			return uuid.Nil, false, err
		}
	}
	if err := tx.SetPassword(ctx, id, hash); err != nil {
		return uuid.Nil, false, err
	}
	ended, err := tx.RevokeUserSessions(ctx, id, uuid.Nil)
	if err != nil {
		return uuid.Nil, false, err
	}
	if err := queueAudit(ctx, tx, id, account.RecordPasswordChange{Method: account.PasswordChangedByCLI, SessionsEnded: ended}, cliActor.meta()); err != nil {
		return uuid.Nil, false, err
	}
	if u.role != "" && u.role != existing.Role {
		if err := tx.SetRole(ctx, id, u.role); err != nil {
			return uuid.Nil, false, err
		}
		if err := queueAudit(ctx, tx, id, account.ChangeRole{Role: u.role}, cliActor.meta()); err != nil {
			return uuid.Nil, false, err
		}
	}
	return id, false, nil
}

func roleTitle(role string) string {
	return strings.ToUpper(role[:1]) + role[1:]
}
