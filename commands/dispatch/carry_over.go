package dispatch

import (
	"context"
	"fmt"
	"time"

	"mishwar/commands"
	"mishwar/domain/availability"
	"mishwar/domain/dispatch"
)

// carryOver records that orderID's trip on driverID's day runs past midnight into the next day
// (dispatch.CarriesOver), on that day's own stream: decided there against its trips under its
// version, so a booking there at the same instant and this carry-over never both land. A trip back
// by midnight carries nothing over (and drops what it carried before). Refused with
// dispatch.ErrDriverBusy, naming the next day's trip it overlaps: the caller gives day back.
func (h *Handlers) carryOver(ctx context.Context, driverID string, day availability.Day, orderID string, start, end time.Time,
	meta commands.Meta) (commands.Result[dispatch.DriverDayEvent], error) {
	next, ok := dispatch.CarriesOver(day, start, end)
	if !ok {
		return h.dropCarryOver(ctx, driverID, day, orderID, meta)
	}
	ended, err := h.endedTrips(ctx, driverID, next)
	if err != nil {
		return commands.Result[dispatch.DriverDayEvent]{}, err
	}
	res, err := commands.Execute(ctx, h.runner, dispatch.DriverDay, DriverDayStream(driverID, next),
		dispatch.DriverDayCommand(dispatch.CarryOverDriverDay{DriverID: driverID, Day: next, FromDay: day, OrderID: orderID,
			StartAt: start, EndAt: end, Ended: ended}), meta, commuting)
	if err != nil {
		return res, fmt.Errorf("dispatch: carry %s's trip %s over into %s: %w", driverID, orderID, next, err)
	}
	return res, nil
}

// dropCarryOver drops what orderID's trip on driverID's day carried over into the next day, if
// anything.
func (h *Handlers) dropCarryOver(ctx context.Context, driverID string, day availability.Day, orderID string,
	meta commands.Meta) (commands.Result[dispatch.DriverDayEvent], error) {
	days := dispatch.NeighbourDays(day)
	if len(days) < 2 {
		return commands.Result[dispatch.DriverDayEvent]{}, nil
	}
	res, err := commands.Execute(ctx, h.runner, dispatch.DriverDay, DriverDayStream(driverID, days[1]),
		dispatch.DriverDayCommand(dispatch.DropCarryOver{OrderID: orderID}), meta, commuting)
	if err != nil {
		return res, fmt.Errorf("dispatch: drop %s's carry-over of %s into %s: %w", driverID, orderID, days[1], err)
	}
	return res, nil
}

// releaseDay gives orderID's trip on driverID's day back (rel) and then drops its carry-over into
// the next day (a step with its own id, derived from meta's). The position answered is the later of
// the two writes.
func (h *Handlers) releaseDay(ctx context.Context, driverID string, day availability.Day, rel dispatch.ReleaseDriverDay,
	meta commands.Meta) (commands.Result[dispatch.DriverDayEvent], error) {
	res, err := commands.Execute(ctx, h.runner, dispatch.DriverDay, DriverDayStream(driverID, day), dispatch.DriverDayCommand(rel), meta, commuting)
	if err != nil {
		return res, err
	}
	dropped, err := h.dropCarryOver(ctx, driverID, day, rel.OrderID, sub(meta, "drop-carry-over"))
	if err != nil {
		return res, err
	}
	if len(dropped.Events) > 0 && res.Position.Less(dropped.Position) {
		res.Position = dropped.Position
	}
	return res, nil
}
