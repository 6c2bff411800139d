// Package bookedcart is the process manager that empties the cart of what was booked: when an order is
// confirmed (its payment received in full, or accepted by staff), the traveller's cart loses the stops
// that order booked, so the badge shows 0 and the next trip starts from a fresh cart. Stops added
// since the order was placed stay.
//
// For each confirmation in the global log it queues one job (JobRemoveBookedStops) in the transaction
// that moves its checkpoint, with an id derived from the event; the job worker runs it as the cart's
// command (commands/cart RemoveBookedStops) under the job's id, so a job run twice removes nothing
// twice. Orders paid without an account (quoted enquiries) have no cart to empty.
//
// Like every process it is never rebuilt. On its first run it starts at the end of the orders read
// model's checkpoint (Handover), so carts are not emptied again for orders confirmed long ago.
package bookedcart

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"mishwar/domain/order"
	"mishwar/eventstore"
	"mishwar/processes"
)

// Name is the process's checkpoint name.
const Name = "bookedcart"

// Handover is where the process starts on its first run: the orders read model's position, so
// confirmations from before the process existed empty no cart.
const Handover = "orders"

// JobRemoveBookedStops takes a confirmed order's stops out of its traveller's cart (payload Booked).
const JobRemoveBookedStops = "cart.remove_booked_stops"

// Booked is the payload of JobRemoveBookedStops.
type Booked struct {
	UserID         string   `json:"user_id"`
	OrderID        string   `json:"order_id"`
	DestinationIDs []string `json:"destination_ids"`
}

// Process queues the jobs that empty carts of what was booked.
type Process struct {
	registry *eventstore.Registry
	store    eventstore.Store
	jobs     processes.Jobs
}

// New returns the process; registry decodes the order's stream, store reads it before the batch's
// transaction (Prepare).
func New(registry *eventstore.Registry, store eventstore.Store, jobs processes.Jobs) *Process {
	return &Process{registry: registry, store: store, jobs: jobs}
}

var _ processes.Process = (*Process)(nil)

func (*Process) Name() string { return Name }

func (*Process) Streams() []string { return []string{"order"} }

func (p *Process) Handlers() []processes.Handler {
	return []processes.Handler{
		processes.On(func(ctx context.Context, tx pgx.Tx, e processes.Event[order.PaymentReceived]) error {
			if !e.Data.Confirms {
				return nil
			}
			return p.confirmed(ctx, tx, e.Envelope)
		}),
		processes.On(func(ctx context.Context, tx pgx.Tx, e processes.Event[order.PaymentAccepted]) error {
			if !e.Data.Confirms {
				return nil
			}
			return p.confirmed(ctx, tx, e.Envelope)
		}),
	}
}

// confirmed queues the job for the order of env, if a traveller with a cart placed it.
func (p *Process) confirmed(ctx context.Context, tx pgx.Tx, env processes.Envelope) error {
	placed, err := p.placed(ctx, env)
	if err != nil {
		return err
	}
	if placed.UserID == "" {
		return nil
	}
	b := Booked{UserID: placed.UserID, OrderID: env.EntityID}
	for _, s := range placed.Trip.Itinerary.Stops {
		b.DestinationIDs = append(b.DestinationIDs, s.DestinationID)
	}
	if len(b.DestinationIDs) == 0 {
		return nil
	}
	return p.jobs.Enqueue(ctx, tx, JobRemoveBookedStops, processes.JobID(env.EventID, JobRemoveBookedStops), b)
}

var _ processes.Preparer = (*Process)(nil)

// Prepare reads, before the batch's transaction, the stream of each order confirmed in batch: what
// it booked is in its first event (placed).
func (p *Process) Prepare(ctx context.Context, batch []eventstore.RecordedEvent) (context.Context, error) {
	received, _ := p.registry.Name(order.PaymentReceived{})
	accepted, _ := p.registry.Name(order.PaymentAccepted{})
	return processes.ReadHistories(ctx, p.store, batch, func(rec eventstore.RecordedEvent) bool {
		if rec.Type != received && rec.Type != accepted {
			return false
		}
		v, err := p.registry.Decode(rec)
		if err != nil {
			return true // the handler's decoding reports it
		}
		switch e := v.(type) {
		case order.PaymentReceived:
			return e.Confirms
		case order.PaymentAccepted:
			return e.Confirms
		}
		return false
	})
}

// placed reads the order's first event: what was booked, by whom (read by Prepare).
func (p *Process) placed(ctx context.Context, env processes.Envelope) (order.OrderPlaced, error) {
	history, err := processes.HistoryBefore(ctx, env)
	if err != nil {
		return order.OrderPlaced{}, fmt.Errorf("bookedcart: %w", err)
	}
	for _, rec := range history {
		v, err := p.registry.Decode(rec)
		if err != nil {
			return order.OrderPlaced{}, fmt.Errorf("bookedcart: decode %s@%d: %w", rec.StreamID, rec.Version, err)
		}
		if placed, ok := v.(order.OrderPlaced); ok {
			return placed, nil
		}
	}
	return order.OrderPlaced{}, nil
}
