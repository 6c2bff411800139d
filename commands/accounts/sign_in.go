package accounts

import (
	"context"
	"errors"

	"mishwar/domain"
	"mishwar/domain/account"
)

// KnownAddresses tells the addresses an account has signed in from.
type KnownAddresses interface {
	// SignedInFrom reports whether the account with email has a session (live or recently ended)
	// opened from ip; false for an unknown e-mail.
	SignedInFrom(ctx context.Context, email, ip string) (bool, error)
}

// SignInHandler opens sessions.
type SignInHandler struct {
	tables    Tables
	passwords Passwords
	limits    *limits
}

// Handle checks an e-mail and password and opens a session. Wrong credentials, for an address with
// or without an account, are ErrWrongCredentials after the same amount of work, so the answer says
// nothing about which addresses are registered. Failures slow down the one who fails (see Limits):
// an attempt refused for that is an *account.RateLimited saying how long to wait.
func (h SignInHandler) Handle(ctx context.Context, email, password string, c account.Client) (SignedIn, error) {
	if err := h.limits.take(ctx, loginIP, c.IP); err != nil {
		return SignedIn{}, err
	}
	v := &domain.ValidationError{}
	typed := email
	email = account.CheckEmail(v, "email", email)
	if password == "" {
		v.Add("password", account.KeyPasswordRequired)
	}
	if err := v.Err(); err != nil {
		return SignedIn{}, err
	}
	pair := accountAddress(email, c.IP)
	if err := h.limits.check(ctx, loginFailuresIP, c.IP); err != nil {
		return SignedIn{}, err
	}
	if err := h.limits.check(ctx, loginAccountIP, pair); err != nil {
		return SignedIn{}, err
	}
	if err := h.limits.check(ctx, loginAccountIPDaily, pair); err != nil {
		return SignedIn{}, err
	}
	if err := h.limits.check(ctx, loginAccount, email); err != nil {
		// Spread-out guessing has spent the account's budget: strangers wait, the owner's usual
		// addresses do not (their own failures are bounded per address above).
		known, kerr := h.tables.SignedInFrom(ctx, email, c.IP)
		if kerr != nil {
			return SignedIn{}, kerr
		}
		if !known {
			return SignedIn{}, err
		}
	}
	u, hash, err := h.tables.Credentials(ctx, email)
	if old, ok := account.StoredBeforeNFC(typed, email); ok && errors.Is(err, account.ErrUserNotFound) {
		u, hash, err = h.tables.Credentials(ctx, old)
	}
	if errors.Is(err, account.ErrUserNotFound) {
		h.passwords.Burn(ctx, password)
		return SignedIn{}, h.failed(ctx, email, c.IP)
	}
	if err != nil {
		return SignedIn{}, err
	}
	ok, err := h.passwords.Verify(ctx, hash, password)
	if err != nil {
		return SignedIn{}, err
	}
	if !ok {
		return SignedIn{}, h.failed(ctx, email, c.IP)
	}
	token, sess, err := h.tables.CreateSession(ctx, u.ID, c)
	if err != nil {
		return SignedIn{}, err
	}
	return SignedIn{User: u, Token: token, Session: sess}, nil
}

// failed counts a failure against every sign-in failure rule. The answer stays ErrWrongCredentials
// unless this very failure went over a budget of the address (a race with another attempt); the
// account's own budget refuses only the next attempt, in Handle, where the address is known.
func (h SignInHandler) failed(ctx context.Context, email, ip string) error {
	pair := accountAddress(email, ip)
	var refused error
	for _, t := range []struct {
		rule func(*Limits) account.RateRule
		key  string
	}{{loginFailuresIP, ip}, {loginAccountIP, pair}, {loginAccountIPDaily, pair}} {
		if err := h.limits.take(ctx, t.rule, t.key); err != nil && refused == nil {
			refused = err
		}
	}
	if err := h.limits.take(ctx, loginAccount, email); err != nil && !errors.Is(err, account.ErrRateLimited) {
		return err
	}
	if refused != nil {
		return refused
	}
	return ErrWrongCredentials
}

// accountAddress keys the budgets of one account at one client address. A space can be in neither an
// e-mail address nor an IP address.
func accountAddress(email, ip string) string { return email + " " + ip }
