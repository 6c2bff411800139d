package accounts

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/google/uuid"

	"mishwar/domain"
	"mishwar/domain/account"
)

// PasswordReset is the form behind the e-mailed link.
type PasswordReset struct {
	Token                string
	Password             string
	PasswordConfirmation string
}

// ResetPasswordHandler sets new passwords with reset tokens.
type ResetPasswordHandler struct {
	tx        Transactions
	passwords Passwords
	limits    *limits
	audit     *auditor
}

// Handle sets a new password with a reset token and signs the account out everywhere. It returns the
// account, so the caller can send staff to the admin sign-in.
func (h ResetPasswordHandler) Handle(ctx context.Context, in PasswordReset, c account.Client) (account.User, error) {
	if err := h.limits.take(ctx, resetIP, c.IP); err != nil {
		return account.User{}, err
	}
	v := &domain.ValidationError{}
	if strings.TrimSpace(in.Token) == "" {
		v.Add("token", account.KeyResetTokenInvalid)
	}
	account.CheckPassword(v, "password", in.Password)
	if in.Password != in.PasswordConfirmation {
		v.Add("password_confirmation", account.KeyPasswordMismatch)
	}
	if err := v.Err(); err != nil {
		return account.User{}, err
	}
	hash, err := h.passwords.Hash(ctx, in.Password)
	if err != nil {
		return account.User{}, err
	}
	var u account.User
	err = h.tx.InTx(ctx, func(ctx context.Context, tx Tx) error {
		id, err := tx.ConsumeResetToken(ctx, strings.TrimSpace(in.Token))
		if errors.Is(err, account.ErrBadResetToken) {
			return validation("token", account.KeyResetTokenInvalid)
		}
		if err != nil {
			return err
		}
		if u, err = tx.UserForUpdate(ctx, id); err != nil {
			return userError(err)
		}
		if err := tx.SetPassword(ctx, id, hash); err != nil {
			return err
		}
		ended, err := tx.RevokeUserSessions(ctx, id, uuid.Nil)
		if err != nil {
			return err
		}
		return queueAudit(ctx, tx, id, account.RecordPasswordChange{Method: account.PasswordChangedByReset, SessionsEnded: ended},
			Actor{UserID: id, Role: u.Role, IP: c.IP}.meta())
	})
	if err != nil {
		if domain.KindOf(err) != 0 {
			return account.User{}, err
		}
		return account.User{}, fmt.Errorf("accounts: reset: %w", err)
	}
	h.audit.afterCommit(ctx, u.ID)
	return u, nil
}
