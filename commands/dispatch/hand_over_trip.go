package dispatch

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"mishwar/commands"
	"mishwar/domain/dispatch"
)

// HandOverTrip gives a trip on the road to another driver, who goes on from the step it reached (the
// car broke down, the driver fell ill). The new driver's day is booked first, from now (or the pickup,
// if later) until the trip is due back, refused as an assignment would be; then the trip is handed
// over, and the former driver's day is freed. If the trip refuses, the new driver's day is given back.
// A driver runs one trip at a time: one who is on another trip of theirs is refused
// (dispatch.ErrDriverOnAnotherTrip, naming it); the new driver runs this one from the hand-over.
// reason says why (required); override, as for an assignment, sends a car that does not fit anyway.
func (h *Handlers) HandOverTrip(ctx context.Context, orderID, driverID, reason, override string, meta commands.Meta) (Outcome, error) {
	if meta.CommandID == uuid.Nil {
		meta.CommandID = uuid.New()
	}
	facts, driver, err := h.orderAndDriver(ctx, orderID, driverID)
	if err != nil {
		return Outcome{}, err
	}
	// The new driver is taken from now on: the hours of the trip already driven are the former driver's.
	from := facts.StartAt
	if now := h.runner.Now(); now.After(from) {
		from = now
	}
	cmd := dispatch.HandOverTrip{Order: facts, Driver: driver, By: actor(meta), Reason: reason, Override: override}
	// A trip on the road keeps its order's day: the order refuses a change once the driver set off.
	out, events, err := h.giveTrip(ctx, cmd, driver, facts.Day, from, true, facts, "hand-over refused", meta)
	if err != nil {
		return Outcome{}, err
	}
	for _, e := range events {
		handed, ok := e.(dispatch.TripHandedOver)
		if !ok {
			continue
		}
		freed, err := h.releaseDay(ctx, handed.FromDriverID, handed.Day, dispatch.ReleaseDriverDay{OrderID: facts.OrderID, Reason: "handed over"},
			sub(meta, "free-former-day"))
		if err != nil {
			return out, fmt.Errorf("dispatch: free %s's day: %w", handed.FromDriverID, err)
		}
		if out.Position.Less(freed.Position) {
			out.Position = freed.Position
		}
	}
	return out, nil
}
