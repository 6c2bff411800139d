package dispatch

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"

	"mishwar/commands"
	"mishwar/domain/dispatch"
)

// HandOverTrip gives a trip on the road to another driver, who goes on from the step it reached (the
// car broke down, the driver fell ill). The new driver's day is booked first, from now (or the pickup,
// if later) until the trip is due back, refused as an assignment would be; then the trip is handed
// over, and the former driver's day is freed. If the trip refuses, the new driver's day is given back.
// reason says why (required); override, as for an assignment, sends a car that does not fit anyway.
func (h *Handlers) HandOverTrip(ctx context.Context, orderID, driverID, reason, override string, meta commands.Meta) (Outcome, error) {
	if meta.CommandID == uuid.Nil {
		meta.CommandID = uuid.New()
	}
	facts, err := h.OrderFacts(ctx, orderID)
	if err != nil {
		return Outcome{}, err
	}
	if facts, err = h.ClassSeats(ctx, facts); err != nil {
		return Outcome{}, err
	}
	driver, err := h.Driver(ctx, driverID)
	if err != nil {
		return Outcome{}, err
	}
	cmd := dispatch.HandOverTrip{Order: facts, Driver: driver, By: actor(meta), Reason: reason, Override: override}
	// Decide once on the trip as it is, so the usual refusals never touch a driver's day.
	trip, _, err := h.Trip(ctx, facts.OrderID)
	if err != nil {
		return Outcome{}, err
	}
	if events, err := dispatch.Trip.Decide(trip, cmd, h.runner.Now()); err != nil || len(events) == 0 {
		return Outcome{}, err
	}
	day := trip.Day()
	ended, err := h.endedTrips(ctx, driver.ID, day)
	if err != nil {
		return Outcome{}, err
	}
	// The new driver is taken from now on: the hours of the trip already driven are the former driver's.
	from := facts.StartAt
	if now := h.runner.Now(); now.After(from) {
		from = now
	}
	booked, err := commands.Execute(ctx, h.runner, dispatch.DriverDay, DriverDayStream(driver.ID, day),
		dispatch.DriverDayCommand(dispatch.BookDriverDay{DriverID: driver.ID, Day: day, OrderID: facts.OrderID, TripsPerDay: driver.TripsPerDay,
			StartAt: from, EndAt: facts.EndAt, Ended: ended}),
		sub(meta, "book-day"), commuting)
	if err != nil {
		return Outcome{}, fmt.Errorf("dispatch: book %s's day: %w", driver.ID, err)
	}
	res, err := commands.Execute(ctx, h.runner, dispatch.Trip, TripStream(facts.OrderID), dispatch.TripCommand(cmd), meta, commuting)
	if err != nil {
		if _, rerr := commands.Execute(ctx, h.runner, dispatch.DriverDay, DriverDayStream(driver.ID, day),
			dispatch.DriverDayCommand(dispatch.ReleaseDriverDay{OrderID: facts.OrderID, Reason: "hand-over refused"}),
			sub(meta, "release-day"), commuting); rerr != nil {
			return Outcome{}, errors.Join(err, fmt.Errorf("dispatch: give back %s's day: %w", driver.ID, rerr))
		}
		return Outcome{}, err
	}
	out := Outcome{Position: res.Position, Changed: len(res.Events) > 0}
	if out.Position.Less(booked.Position) {
		out.Position = booked.Position
	}
	for _, e := range res.Events {
		handed, ok := e.(dispatch.TripHandedOver)
		if !ok {
			continue
		}
		freed, err := commands.Execute(ctx, h.runner, dispatch.DriverDay, DriverDayStream(handed.FromDriverID, handed.Day),
			dispatch.DriverDayCommand(dispatch.ReleaseDriverDay{OrderID: facts.OrderID, Reason: "handed over"}), sub(meta, "free-former-day"), commuting)
		if err != nil {
			return out, fmt.Errorf("dispatch: free %s's day: %w", handed.FromDriverID, err)
		}
		if out.Position.Less(freed.Position) {
			out.Position = freed.Position
		}
	}
	return out, nil
}
