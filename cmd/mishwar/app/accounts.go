package app

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/google/uuid"

	"mishwar/adapters/accountsdb"
	"mishwar/adapters/mail"
	"mishwar/adapters/ratelimit"
	cmdaccounts "mishwar/commands/accounts"
	appmailbox "mishwar/commands/mailbox"
	"mishwar/domain/account"
	cat "mishwar/domain/catalogue"
	"mishwar/httpapi"
	httpaccounts "mishwar/httpapi/accounts"
	"mishwar/httpapi/httpx"
	httpmailbox "mishwar/httpapi/mailbox"
	"mishwar/projections"
	catrm "mishwar/projections/catalogue"
)

// sessionCacheTTL bounds how long a resolved session is kept without a notice (see httpx.SessionCache).
const sessionCacheTTL = 2 * time.Second

// wireAccounts builds the accounts application on the account tables, the rate limiter and the mail
// outbox, mounts the account API and the admin mailbox, and starts their background jobs: the mail
// sender, the audit relay and the hourly clean-up of ended sessions and spent rate-limit buckets.
func (a *App) wireAccounts(d *httpapi.Deps) error {
	publicURL := func() string { return a.Config.PublicURL }
	store := accountsdb.NewStore(a.Pool)
	// Ended sessions and role changes reach the live layer of every process (see wireWeb).
	store.SessionNotices = projections.LiveChannel
	tables := accountsdb.NewTables(store, func(ctx context.Context, db accountsdb.DBTX, m account.Mail) error {
		return mail.QueueAccountMail(ctx, db, m)
	})
	limiter := ratelimit.NewLimiter(a.Pool)
	app := cmdaccounts.New(cmdaccounts.Config{
		Tables: tables, Transactions: cmdaccounts.Transact(tables.InTx), Passwords: accountsdb.Passwords{},
		Limiter: limiter, Runner: a.Commands, Logger: a.Log, PublicURL: publicURL,
		Items: wishlistCatalogue{catrm.NewReader(a.Pool)},
	})
	a.Accounts = &app
	// Set here: the live channel is built from d.Auth (wireWeb), and without it no socket is ever
	// signed in (no user rooms, no live cart or order updates).
	// The API keeps resolved sessions for a moment (httpx.SessionCache); whatever ends a session or
	// changes an identity forgets it here at once and, on every process, by the notice (wireWeb).
	a.sessionAuth = httpaccounts.SessionAuth(app)
	a.sessions = httpx.NewSessionCache(a.sessionAuth, sessionCacheTTL)
	store.UserChanged = func(id uuid.UUID) { a.sessions.ForgetUser(id.String()) }
	d.Auth = a.sessions
	d.Features = append(d.Features,
		httpaccounts.New(app, httpaccounts.Config{Idempotency: a.idempotency, TrustProxy: a.Config.TrustProxy, PublicURL: publicURL}),
	)

	mcfg, err := mail.ConfigFromEnv(os.Getenv, a.Config.PublicURL)
	if err != nil {
		return fmt.Errorf("app: %w", err)
	}
	// The mailbox masks reset links and other one-time secrets from staff, except in the demo with
	// no SMTP server: there the mailbox is where mail arrives, the only place a reset link can be read.
	outbox := mail.NewOutbox(a.Pool)
	if a.Config.Demo && mcfg.SMTPURL == "" {
		outbox = outbox.ShowingSecrets()
	}
	d.Features = append(d.Features, httpmailbox.New(appmailbox.New(outbox), a.idempotency))
	sender, err := mail.NewSender(mcfg, a.Log, a.Config.PublicURL)
	if err != nil {
		return fmt.Errorf("app: %w", err)
	}
	worker := &mail.Worker{Pool: a.Pool, Sender: sender, From: mcfg.From, Logger: a.Log, Retention: a.Config.MailRetention}
	a.loops = append(a.loops,
		loop{name: "mail sender", run: worker.Run},
		loop{name: "account audit relay", run: func(ctx context.Context) error { return app.Audit.Run(ctx, 10*time.Second) }},
		loop{name: "account clean-up", run: func(ctx context.Context) error { return a.accountHousekeeping(ctx, store, limiter) }},
	)
	return nil
}

func (a *App) accountHousekeeping(ctx context.Context, store *accountsdb.Store, limiter *ratelimit.Limiter) error {
	t := time.NewTicker(time.Hour)
	defer t.Stop()
	for {
		if _, err := store.DeleteExpiredSessions(ctx); err != nil && ctx.Err() == nil {
			a.Log.Warn("deleting ended sessions", "err", err)
		}
		if _, err := limiter.Sweep(ctx); err != nil && ctx.Err() == nil {
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
	email, password, created, err := a.Accounts.Commands.EnsureDemoAdmin.Handle(ctx)
	if err != nil {
		return err
	}
	if created {
		a.Log.Warn("demo admin created; this password is shown only now",
			"email", email, "password", password, "sign_in", a.Config.PublicURL+"/admin/login")
	}
	return nil
}

// wishlistCatalogue tells the wishlist what an id or slug names among the destinations and programs
// visitors may see (commands/accounts.WishlistItems).
type wishlistCatalogue struct{ rm *catrm.Reader }

func (c wishlistCatalogue) Resolve(ctx context.Context, ref string) (account.WishlistRef, error) {
	var out account.WishlistRef
	d, err := c.rm.DestinationByRef(ctx, ref)
	switch {
	case err == nil && d.Visible():
		out.Destination = d.ID.String()
	case err != nil && !errors.Is(err, cat.ErrDestinationNotFound):
		return out, fmt.Errorf("app: wishlist: %w", err)
	}
	p, err := c.rm.ProgramByRef(ctx, ref)
	switch {
	case err == nil && p.Visible():
		out.Program = p.ID.String()
	case err != nil && !errors.Is(err, cat.ErrProgramNotFound):
		return out, fmt.Errorf("app: wishlist: %w", err)
	}
	return out, nil
}
