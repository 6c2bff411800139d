package accounts

import (
	"context"
	"errors"
	"fmt"

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

// ChangePersonalInfoHandler changes the acting user's personal details.
type ChangePersonalInfoHandler struct {
	tx      Transactions
	current currentPassword
	audit   *auditor
}

// Handle stores new personal details for the acting user.
func (h ChangePersonalInfoHandler) Handle(ctx context.Context, a Actor, in PersonalInfo) (account.User, error) {
	v := &domain.ValidationError{}
	first := account.CheckName(v, "first_name", in.FirstName, account.KeyFirstNameRequired)
	last := account.CheckName(v, "last_name", in.LastName, account.KeyLastNameRequired)
	email := account.CheckEmail(v, "email", in.Email)
	var u account.User
	err := h.tx.InTx(ctx, func(ctx context.Context, tx Tx) error {
		cur, err := tx.UserForUpdate(ctx, a.UserID)
		if err != nil {
			return userError(err)
		}
		// Accounts made by the operator (`users add`) have no phone; they may keep having none.
		phone := ""
		if in.PhoneNumber != "" || cur.PhoneNumber != "" {
			phone = account.CheckPhone(v, "phone_number", in.PhoneNumber, in.CountryKey)
		}
		if err := v.Err(); err != nil {
			return err
		}
		if email != cur.Email {
			if err := h.current.check(ctx, a, "current_password", in.CurrentPassword); err != nil {
				return err
			}
		}
		info := account.PersonalInfo{Email: email, FirstName: first, LastName: last, PhoneNumber: phone}
		u, err = tx.UpdatePersonalInfo(ctx, a.UserID, info)
		if errors.Is(err, account.ErrEmailTaken) {
			return validation("email", account.KeyEmailTaken)
		}
		if err != nil {
			return err
		}
		return queueAudit(ctx, tx, a.UserID, account.ChangePersonalInfo(info), a.meta())
	})
	if err != nil {
		if domain.KindOf(err) != 0 || errors.Is(err, account.ErrRateLimited) {
			return account.User{}, err
		}
		return account.User{}, fmt.Errorf("accounts: personal info: %w", err)
	}
	h.audit.afterCommit(ctx, a.UserID)
	return u, nil
}
