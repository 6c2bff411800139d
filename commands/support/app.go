// Package support is the support console's application: any stream's events with their metadata, an
// order's history with its state folded up to any version (time travel through the order's own
// decider), order search, and read-model rebuilds with their progress announced to the admin room.
// It reads the event store, the orders read model and the projections runner through the narrow
// interfaces it declares, and never changes an order: support staff settle disputes with the admin
// order endpoints (cancel, refund).
package support

import (
	"context"
	"log/slog"
	"sync"

	"mishwar/domain"
	"mishwar/eventstore"
	"mishwar/projections"
)

// Application is everything the support API (httpapi/support) may call.
type Application struct {
	Commands Commands
	Queries  Queries
}

// Commands start work; none of them changes an order.
type Commands struct {
	RebuildProjection RebuildProjectionHandler
}

// Queries read history and orders, one file each.
type Queries struct {
	Stream       StreamHandler
	OrderHistory OrderHistoryHandler
	SearchOrders SearchOrdersHandler
	OrderMail    OrderMailHandler
}

// EventLog reads streams of the event store.
type EventLog interface {
	// ReadStream returns the stream's events with version >= from; eventstore.ErrStreamNotFound
	// for a stream without events.
	ReadStream(ctx context.Context, stream string, from int64) ([]eventstore.RecordedEvent, error)
}

// Rebuilds are the read models the projections runner can rebuild.
type Rebuilds interface {
	// Rebuildable reports whether name is a read model of this app that can be rebuilt.
	Rebuildable(name string) bool
	// Rebuild rebuilds the read model name, reporting its progress as it goes.
	Rebuild(ctx context.Context, name string, progress func(projections.RebuildProgress)) error
}

// Announce sends a live notice (the projections' notice channel, which the live channel of every
// process delivers): topic and its payload.
type Announce func(ctx context.Context, topic string, payload any) error

// Config is what the support application runs on.
type Config struct {
	Events   EventLog
	Registry *eventstore.Registry
	Orders   OrderSearch
	// Index is the support search read model; Accounts names the people events and orders refer to.
	Index    OrderIndex
	Accounts Accounts
	Rebuilds Rebuilds
	// Mail is the outbox the order's e-mails are read from (nil: none are listed).
	Mail     MailLog
	Announce Announce
	Logger   *slog.Logger
}

// New wires the support application.
func New(cfg Config) Application {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	return Application{
		Commands: Commands{RebuildProjection: RebuildProjectionHandler{rebuilds: cfg.Rebuilds, announce: cfg.Announce, log: cfg.Logger, running: &sync.Map{}}},
		Queries: Queries{
			Stream:       StreamHandler{events: cfg.Events, registry: cfg.Registry, accounts: cfg.Accounts},
			OrderHistory: OrderHistoryHandler{events: cfg.Events, registry: cfg.Registry, accounts: cfg.Accounts},
			SearchOrders: SearchOrdersHandler{index: cfg.Index, orders: cfg.Orders},
			OrderMail:    OrderMailHandler{events: cfg.Events, mail: cfg.Mail},
		},
	}
}

// Refusals of the support console (message keys in internal/i18n/catalog_support.go).
var (
	ErrStreamNotFound     = domain.NotFound("support.stream_not_found")
	ErrProjectionNotFound = domain.NotFound("support.projection_not_found")
	ErrRebuildAlreadyRuns = domain.Conflict("support.rebuild_running")
)

// KeyVersionInvalid refuses a history version outside the order's stream.
const KeyVersionInvalid = "support.version_invalid"
