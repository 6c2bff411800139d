package dispatch

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"mishwar/commands"
	"mishwar/domain/availability"
	"mishwar/domain/dispatch"
)

// AssignDriver gives a confirmed order to a driver: the driver's day is booked first (refused when
// they already carry their trips per day), then the trip is assigned; if the trip refuses, the day is
// given back.
//
// The car must fit the order's class of car and group (dispatch.CheckVehicle): a car that does not is
// refused (422, saying why) unless override gives staff's reason to send it anyway, which the
// assignment records. A driver whose other trip that day overlaps this one is refused (409).
func (h *Handlers) AssignDriver(ctx context.Context, orderID, driverID string, meta commands.Meta) (Outcome, error) {
	return h.assign(ctx, orderID, driverID, "", meta)
}

// AssignDriverOverridingVehicle is AssignDriver for a car that does not fit the order, sent anyway for
// reason (staff's words, recorded on the assignment); a blank reason overrides nothing.
func (h *Handlers) AssignDriverOverridingVehicle(ctx context.Context, orderID, driverID, reason string, meta commands.Meta) (Outcome, error) {
	return h.assign(ctx, orderID, driverID, reason, meta)
}

func (h *Handlers) assign(ctx context.Context, orderID, driverID, override string, meta commands.Meta) (Outcome, error) {
	if meta.CommandID == uuid.Nil {
		meta.CommandID = uuid.New()
	}
	facts, driver, err := h.orderAndDriver(ctx, orderID, driverID)
	if err != nil {
		return Outcome{}, err
	}
	cmd := dispatch.AssignDriver{Order: facts, Driver: driver, By: actor(meta), Override: override}
	res, _, err := h.giveTrip(ctx, cmd, driver, facts.Day, facts.StartAt, false, facts, "assignment refused", meta)
	return res, err
}

// orderAndDriver reads what giving orderID's trip to driverID is decided on: the order's facts, with
// its class of car's seats, and the driver.
func (h *Handlers) orderAndDriver(ctx context.Context, orderID, driverID string) (dispatch.OrderFacts, dispatch.Driver, error) {
	facts, err := h.OrderFacts(ctx, orderID)
	if err != nil {
		return dispatch.OrderFacts{}, dispatch.Driver{}, err
	}
	if facts, err = h.ClassSeats(ctx, facts); err != nil {
		return dispatch.OrderFacts{}, dispatch.Driver{}, err
	}
	driver, err := h.Driver(ctx, driverID)
	return facts, driver, err
}

// giveTrip books driver's day from `from` until the trip is due back, then decides cmd on the trip;
// a trip that refuses gets the day given back (refused: the release's reason). cmd is decided once on
// the trip as it is first, so the usual refusals never touch the driver's day. onTheRoad books a trip
// under way, which the driver sets off on at once: refused while another of their trips runs. It
// returns the trip's events as written.
func (h *Handlers) giveTrip(ctx context.Context, cmd dispatch.TripCommand, driver dispatch.Driver, day availability.Day, from time.Time,
	onTheRoad bool, facts dispatch.OrderFacts, refused string, meta commands.Meta) (Outcome, []dispatch.TripEvent, error) {
	trip, _, err := h.Trip(ctx, facts.OrderID)
	if err != nil {
		return Outcome{}, nil, err
	}
	if events, err := dispatch.Trip.Decide(trip, cmd, h.runner.Now()); err != nil || len(events) == 0 {
		return Outcome{}, nil, err
	}
	ended, err := h.endedTrips(ctx, driver.ID, day)
	if err != nil {
		return Outcome{}, nil, err
	}
	neighbours, err := h.neighbourDays(ctx, driver.ID, day, ended)
	if err != nil {
		return Outcome{}, nil, err
	}
	booked, err := commands.Execute(ctx, h.runner, dispatch.DriverDay, DriverDayStream(driver.ID, day),
		dispatch.DriverDayCommand(dispatch.BookDriverDay{DriverID: driver.ID, Day: day, OrderID: facts.OrderID, TripsPerDay: driver.TripsPerDay,
			StartAt: from, EndAt: facts.EndAt, Ended: ended, OnTheRoad: onTheRoad, Neighbours: neighbours}),
		sub(meta, "book-day"), commuting)
	if err != nil {
		return Outcome{}, nil, fmt.Errorf("dispatch: book %s's day: %w", driver.ID, err)
	}
	giveBack := func(err error) error {
		if _, rerr := h.releaseDay(ctx, driver.ID, day, dispatch.ReleaseDriverDay{OrderID: facts.OrderID, Reason: refused},
			sub(meta, "release-day")); rerr != nil {
			return errors.Join(err, fmt.Errorf("dispatch: give back %s's day: %w", driver.ID, rerr))
		}
		return err
	}
	// A trip running past midnight is decided on the next day's stream as well: a booking made there
	// at the same instant was not among the neighbours read above.
	if _, ok := dispatch.CarriesOver(day, from, facts.EndAt); ok {
		if _, err := h.carryOver(ctx, driver.ID, day, facts.OrderID, from, facts.EndAt, sub(meta, "carry-over")); err != nil {
			return Outcome{}, nil, giveBack(err)
		}
	}
	res, err := commands.Execute(ctx, h.runner, dispatch.Trip, TripStream(facts.OrderID), cmd, meta, commuting)
	if err != nil {
		return Outcome{}, nil, giveBack(err)
	}
	out := Outcome{Position: res.Position, Changed: len(res.Events) > 0}
	if out.Position.Less(booked.Position) {
		out.Position = booked.Position
	}
	return out, res.Events, nil
}

// neighbourDays are the driver's days before and after day as they stand (dispatch.NeighbourDays),
// for the overlap rule to see a trip running past midnight; their completed trips are added to ended.
// They are only read: two bookings at the same instant on two days are kept apart by the carry-over
// (carryOver), decided on the later day's own stream.
func (h *Handlers) neighbourDays(ctx context.Context, driverID string, day availability.Day, ended map[string]time.Time) ([]dispatch.DriverDayState, error) {
	var days []dispatch.DriverDayState
	for _, d := range dispatch.NeighbourDays(day) {
		s, err := h.driverDay(ctx, driverID, d)
		if err != nil {
			return nil, err
		}
		if err := h.addEnded(ctx, s, ended); err != nil {
			return nil, err
		}
		days = append(days, s)
	}
	return days, nil
}

// driverDay is the driver's day as its stream says now.
func (h *Handlers) driverDay(ctx context.Context, driverID string, day availability.Day) (dispatch.DriverDayState, error) {
	hist, err := commands.Load[dispatch.DriverDayEvent](ctx, h.runner, DriverDayStream(driverID, day))
	if err != nil {
		return dispatch.DriverDayState{}, fmt.Errorf("dispatch: load %s's day: %w", driverID, err)
	}
	return dispatch.DriverDay.Fold(hist.Events), nil
}

// endedTrips are the trips the driver carries on day that their driver has completed, with when: a
// trip ended early no longer occupies the driver. A completion is final, so reading it before the
// booking is safe: a trip completing meanwhile only makes the check stricter than it needs to be.
func (h *Handlers) endedTrips(ctx context.Context, driverID string, day availability.Day) (map[string]time.Time, error) {
	s, err := h.driverDay(ctx, driverID, day)
	if err != nil {
		return nil, err
	}
	ended := map[string]time.Time{}
	if err := h.addEnded(ctx, s, ended); err != nil {
		return nil, err
	}
	return ended, nil
}

// addEnded adds the completed trips of the day s to ended, with when they completed.
func (h *Handlers) addEnded(ctx context.Context, s dispatch.DriverDayState, ended map[string]time.Time) error {
	for _, orderID := range s.Orders() {
		trip, _, err := h.Trip(ctx, orderID)
		if err != nil {
			return err
		}
		if at, ok := trip.CompletedAt(); ok {
			ended[orderID] = at
		}
	}
	return nil
}
