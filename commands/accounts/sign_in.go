package accounts

import (
	"context"
	"errors"

	"mishwar/domain"
	"mishwar/domain/account"
)

// SignInHandler opens sessions.
type SignInHandler struct {
	tables    Tables
	passwords Passwords
	limits    *limits
}

// Handle checks an e-mail and password and opens a session. Wrong credentials, for an address with
// or without an account, are ErrWrongCredentials after the same amount of work, so the answer says
// nothing about which addresses are registered.
func (h SignInHandler) Handle(ctx context.Context, email, password string, c account.Client) (SignedIn, error) {
	if err := h.limits.take(ctx, loginIP, c.IP); err != nil {
		return SignedIn{}, err
	}
	v := &domain.ValidationError{}
	email = account.CheckEmail(v, "email", email)
	if password == "" {
		v.Add("password", account.KeyPasswordRequired)
	}
	if err := v.Err(); err != nil {
		return SignedIn{}, err
	}
	if err := h.limits.check(ctx, loginAccount, email); err != nil {
		return SignedIn{}, err
	}
	u, hash, err := h.tables.Credentials(ctx, email)
	if errors.Is(err, account.ErrUserNotFound) {
		h.passwords.Burn(ctx, password)
		return SignedIn{}, h.failed(ctx, email)
	}
	if err != nil {
		return SignedIn{}, err
	}
	ok, err := h.passwords.Verify(ctx, hash, password)
	if err != nil {
		return SignedIn{}, err
	}
	if !ok {
		return SignedIn{}, h.failed(ctx, email)
	}
	token, sess, err := h.tables.CreateSession(ctx, u.ID, c)
	if err != nil {
		return SignedIn{}, err
	}
	return SignedIn{User: u, Token: token, Session: sess}, nil
}

func (h SignInHandler) failed(ctx context.Context, email string) error {
	if err := h.limits.take(ctx, loginAccount, email); err != nil {
		return err
	}
	return ErrWrongCredentials
}
