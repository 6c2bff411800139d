package app

import (
	"context"
	"fmt"

	dispatchcmd "mishwar/commands/dispatch"
	"mishwar/processes"
	"mishwar/processes/triptimes"
)

// The trip-times process (processes/triptimes): its job retimes the driver's booked day after an
// exchange within the day, as dispatch's application command under the job's id as its command id.

// retimeTrip brings the driver's day in line with the order's new times (job triptimes.JobRetimeTrip).
func retimeTrip(dispatch *dispatchcmd.Handlers) func(context.Context, processes.Job) error {
	return func(ctx context.Context, job processes.Job) error {
		var r triptimes.RetimeTrip
		if err := job.Decode(&r); err != nil {
			return processes.Permanent(fmt.Errorf("triptimes: %s: %w", job.Kind, err))
		}
		_, err := dispatch.RetimeTrip(ctx, r.OrderID, orderTripMeta(job))
		return jobOutcome(err)
	}
}
