package app

import (
	"context"
	"errors"
	"fmt"

	"mishwar/commands"
	dispatchcmd "mishwar/commands/dispatch"
	orderscmd "mishwar/commands/orders"
	"mishwar/domain"
	"mishwar/domain/dispatch"
	"mishwar/processes"
	"mishwar/processes/ordertrip"
)

// The order ↔ trip process (processes/ordertrip): its jobs are the orders' and dispatch's
// application commands, run under the job's id as their command id so a job run again after a crash
// writes nothing twice.

// orderTripMeta is the metadata of the command a job runs: Mishwar acting on its own, the job's id as
// the command id.
func orderTripMeta(job processes.Job) commands.Meta {
	return commands.Meta{CommandID: job.ID, Actor: commands.Actor{UserID: dispatch.SystemActor, Role: "system"}, CorrelationID: job.ID.String()}
}

// jobOutcome turns a command's error into the job's: a refusal (an order that does not exist, a
// payload that makes no sense) is final, anything else (the database away, a change that kept
// colliding) is retried.
func jobOutcome(err error) error {
	if err == nil || errors.Is(err, commands.ErrConcurrentChange) || domain.KindOf(err) == 0 {
		return err
	}
	return processes.Permanent(err)
}

// recordTripStep records a trip's start or completion on its order (job ordertrip.JobRecordTripStep).
func recordTripStep(orders *orderscmd.Handlers) func(context.Context, processes.Job) error {
	return func(ctx context.Context, job processes.Job) error {
		var s ordertrip.TripStep
		if err := job.Decode(&s); err != nil {
			return processes.Permanent(fmt.Errorf("ordertrip: %s: %w", job.Kind, err))
		}
		var err error
		switch s.Step {
		case ordertrip.StepStarted:
			_, err = orders.RecordTripStarted(ctx, s.OrderID, s.DriverID, s.StartedAt, orderTripMeta(job))
		case ordertrip.StepCompleted:
			_, err = orders.RecordTripCompleted(ctx, s.OrderID, s.DriverID, s.StartedAt, s.CompletedAt, orderTripMeta(job))
		default:
			return processes.Permanent(fmt.Errorf("ordertrip: unknown trip step %q", s.Step))
		}
		return jobOutcome(err)
	}
}

// releaseTrip takes a cancelled order's trip off the road (job ordertrip.JobReleaseTrip).
func releaseTrip(dispatch *dispatchcmd.Handlers) func(context.Context, processes.Job) error {
	return func(ctx context.Context, job processes.Job) error {
		var r ordertrip.ReleaseTrip
		if err := job.Decode(&r); err != nil {
			return processes.Permanent(fmt.Errorf("ordertrip: %s: %w", job.Kind, err))
		}
		_, err := dispatch.ReleaseTrip(ctx, r.OrderID, r.Reason, orderTripMeta(job))
		return jobOutcome(err)
	}
}

// moveTrip follows an exchanged order to its new day (job ordertrip.JobMoveTrip).
func moveTrip(dispatch *dispatchcmd.Handlers) func(context.Context, processes.Job) error {
	return func(ctx context.Context, job processes.Job) error {
		var m ordertrip.MoveTrip
		if err := job.Decode(&m); err != nil {
			return processes.Permanent(fmt.Errorf("ordertrip: %s: %w", job.Kind, err))
		}
		_, err := dispatch.MoveTrip(ctx, m.OrderID, m.Day, orderTripMeta(job))
		return jobOutcome(err)
	}
}
