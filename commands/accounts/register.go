package accounts

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"

	"mishwar/domain"
	"mishwar/domain/account"
)

// Registration is the sign-up form.
type Registration struct {
	FirstName   string
	LastName    string
	Email       string
	Password    string
	PhoneNumber string
	// CountryKey is the phone picker's choice ("+20", "20" or "EG"); empty for Egypt or a number
	// typed with its own "+".
	CountryKey string
	Lang       string
}

// SignedIn is a new session and its owner.
type SignedIn struct {
	User    account.User
	Token   string
	Session account.Session
}

// RegisterHandler creates accounts.
type RegisterHandler struct {
	tables    Tables
	tx        Transactions
	passwords Passwords
	limits    *limits
	audit     *auditor
}

// Handle creates an account and signs its owner in. Broken rules (the taken e-mail included) come
// back together as one *domain.ValidationError.
func (h RegisterHandler) Handle(ctx context.Context, in Registration, c account.Client) (SignedIn, error) {
	if err := h.limits.take(ctx, registerIP, c.IP); err != nil {
		return SignedIn{}, err
	}
	v := &domain.ValidationError{}
	first := account.CheckName(v, "first_name", in.FirstName, account.KeyFirstNameRequired)
	last := account.CheckName(v, "last_name", in.LastName, account.KeyLastNameRequired)
	email := account.CheckEmail(v, "email", in.Email)
	account.CheckPassword(v, "password", in.Password)
	phone := account.CheckPhone(v, "phone_number", in.PhoneNumber, in.CountryKey)
	if len(v.Fields) > 0 {
		// Say everything at once: also whether the e-mail is taken, so the form is fixed in one go.
		if _, ok := v.Fields["email"]; !ok {
			if _, err := h.tables.UserByEmail(ctx, email); err == nil {
				v.Add("email", account.KeyEmailTaken)
			}
		}
		return SignedIn{}, v
	}
	hash, err := h.passwords.Hash(ctx, in.Password)
	if err != nil {
		return SignedIn{}, err
	}
	lang := langOf(in.Lang)
	id := uuid.New()
	var out SignedIn
	err = h.tx.InTx(ctx, func(ctx context.Context, tx Tx) error {
		u, err := tx.CreateUser(ctx, account.NewUser{
			ID: id, Email: email, PasswordHash: hash, FirstName: first, LastName: last,
			PhoneNumber: phone, Role: account.RoleUser, Lang: lang,
		})
		if errors.Is(err, account.ErrEmailTaken) {
			return validation("email", account.KeyEmailTaken)
		}
		if err != nil {
			return err
		}
		m := Actor{UserID: id, Role: account.RoleUser, IP: c.IP}.meta()
		if err := queueAudit(ctx, tx, id, account.RegisterUser{
			UserID: id.String(), Email: email, FirstName: first, LastName: last, PhoneNumber: phone,
			Role: account.RoleUser, Lang: lang, Via: "signup",
		}, m); err != nil {
			return err
		}
		token, sess, err := tx.CreateSession(ctx, id, c)
		if err != nil {
			return err
		}
		out = SignedIn{User: u, Token: token, Session: sess}
		return nil
	})
	if err != nil {
		if domain.KindOf(err) != 0 {
			return SignedIn{}, err
		}
		return SignedIn{}, fmt.Errorf("accounts: register: %w", err)
	}
	h.audit.afterCommit(ctx, id)
	return out, nil
}

func langOf(l string) string {
	if l == "ar" {
		return "ar"
	}
	return "en"
}
