package accounts

import (
	"context"
	"errors"
	"fmt"

	store "mishwar/adapters/accountsdb"
	"mishwar/domain"
	"mishwar/domain/account"
)

// PersonalInfo is the personal-details form.
type PersonalInfo struct {
	FirstName   string
	LastName    string
	Email       string
	PhoneNumber string
	CountryKey  string
	// CurrentPassword is needed to change the e-mail: whoever holds the e-mail can reset the
	// password, so a borrowed session must not be able to move the account to another address.
	CurrentPassword string
}

// ChangePersonalInfo stores new personal details for the acting user.
func (s *Service) ChangePersonalInfo(ctx context.Context, a Actor, in PersonalInfo) (User, error) {
	v := &domain.ValidationError{}
	first := account.CheckName(v, "first_name", in.FirstName, account.KeyFirstNameRequired)
	last := account.CheckName(v, "last_name", in.LastName, account.KeyLastNameRequired)
	email := account.CheckEmail(v, "email", in.Email)
	tx, err := s.Pool.Begin(ctx)
	if err != nil {
		return User{}, fmt.Errorf("accounts: personal info: %w", err)
	}
	defer func() { _ = tx.Rollback(context.WithoutCancel(ctx)) }()
	cur, err := s.Store.UserForUpdate(ctx, tx, a.UserID)
	if err != nil {
		return User{}, userError(err)
	}
	// Accounts made by the operator (`users add`) have no phone; they may keep having none.
	phone := ""
	if in.PhoneNumber != "" || cur.PhoneNumber != "" {
		phone = account.CheckPhone(v, "phone_number", in.PhoneNumber, in.CountryKey)
	}
	if err := v.Err(); err != nil {
		return User{}, err
	}
	if email != cur.Email {
		if err := s.checkCurrentPassword(ctx, a, "current_password", in.CurrentPassword); err != nil {
			return User{}, err
		}
	}
	u, err := s.Store.UpdatePersonalInfo(ctx, tx, a.UserID, store.PersonalInfo{Email: email, FirstName: first, LastName: last, PhoneNumber: phone})
	if errors.Is(err, store.ErrEmailTaken) {
		return User{}, validation("email", account.KeyEmailTaken)
	}
	if err != nil {
		return User{}, err
	}
	if err := recordAudit(ctx, tx, a.UserID, account.ChangePersonalInfo{Email: email, FirstName: first, LastName: last, PhoneNumber: phone}, a.meta()); err != nil {
		return User{}, err
	}
	if err := tx.Commit(ctx); err != nil {
		return User{}, fmt.Errorf("accounts: personal info: %w", err)
	}
	s.afterCommit(ctx, a.UserID)
	return u, nil
}

// checkCurrentPassword refuses (as a field error on field) a missing or wrong password of the actor.
// Wrong guesses are rate-limited per account.
func (s *Service) checkCurrentPassword(ctx context.Context, a Actor, field, password string) error {
	if password == "" {
		return validation(field, account.KeyOldPasswordMissing)
	}
	if err := s.Limiter.Check(ctx, s.Limits.PasswordAccount, a.UserID.String()); err != nil {
		return err
	}
	hash, err := s.Store.PasswordHash(ctx, s.Pool, a.UserID)
	if err != nil {
		return userError(err)
	}
	ok, err := store.VerifyPassword(ctx, hash, password)
	if err != nil {
		return err
	}
	if !ok {
		if err := s.take(ctx, s.Limits.PasswordAccount, a.UserID.String()); err != nil {
			return err
		}
		return validation(field, account.KeyOldPasswordWrong)
	}
	return nil
}
