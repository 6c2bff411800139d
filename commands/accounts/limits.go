package accounts

import (
	"context"
	"time"

	"mishwar/domain/account"
)

// Limits are the rate limits of the calls that guess at secrets or cost an e-mail. A zero Limit turns
// a rule off.
type Limits struct {
	// LoginIP bounds sign-in attempts per client address.
	LoginIP account.RateRule
	// LoginAccount bounds failed sign-ins per e-mail address (whether or not it has an account).
	LoginAccount account.RateRule
	// RegisterIP bounds sign-ups per client address.
	RegisterIP account.RateRule
	// ForgotIP and ForgotAccount bound reset e-mails per client address and per e-mail address.
	ForgotIP      account.RateRule
	ForgotAccount account.RateRule
	// ResetIP bounds attempts to use reset tokens per client address.
	ResetIP account.RateRule
	// PasswordAccount bounds wrong old passwords on change-password per account.
	PasswordAccount account.RateRule
}

// DefaultLimits: tight per account (where guessing happens), looser per address, because a hotel's
// Wi-Fi or a mobile carrier puts many travellers behind one address.
func DefaultLimits() Limits {
	return Limits{
		LoginIP:         account.RateRule{Name: "login-ip", Limit: 100, Period: 10 * time.Minute},
		LoginAccount:    account.RateRule{Name: "login-account", Limit: 10, Period: 15 * time.Minute},
		RegisterIP:      account.RateRule{Name: "register-ip", Limit: 60, Period: time.Hour},
		ForgotIP:        account.RateRule{Name: "forgot-ip", Limit: 30, Period: time.Hour},
		ForgotAccount:   account.RateRule{Name: "forgot-account", Limit: 3, Period: time.Hour},
		ResetIP:         account.RateRule{Name: "reset-ip", Limit: 60, Period: time.Hour},
		PasswordAccount: account.RateRule{Name: "password-account", Limit: 10, Period: 15 * time.Minute},
	}
}

// limits applies the rules in force (read on every call) through the Limiter port. A refusal is an
// *account.RateLimited, which the API answers with 429 and Retry-After.
type limits struct {
	limiter Limiter
	rules   *Limits
}

func (l *limits) take(ctx context.Context, rule func(*Limits) account.RateRule, key string) error {
	r := rule(l.rules)
	if l.limiter == nil || r.Limit <= 0 {
		return nil
	}
	return l.limiter.Take(ctx, r, key)
}

func (l *limits) check(ctx context.Context, rule func(*Limits) account.RateRule, key string) error {
	r := rule(l.rules)
	if l.limiter == nil || r.Limit <= 0 {
		return nil
	}
	return l.limiter.Check(ctx, r, key)
}

func loginIP(l *Limits) account.RateRule         { return l.LoginIP }
func loginAccount(l *Limits) account.RateRule    { return l.LoginAccount }
func registerIP(l *Limits) account.RateRule      { return l.RegisterIP }
func forgotIP(l *Limits) account.RateRule        { return l.ForgotIP }
func forgotAccount(l *Limits) account.RateRule   { return l.ForgotAccount }
func resetIP(l *Limits) account.RateRule         { return l.ResetIP }
func passwordAccount(l *Limits) account.RateRule { return l.PasswordAccount }
