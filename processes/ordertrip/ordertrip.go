// Package ordertrip is the process manager that keeps an order and its trip one story. The order
// (stream order-<trip number>) and its trip (stream dispatch-<trip number>) are decided on their
// own streams; this process carries each one's facts to the other:
//
//   - the driver started the trip (dispatch TripStarted) → job JobRecordTripStep: the order records
//     it (OrderTripStarted), and from then on the traveller can no longer cancel, refund or exchange;
//   - the trip was completed (dispatch TripCompleted) → job JobRecordTripStep: the order records it
//     and completes (OrderTripCompleted, OrderCompleted; processes/ordermail thanks the traveller);
//   - the order was cancelled (OrderCancelled) → job JobReleaseTrip: the trip is taken off the road
//     (TripCancelled: its driver released, even mid-trip) and the driver's day freed;
//   - the order moved to another day (OrderExchanged) → job JobMoveTrip: a driver booked for the old
//     day is released (DriverUnassigned) and their day freed, for one who works the new day.
//
// For each such event it queues one job in the transaction that moves its checkpoint, with an id
// derived from the event (processes.JobID), so a job is queued exactly once. The job worker runs the
// job outside any transaction as an application command (commands/orders RecordTripStarted and
// RecordTripCompleted, commands/dispatch ReleaseTrip and MoveTrip) under the job's id as its command id: a job run
// again after a crash writes nothing twice.
//
// The race of a traveller cancelling while the driver starts is settled by the deciders, on the
// order's stream: whichever landed first wins. A start that reaches a cancelled order changes
// nothing there, and the cancellation's job stops the trip; a cancellation after the start is
// refused (the traveller's) or is the staff's compensation, which stops the trip the same way.
//
// Like every process it is never rebuilt or replayed. On its first run it starts at the beginning of
// the log, so the trips driven or cancelled before it existed are settled too (ordermail sends no
// thank-you for a completion recorded long after the trip).
package ordertrip

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"mishwar/domain/availability"
	"mishwar/domain/dispatch"
	"mishwar/domain/order"
	"mishwar/eventstore"
	"mishwar/processes"
)

// Name is the process's checkpoint name.
const Name = "ordertrip"

// Job kinds.
const (
	// JobRecordTripStep records the trip's start or completion on its order (payload TripStep).
	JobRecordTripStep = "orders.record_trip_step"
	// JobReleaseTrip takes a cancelled order's trip off the road (payload ReleaseTrip).
	JobReleaseTrip = "dispatch.release_trip"
	// JobMoveTrip follows an exchanged order to its new day (payload MoveTrip).
	JobMoveTrip = "dispatch.move_trip"
)

// Steps a TripStep carries.
const (
	StepStarted   = "started"
	StepCompleted = "completed"
)

// TripStep is the payload of JobRecordTripStep.
type TripStep struct {
	OrderID  string `json:"order_id"`
	Step     string `json:"step"`
	DriverID string `json:"driver_id"`
	// StartedAt is the trip's start (for a completion too, so the order tells the story in order if
	// the start's own job is still retrying).
	StartedAt   time.Time `json:"started_at"`
	CompletedAt time.Time `json:"completed_at,omitzero"`
}

// ReleaseTrip is the payload of JobReleaseTrip.
type ReleaseTrip struct {
	OrderID string `json:"order_id"`
	Reason  string `json:"reason"`
}

// MoveTrip is the payload of JobMoveTrip.
type MoveTrip struct {
	OrderID string           `json:"order_id"`
	Day     availability.Day `json:"day"`
}

// Process queues the jobs that keep an order and its trip together.
type Process struct {
	registry *eventstore.Registry
	store    eventstore.Store
	jobs     processes.Jobs
}

// New returns the process. registry decodes the trip's stream (commands/dispatch.RegisterEvents);
// store is read for a trip's start when its completion comes, before the batch's transaction
// (Prepare).
func New(registry *eventstore.Registry, store eventstore.Store, jobs processes.Jobs) *Process {
	return &Process{registry: registry, store: store, jobs: jobs}
}

var _ processes.Process = (*Process)(nil)

func (*Process) Name() string { return Name }

func (*Process) Streams() []string { return []string{"order", "dispatch"} }

func (p *Process) Handlers() []processes.Handler {
	return []processes.Handler{
		processes.On(p.tripStarted),
		processes.On(p.tripCompleted),
		processes.On(p.orderCancelled),
		processes.On(p.orderExchanged),
	}
}

func (p *Process) tripStarted(ctx context.Context, tx pgx.Tx, e processes.Event[dispatch.TripStarted]) error {
	return p.enqueue(ctx, tx, e.Envelope, JobRecordTripStep, TripStep{OrderID: e.Data.OrderID, Step: StepStarted,
		DriverID: e.Data.DriverID, StartedAt: e.Data.StartedAt})
}

func (p *Process) tripCompleted(ctx context.Context, tx pgx.Tx, e processes.Event[dispatch.TripCompleted]) error {
	started, err := p.startOf(ctx, e.Envelope)
	if err != nil {
		return err
	}
	return p.enqueue(ctx, tx, e.Envelope, JobRecordTripStep, TripStep{OrderID: e.Data.OrderID, Step: StepCompleted,
		DriverID: e.Data.DriverID, StartedAt: started, CompletedAt: e.Data.CompletedAt})
}

func (p *Process) orderCancelled(ctx context.Context, tx pgx.Tx, e processes.Event[order.OrderCancelled]) error {
	// The trip's event says it went with its order; its reason carries only the office's own words,
	// which every reader shows as written (an English "order cancelled" here read as English inside
	// the Arabic history).
	var reason string
	if e.Data.ByStaff {
		reason = e.Data.Reason
	}
	return p.enqueue(ctx, tx, e.Envelope, JobReleaseTrip, ReleaseTrip{OrderID: e.EntityID, Reason: reason})
}

func (p *Process) orderExchanged(ctx context.Context, tx pgx.Tx, e processes.Event[order.OrderExchanged]) error {
	if e.Data.To.Day == e.Data.From.Day {
		return nil
	}
	return p.enqueue(ctx, tx, e.Envelope, JobMoveTrip, MoveTrip{OrderID: e.EntityID, Day: e.Data.To.Day})
}

// enqueue queues the job of kind for env's event, keyed by the event: a batch delivered twice
// queues it once.
func (p *Process) enqueue(ctx context.Context, tx pgx.Tx, env processes.Envelope, kind string, payload any) error {
	if err := p.jobs.Enqueue(ctx, tx, kind, processes.JobID(env.EventID, kind), payload); err != nil {
		return fmt.Errorf("ordertrip: queue %s for %s@%d: %w", kind, env.StreamID, env.Version, err)
	}
	return nil
}

var _ processes.Preparer = (*Process)(nil)

// Prepare reads, before the batch's transaction, the stream of each trip completed in batch: its
// completion's job carries when it started (startOf).
func (p *Process) Prepare(ctx context.Context, batch []eventstore.RecordedEvent) (context.Context, error) {
	completed, _ := p.registry.Name(dispatch.TripCompleted{})
	return processes.ReadHistories(ctx, p.store, batch, func(rec eventstore.RecordedEvent) bool { return rec.Type == completed })
}

// startOf finds when the trip of env's stream started, from the events before env's (read by
// Prepare).
func (p *Process) startOf(ctx context.Context, env processes.Envelope) (time.Time, error) {
	history, err := processes.HistoryBefore(ctx, env)
	if err != nil {
		return time.Time{}, fmt.Errorf("ordertrip: %w", err)
	}
	var started time.Time
	for _, rec := range history {
		v, err := p.registry.Decode(rec)
		if err != nil {
			return time.Time{}, fmt.Errorf("ordertrip: decode %s@%d: %w", rec.StreamID, rec.Version, err)
		}
		if s, ok := v.(dispatch.TripStarted); ok {
			started = s.StartedAt
		}
	}
	return started, nil
}
