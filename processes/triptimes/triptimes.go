// Package triptimes is the process manager that keeps a driver's booked day on the times of the trip
// they drive. An order exchanged within its day (other times, or an itinerary or rate plan whose trip
// is longer or shorter) is recorded on the order's stream (OrderExchanged); the driver who carries its
// trip that day booked it at the old times on their own stream (driverday-<driver>-<day>). For each
// such exchange this process queues one job JobRetimeTrip: commands/dispatch RetimeTrip reads the
// order as it is now and retimes the driver's booking (DriverDayRetimed), or, when the new times
// overlap another of that driver's trips, releases it and takes the trip back from the driver with a
// reason that names the other trip, for an operator to assign another.
//
// An exchange to another day is processes/ordertrip's (JobMoveTrip releases the driver of the old
// day); this process leaves it alone.
//
// The job is queued in the transaction that moves the process's checkpoint, with an id derived from
// the event (processes.JobID), so it is queued exactly once; the worker runs it outside any
// transaction under the job's id as its command id, so a job run again after a crash writes nothing
// twice. Like every process it is never rebuilt; on its first run it starts at the beginning of the
// log, where the deciders find the exchanges already settled (or trips long driven) and write nothing.
package triptimes

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"mishwar/domain/order"
	"mishwar/processes"
)

// Name is the process's checkpoint name.
const Name = "triptimes"

// JobRetimeTrip brings the driver's day in line with the order's new times (payload RetimeTrip).
const JobRetimeTrip = "dispatch.retime_trip"

// RetimeTrip is the payload of JobRetimeTrip. It names the order only: the job reads the order's
// times from its stream, so two quick exchanges settle on the last whatever order their jobs run in.
type RetimeTrip struct {
	OrderID    string `json:"order_id"`
	ExchangeID string `json:"exchange_id"`
}

// Process queues the jobs that retime drivers' days.
type Process struct{ jobs processes.Jobs }

// New returns the process, queueing into jobs.
func New(jobs processes.Jobs) *Process { return &Process{jobs: jobs} }

var _ processes.Process = (*Process)(nil)

func (*Process) Name() string { return Name }

func (*Process) Streams() []string { return []string{"order"} }

func (p *Process) Handlers() []processes.Handler {
	return []processes.Handler{processes.On(p.orderExchanged)}
}

func (p *Process) orderExchanged(ctx context.Context, tx pgx.Tx, e processes.Event[order.OrderExchanged]) error {
	if e.Data.To.Day != e.Data.From.Day {
		return nil
	}
	id := processes.JobID(e.EventID, JobRetimeTrip)
	if err := p.jobs.Enqueue(ctx, tx, JobRetimeTrip, id, RetimeTrip{OrderID: e.EntityID, ExchangeID: e.Data.ExchangeID}); err != nil {
		return fmt.Errorf("triptimes: queue %s for %s@%d: %w", JobRetimeTrip, e.StreamID, e.Version, err)
	}
	return nil
}
