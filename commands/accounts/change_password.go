package accounts

import (
	"context"
	"fmt"

	"mishwar/domain"
	"mishwar/domain/account"
)

// PasswordChange is the change-password form.
type PasswordChange struct {
	OldPassword          string
	NewPassword          string
	PasswordConfirmation string
	// EndOtherSessions signs the account out on every other device as well.
	EndOtherSessions bool
}

// PasswordChanged says what a password change did to the account's other sessions.
type PasswordChanged struct {
	// SessionsEnded is how many other sessions were ended.
	SessionsEnded int
	// OtherSessions is how many other sessions are still signed in (offered to be ended).
	OtherSessions int
}

// ChangePasswordHandler changes the acting user's password.
type ChangePasswordHandler struct {
	tx        Transactions
	passwords Passwords
	current   currentPassword
	audit     *auditor
}

// Handle replaces the acting user's password after checking the old one. The session the change is
// made from stays signed in.
func (h ChangePasswordHandler) Handle(ctx context.Context, a Actor, in PasswordChange) (PasswordChanged, error) {
	v := &domain.ValidationError{}
	if in.OldPassword == "" {
		v.Add("old_password", account.KeyOldPasswordMissing)
	}
	account.CheckPassword(v, "password", in.NewPassword)
	if in.NewPassword != in.PasswordConfirmation {
		v.Add("password_confirmation", account.KeyPasswordMismatch)
	}
	if err := v.Err(); err != nil {
		return PasswordChanged{}, err
	}
	if err := h.current.check(ctx, a, "old_password", in.OldPassword); err != nil {
		return PasswordChanged{}, err
	}
	hash, err := h.passwords.Hash(ctx, in.NewPassword)
	if err != nil {
		return PasswordChanged{}, err
	}
	var out PasswordChanged
	err = h.tx.InTx(ctx, func(ctx context.Context, tx Tx) error {
		if _, err := tx.UserForUpdate(ctx, a.UserID); err != nil {
			return userError(err)
		}
		if err := tx.SetPassword(ctx, a.UserID, hash); err != nil {
			return userError(err)
		}
		if in.EndOtherSessions {
			var err error
			if out.SessionsEnded, err = tx.RevokeUserSessions(ctx, a.UserID, a.SessionID); err != nil {
				return err
			}
		} else {
			live, err := tx.ActiveSessions(ctx, a.UserID)
			if err != nil {
				return err
			}
			for _, l := range live {
				if l.ID != a.SessionID {
					out.OtherSessions++
				}
			}
		}
		return queueAudit(ctx, tx, a.UserID, account.RecordPasswordChange{Method: account.PasswordChangedByUser, SessionsEnded: out.SessionsEnded}, a.meta())
	})
	if err != nil {
		if domain.KindOf(err) != 0 {
			return PasswordChanged{}, err
		}
		return PasswordChanged{}, fmt.Errorf("accounts: change password: %w", err)
	}
	h.audit.afterCommit(ctx, a.UserID)
	return out, nil
}

// currentPassword checks the acting user's current password before a sensitive change.
type currentPassword struct {
	tables    Tables
	passwords Passwords
	limits    *limits
}

// check refuses (as a field error on field) a missing or wrong password of the actor. Wrong guesses
// are rate-limited per account.
func (c currentPassword) check(ctx context.Context, a Actor, field, password string) error {
	if password == "" {
		return validation(field, account.KeyOldPasswordMissing)
	}
	if err := c.limits.check(ctx, passwordAccount, a.UserID.String()); err != nil {
		return err
	}
	hash, err := c.tables.PasswordHash(ctx, a.UserID)
	if err != nil {
		return userError(err)
	}
	ok, err := c.passwords.Verify(ctx, hash, password)
	if err != nil {
		return err
	}
	if !ok {
		if err := c.limits.take(ctx, passwordAccount, a.UserID.String()); err != nil {
			return err
		}
		return validation(field, account.KeyOldPasswordWrong)
	}
	return nil
}
