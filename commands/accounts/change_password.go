package accounts

import (
	"context"
	"fmt"

	store "mishwar/adapters/accountsdb"
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

// ChangePassword replaces the acting user's password after checking the old one. The session the
// change is made from stays signed in.
func (s *Service) ChangePassword(ctx context.Context, a Actor, in PasswordChange) (PasswordChanged, error) {
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
	if err := s.checkCurrentPassword(ctx, a, "old_password", in.OldPassword); err != nil {
		return PasswordChanged{}, err
	}
	hash, err := store.HashPassword(ctx, in.NewPassword)
	if err != nil {
		return PasswordChanged{}, err
	}
	tx, err := s.Pool.Begin(ctx)
	if err != nil {
		return PasswordChanged{}, fmt.Errorf("accounts: change password: %w", err)
	}
	defer func() { _ = tx.Rollback(context.WithoutCancel(ctx)) }()
	if _, err := s.Store.UserForUpdate(ctx, tx, a.UserID); err != nil {
		return PasswordChanged{}, userError(err)
	}
	if err := s.Store.SetPassword(ctx, tx, a.UserID, hash); err != nil {
		return PasswordChanged{}, userError(err)
	}
	var out PasswordChanged
	if in.EndOtherSessions {
		if out.SessionsEnded, err = s.Store.RevokeUserSessions(ctx, tx, a.UserID, a.SessionID); err != nil {
			return PasswordChanged{}, err
		}
	} else {
		live, err := s.Store.ActiveSessions(ctx, tx, a.UserID)
		if err != nil {
			return PasswordChanged{}, err
		}
		for _, l := range live {
			if l.ID != a.SessionID {
				out.OtherSessions++
			}
		}
	}
	if err := recordAudit(ctx, tx, a.UserID, account.RecordPasswordChange{Method: account.PasswordChangedByUser, SessionsEnded: out.SessionsEnded}, a.meta()); err != nil {
		return PasswordChanged{}, err
	}
	if err := tx.Commit(ctx); err != nil {
		return PasswordChanged{}, fmt.Errorf("accounts: change password: %w", err)
	}
	s.afterCommit(ctx, a.UserID)
	return out, nil
}
