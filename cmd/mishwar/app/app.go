// Package app is the composition root: it builds the event store, the command runner, the projections
// and the HTTP server from configuration, and runs them together. Nothing else wires components; tests
// that need the whole application start it through here (see cmd/mishwar/app/apptest).
package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"slices"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"mishwar/adapters/idempotency"
	"mishwar/adapters/jobs"
	"mishwar/commands"
	cmdaccounts "mishwar/commands/accounts"
	catcmd "mishwar/commands/catalogue"
	"mishwar/commands/pricing"
	"mishwar/commands/tracking"
	"mishwar/eventstore"
	"mishwar/eventstore/esdb"
	"mishwar/eventstore/postgres"
	"mishwar/httpapi"
	"mishwar/httpapi/httpx"
	"mishwar/httpapi/live"
	"mishwar/httpapi/web"
	"mishwar/internal/config"
	"mishwar/projections"
	catrm "mishwar/projections/catalogue"
)

// App is a wired Mishwar.
type App struct {
	Config      config.Config
	Log         *slog.Logger
	Pool        *pgxpool.Pool
	Store       eventstore.Store
	Registry    *eventstore.Registry
	Commands    *commands.Runner
	Projections *projections.Runner
	HTTP        *httpapi.Server
	// Accounts runs the account use cases (tests tune its rate limits).
	Accounts *cmdaccounts.Application
	// Catalogue runs the catalogue's commands; CatalogueReader reads its read model.
	Catalogue       *catcmd.Handlers
	CatalogueReader *catrm.Reader
	Live            *live.Server

	projectionList []projections.Projection
	// processList are the process managers, run beside the read models and never rebuilt.
	processList []projections.Projection
	// sessionAuth resolves session tokens from the database (the live channel's checks); sessions is
	// the API's cache of it, forgotten per user on every change to their sessions.
	sessionAuth httpx.Authenticator
	sessions    *httpx.SessionCache
	// idempotency keeps the answers to Idempotency-Keys for every feature's command routes.
	idempotency *idempotency.Store
	// pricing quotes itineraries for the cart and for orders alike: one distance service (and one
	// OSRM client and cache) for both, so a traveller pays what the cart showed.
	pricing   *pricing.Quoter
	distances pricing.Distances
	// tracking relays drivers' positions (wireTracking).
	tracking  *tracking.Relay
	webConfig web.Config
	// Filled by features before wireWeb runs: head tags and sitemap URLs for the web app, payment
	// gateway hosts the browser may post to, live topics routed to rooms and join kinds.
	headRenderer      web.HeadRenderer
	screenSlots       web.ScreenSlots
	sitemapSources    []web.SitemapSource
	formActionSources []string
	liveTopics        map[string]string
	liveJoins         map[string]live.Authorize
	liveMessages      map[string]live.Handle
	liveReplays       []live.Replay
	loops             []loop
	// jobQueue holds the effects the process managers ask for; jobHandlers performs them by kind
	// (see jobs.go).
	jobQueue    *jobs.Queue
	jobHandlers map[string]jobs.Handler
	closers     []func()
}

// loop is a background loop that runs as long as the app (mail sender, payment-hold expiry, ...).
type loop struct {
	name string
	run  func(ctx context.Context) error
}

// New wires everything on an open, migrated pool.
func New(ctx context.Context, cfg config.Config, log *slog.Logger, pool *pgxpool.Pool) (*App, error) {
	a := &App{Config: cfg, Log: log, Pool: pool, Registry: eventstore.NewRegistry(),
		liveTopics: map[string]string{}, liveJoins: map[string]live.Authorize{}, liveMessages: map[string]live.Handle{},
		// Stuck jobs are announced to the live layer of every process (see wireWeb).
		jobQueue: &jobs.Queue{Pool: pool, Notices: projections.LiveChannel}, jobHandlers: map[string]jobs.Handler{}}
	store, err := a.openStore(ctx)
	if err != nil {
		return nil, err
	}
	a.Store = store
	registerEvents(a.Registry)
	a.Commands = commands.NewRunner(a.Store, a.Registry)
	if cfg.Clock != nil {
		a.Commands.Now = cfg.Clock
	}
	a.idempotency = idempotency.New(pool)

	a.projectionList = a.buildProjections()
	a.processList = a.buildProcesses()
	a.Projections, err = projections.NewRunner(pool, a.Store, projections.Config{Logger: log},
		append(slices.Clone(a.projectionList), a.processList...)...)
	if err != nil {
		return nil, fmt.Errorf("app: projections: %w", err)
	}
	// The handler serves before the runner starts: on a new database its readers need their tables.
	if err := a.Projections.CreateMissingSchemas(ctx); err != nil {
		return nil, fmt.Errorf("app: %w", err)
	}

	trusted := cfg.TrustedProxies
	if cfg.TrustProxy && len(trusted) == 0 {
		// A configuration built by hand (tests) that only says "behind a proxy" means what the
		// deprecated MISHWAR_TRUST_PROXY=1 means.
		trusted = config.LocalNetworks()
	}
	deps := httpapi.Deps{
		Logger:         log,
		TrustedProxies: trusted,
	}
	if err := a.wireFeatures(ctx, &deps); err != nil {
		a.Close()
		return nil, err
	}
	if err := a.wireWeb(&deps); err != nil {
		a.Close()
		return nil, err
	}
	a.startJobWorker()
	a.HTTP = httpapi.New(deps)
	return a, nil
}

func (a *App) openStore(_ context.Context) (eventstore.Store, error) {
	switch a.Config.EventStore {
	case "postgres":
		store := postgres.New(a.Pool)
		a.closers = append(a.closers, func() { _ = store.Close() })
		return store, nil
	case "esdb":
		store, err := esdb.Dial(a.Config.ESDBURL)
		if err != nil {
			return nil, fmt.Errorf("app: %w", err)
		}
		a.closers = append(a.closers, func() { _ = store.Close() })
		return store, nil
	default:
		return nil, fmt.Errorf("app: event store %q is not wired into this build yet", a.Config.EventStore)
	}
}

// ProjectionList is every read model this build runs (for the rebuild command).
func (a *App) ProjectionList() []projections.Projection { return a.projectionList }

// IsProcess reports whether name is one of the process managers (which are never rebuilt).
func (a *App) IsProcess(name string) bool {
	return slices.ContainsFunc(a.processList, func(p projections.Projection) bool { return p.Name() == name })
}

// Handler is the whole HTTP surface.
func (a *App) Handler() http.Handler { return a.securityHeaders(a.HTTP.Handler()) }

// Start runs projections and background jobs until ctx ends; the returned function waits for them
// to stop. Tests use it with an httptest server; Serve uses it with a real listener.
func (a *App) Start(ctx context.Context) (wait func()) {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		if err := a.Projections.Run(ctx); err != nil && !errors.Is(err, context.Canceled) {
			a.Log.Error("projections stopped", "err", err)
		}
	}()
	for _, j := range a.loops {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := j.run(ctx); err != nil && !errors.Is(err, context.Canceled) {
				a.Log.Error("background job stopped", "job", j.name, "err", err)
			}
		}()
	}
	return wg.Wait
}

// Serve listens on cfg.Addr until ctx ends, then drains requests (up to the shutdown timeout) and
// stops projections and jobs cleanly.
func (a *App) Serve(ctx context.Context) error {
	ln, err := net.Listen("tcp", a.Config.Addr)
	if err != nil {
		return fmt.Errorf("app: listen: %w", err)
	}
	runCtx, stopRun := context.WithCancel(context.WithoutCancel(ctx))
	if a.Config.DebugAddr != "" {
		a.loops = append(a.loops, loop{name: "profiles", run: a.serveDebug})
	}
	wait := a.Start(runCtx)
	srv := &http.Server{
		Handler:           a.Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       120 * time.Second,
		ErrorLog:          slog.NewLogLogger(a.Log.Handler(), slog.LevelWarn),
	}
	// Sockets (websocket and long-polling alike) are closed as the drain starts: a polling request
	// would otherwise hold the drain open until its own timeout.
	srv.RegisterOnShutdown(func() {
		if a.Live != nil {
			a.Live.Close()
		}
	})
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	a.Log.Info("serving", "addr", ln.Addr().String(), "url", a.Config.PublicURL)

	select {
	case err := <-errc:
		stopRun()
		wait()
		return fmt.Errorf("app: serve: %w", err)
	case <-ctx.Done():
	}
	a.Log.Info("shutting down: draining requests", "timeout", a.Config.ShutdownTimeout)
	shutdownCtx, cancel := context.WithTimeout(context.Background(), a.Config.ShutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		a.Log.Warn("requests still running at shutdown timeout", "err", err)
	}
	stopRun()
	wait()
	a.Log.Info("stopped")
	return nil
}

// ready: the database answers and every projection is within ReadyMaxLag events of the head.
func (a *App) ready(ctx context.Context) error {
	if err := a.Pool.Ping(ctx); err != nil {
		return fmt.Errorf("database: %w", err)
	}
	return projections.CheckCaughtUp(ctx, a.Pool, a.Store, a.Config.ReadyMaxLag)
}

// Close releases what New opened (not the pool, which the caller owns).
func (a *App) Close() {
	for i := len(a.closers) - 1; i >= 0; i-- {
		a.closers[i]()
	}
	a.closers = nil
}
