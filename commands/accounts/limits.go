package accounts

import (
	"context"
	"time"

	"mishwar/domain/account"
)

// Limits are the rate limits of the calls that guess at secrets or cost an e-mail. A zero Limit turns
// a rule off.
//
// Sign-in follows OWASP ASVS V2.2: nobody can lock anyone else out. Failures are counted per account
// and client address together, so a stranger's guesses spend the stranger's budget, not the
// owner's; once a budget is spent the next attempt is allowed after the rule's interval
// (Period/Limit, said in Retry-After) instead of a lock for the whole period, and the daily rule
// makes that wait grow for whoever keeps failing. The per-account rule across addresses catches
// guesses spread over many addresses, but it never refuses an address the account has signed in
// from before, so the owner at home still gets in while the account is under attack.
type Limits struct {
	// LoginIP bounds sign-in attempts per client address, whatever their outcome.
	LoginIP account.RateRule
	// LoginFailuresIP bounds failed sign-ins per client address across all accounts (spraying one
	// password over many accounts).
	LoginFailuresIP account.RateRule
	// LoginAccountIP and LoginAccountIPDaily bound failed sign-ins per account and client address
	// together: the short rule slows a guesser down within minutes, the daily one stretches the wait
	// for whoever keeps going.
	LoginAccountIP      account.RateRule
	LoginAccountIPDaily account.RateRule
	// LoginAccount bounds failed sign-ins per e-mail address (with or without an account) from all
	// addresses together; it does not apply to an address the account has signed in from.
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

// DefaultLimits: tight per account and address (where guessing happens), looser per address alone,
// because a hotel's Wi-Fi or a mobile carrier puts many travellers behind one address.
//
// Sign-in, in numbers: 5 failures per account and address in 15 minutes, then one every 3 minutes;
// 20 a day, then one every 72 minutes; 30 failures per address across accounts in 15 minutes, then
// one every 30 seconds; 50 failures per account from unknown addresses in an hour, then one every
// 72 seconds; 100 attempts per address in 10 minutes, then one every 6 seconds.
func DefaultLimits() Limits {
	return Limits{
		LoginIP:             account.RateRule{Name: "login-ip", Limit: 100, Period: 10 * time.Minute},
		LoginFailuresIP:     account.RateRule{Name: "login-failures-ip", Limit: 30, Period: 15 * time.Minute},
		LoginAccountIP:      account.RateRule{Name: "login-account-ip", Limit: 5, Period: 15 * time.Minute},
		LoginAccountIPDaily: account.RateRule{Name: "login-account-ip-day", Limit: 20, Period: 24 * time.Hour},
		LoginAccount:        account.RateRule{Name: "login-account", Limit: 50, Period: time.Hour},
		RegisterIP:          account.RateRule{Name: "register-ip", Limit: 60, Period: time.Hour},
		ForgotIP:            account.RateRule{Name: "forgot-ip", Limit: 30, Period: time.Hour},
		ForgotAccount:       account.RateRule{Name: "forgot-account", Limit: 3, Period: time.Hour},
		ResetIP:             account.RateRule{Name: "reset-ip", Limit: 60, Period: time.Hour},
		PasswordAccount:     account.RateRule{Name: "password-account", Limit: 10, Period: 15 * time.Minute},
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
func loginFailuresIP(l *Limits) account.RateRule { return l.LoginFailuresIP }
func loginAccountIP(l *Limits) account.RateRule  { return l.LoginAccountIP }
func loginAccountIPDaily(l *Limits) account.RateRule {
	return l.LoginAccountIPDaily
}
func registerIP(l *Limits) account.RateRule      { return l.RegisterIP }
func forgotIP(l *Limits) account.RateRule        { return l.ForgotIP }
func forgotAccount(l *Limits) account.RateRule   { return l.ForgotAccount }
func resetIP(l *Limits) account.RateRule         { return l.ResetIP }
func passwordAccount(l *Limits) account.RateRule { return l.PasswordAccount }
