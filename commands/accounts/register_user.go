package accounts

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"

	store "mishwar/adapters/accountsdb"
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
	User    User
	Token   string
	Session store.Session
}

// Register creates an account and signs its owner in. Broken rules (the taken e-mail included) come
// back together as one *domain.ValidationError.
func (s *Service) Register(ctx context.Context, in Registration, c Client) (SignedIn, error) {
	if err := s.take(ctx, s.Limits.RegisterIP, c.IP); err != nil {
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
			if _, err := s.Store.UserByEmail(ctx, s.Pool, email); err == nil {
				v.Add("email", account.KeyEmailTaken)
			}
		}
		return SignedIn{}, v
	}
	hash, err := store.HashPassword(ctx, in.Password)
	if err != nil {
		return SignedIn{}, err
	}
	lang := langOf(in.Lang)
	id := uuid.New()
	tx, err := s.Pool.Begin(ctx)
	if err != nil {
		return SignedIn{}, fmt.Errorf("accounts: register: %w", err)
	}
	defer func() { _ = tx.Rollback(context.WithoutCancel(ctx)) }()
	u, err := s.Store.CreateUser(ctx, tx, store.NewUser{
		ID: id, Email: email, PasswordHash: hash, FirstName: first, LastName: last,
		PhoneNumber: phone, Role: account.RoleUser, Lang: lang,
	})
	if errors.Is(err, store.ErrEmailTaken) {
		return SignedIn{}, validation("email", account.KeyEmailTaken)
	}
	if err != nil {
		return SignedIn{}, err
	}
	m := Actor{UserID: id, Role: account.RoleUser, IP: c.IP}.meta()
	if err := recordAudit(ctx, tx, id, account.RegisterUser{
		UserID: id.String(), Email: email, FirstName: first, LastName: last, PhoneNumber: phone,
		Role: account.RoleUser, Lang: lang, Via: "signup",
	}, m); err != nil {
		return SignedIn{}, err
	}
	token, sess, err := s.Store.CreateSession(ctx, tx, id, c)
	if err != nil {
		return SignedIn{}, err
	}
	if err := tx.Commit(ctx); err != nil {
		return SignedIn{}, fmt.Errorf("accounts: register: %w", err)
	}
	s.afterCommit(ctx, id)
	return SignedIn{User: u, Token: token, Session: sess}, nil
}

func langOf(l string) string {
	if l == "ar" {
		return "ar"
	}
	return "en"
}
