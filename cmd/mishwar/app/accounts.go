package app

import (
	"context"
	"fmt"
	"os"
	"time"

	"mishwar/adapters/mail"
	cmdaccounts "mishwar/commands/accounts"
	"mishwar/httpapi"
)

// wireAccounts builds the account service, the mail outbox and their background jobs: the mail
// sender, the audit relay and the hourly clean-up of ended sessions and spent rate-limit buckets.
func (a *App) wireAccounts(d *httpapi.Deps) error {
	publicURL := func() string { return a.Config.PublicURL }
	a.Accounts = cmdaccounts.New(a.Pool, a.Commands, publicURL, a.Log)
	d.Accounts = a.Accounts
	// Set here, not left to httpapi.New: the live channel is built from d.Auth before that runs, and
	// without it no socket is ever signed in (no user rooms, no live cart or order updates).
	d.Auth = httpapi.SessionAuth(a.Accounts.Store)
	d.PublicURL = publicURL
	d.Mailbox = mail.NewOutbox(a.Pool)

	mcfg, err := mail.ConfigFromEnv(os.Getenv, a.Config.PublicURL)
	if err != nil {
		return fmt.Errorf("app: %w", err)
	}
	sender, err := mail.NewSender(mcfg, a.Log, a.Config.PublicURL)
	if err != nil {
		return fmt.Errorf("app: %w", err)
	}
	worker := &mail.Worker{Pool: a.Pool, Sender: sender, From: mcfg.From, Logger: a.Log}
	a.jobs = append(a.jobs,
		job{name: "mail sender", run: worker.Run},
		job{name: "account audit relay", run: func(ctx context.Context) error { return a.Accounts.RelayAudit(ctx, 10*time.Second) }},
		job{name: "account clean-up", run: a.accountHousekeeping},
	)
	return nil
}

func (a *App) accountHousekeeping(ctx context.Context) error {
	t := time.NewTicker(time.Hour)
	defer t.Stop()
	for {
		if _, err := a.Accounts.Store.DeleteExpiredSessions(ctx); err != nil && ctx.Err() == nil {
			a.Log.Warn("deleting ended sessions", "err", err)
		}
		if _, err := a.Accounts.Limiter.Sweep(ctx); err != nil && ctx.Err() == nil {
			a.Log.Warn("sweeping rate limits", "err", err)
		}
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
	}
}

// seedDemoAdmin creates the demo admin when there is no admin yet and prints its password, once:
// it is random and stored only as a hash.
func (a *App) seedDemoAdmin(ctx context.Context) error {
	email, password, created, err := a.Accounts.EnsureDemoAdmin(ctx)
	if err != nil {
		return err
	}
	if created {
		a.Log.Warn("demo admin created; this password is shown only now",
			"email", email, "password", password, "sign_in", a.Config.PublicURL+"/admin/login")
	}
	return nil
}
