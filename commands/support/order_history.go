package support

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"mishwar/domain"
	"mishwar/domain/dispatch"
	"mishwar/domain/order"
	"mishwar/eventstore"
	"mishwar/internal/i18n"
)

// History is an order's events and its state folded up to one of its versions.
type History struct {
	OrderID string
	// Version is the order's last version; At the version State is folded up to.
	Version int64
	At      int64
	// Events are every event of the order, each with the order's card after it.
	Events []EventView
	// Timeline is the order's events and its trip's (who was given it, who drove, each step, a
	// hand-over and why) in the order they were recorded, each with who did it.
	Timeline []Moment
	State    order.State
	// Card is State as a person reads it.
	Card []Field
	// Related are the streams of the order's trip and payments, named.
	Related []RelatedStream
	// Driver says who drove the order's trip at version At: its dispatch stream up to when the
	// order's event at At was recorded (all of it at the last version: the driver now): name, phone,
	// car, plate, and the seats staff overrode when the car did not fit; "no driver yet" before the
	// assignment or after the driver was taken off, then with why (in the reader's language when a
	// rule took them off).
	Driver []Field
}

// EventView is one stored event as support reads it: its type and what it did in words, who did it,
// and (on an order's history) the order's card after it, which the console compares with the card
// before it to show what the event changed.
type EventView struct {
	Record    eventstore.RecordedEvent
	TypeLabel string
	// Summary says what happened ("" when only the type label can say it).
	Summary string
	Actor   Person
	// Fields is the order's card once this event is folded in (nil outside an order's history).
	Fields []Field
}

// OrderHistoryHandler answers an order's history, with time travel.
type OrderHistoryHandler struct {
	events   EventLog
	registry *eventstore.Registry
	accounts Accounts
}

// Handle returns the history of the order with trip number id, its state folded up to version at
// ("": the last), everything said in lang.
func (h OrderHistoryHandler) Handle(ctx context.Context, id, at string, lang i18n.Lang) (History, error) {
	num, ok := order.NormalizeTripNumber(id)
	if !ok {
		return History{}, order.ErrOrderNotFound
	}
	recs, err := readStream(ctx, h.events, eventstore.StreamID("order", num))
	if errors.Is(err, ErrStreamNotFound) {
		err = order.ErrOrderNotFound
	}
	if err != nil {
		return History{}, err
	}
	last := recs[len(recs)-1].Version
	upTo := last
	if raw := strings.TrimSpace(at); raw != "" {
		n, err := strconv.ParseInt(raw, 10, 64)
		if err != nil || n < 0 || n > last {
			v := &domain.ValidationError{}
			v.Add("at", KeyVersionInvalid)
			return History{}, v
		}
		upTo = n
	}
	who := newPeople(ctx, h.accounts, lang)
	state, atState := order.Decider.Initial(), order.Decider.Initial()
	// The cancellation, once there is one: the card says who cancelled, when and what was kept.
	var cancelled, atCancelled *cancellation
	views := make([]EventView, 0, len(recs))
	for _, rec := range recs {
		v, err := h.registry.Decode(rec)
		if err != nil {
			return History{}, fmt.Errorf("support: decode %s@%d: %w", rec.StreamID, rec.Version, err)
		}
		e, ok := v.(order.Event)
		if !ok {
			return History{}, fmt.Errorf("support: %s@%d is a %s, not an order event", rec.StreamID, rec.Version, rec.Type)
		}
		before := state
		state = order.Decider.Evolve(state, e)
		if c := cancelledOf(before, e, rec.RecordedAt); c != nil {
			cancelled = c
		}
		if rec.Version <= upTo {
			atState, atCancelled = state, cancelled
		}
		view, err := describe(lang, rec, who)
		if err != nil {
			return History{}, err
		}
		if view.Summary, err = says(lang, before, e, who); err != nil {
			return History{}, err
		}
		if view.Fields, err = card(lang, state, who); err != nil {
			return History{}, err
		}
		view.Fields = withCancellation(lang, view.Fields, cancelled)
		views = append(views, view)
	}
	shown, err := card(lang, atState, who)
	if err != nil {
		return History{}, err
	}
	shown = withCancellation(lang, shown, atCancelled)
	tripRecs, err := readTrip(ctx, h.events, num)
	if err != nil {
		return History{}, err
	}
	stops, err := orderStops(recs, h.registry)
	if err != nil {
		return History{}, err
	}
	trip, err := sayTrip(lang, tripRecs, h.registry, who, stops)
	if err != nil {
		return History{}, err
	}
	creditDriver(lang, views, trip)
	// The trip's events that had happened when the order's event at version upTo was recorded (at
	// the last version: all of them, the driver now).
	var before *eventstore.Position
	if upTo < last {
		for _, rec := range recs {
			if rec.Version == upTo {
				before = &rec.Position
				break
			}
		}
	}
	driver, err := h.driver(tripRecs, before, lang)
	if err != nil {
		return History{}, err
	}
	rel, err := withPageCloses(ctx, h.events, h.registry, lang, related(lang, num, recs, h.registry, len(tripRecs) > 0))
	if err != nil {
		return History{}, err
	}
	return History{OrderID: num, Version: last, At: upTo, Events: views, Timeline: merge(views, trip, last), State: atState, Card: shown,
		Related: rel, Driver: driver}, nil
}

// driver folds the order's dispatch stream recs (none yet: no driver), up to the events at or after the
// global position before (nil: all of them), and says its driver, or why the last one was taken off.
func (h OrderHistoryHandler) driver(recs []eventstore.RecordedEvent, before *eventstore.Position, lang i18n.Lang) ([]Field, error) {
	trip := dispatch.Trip.Initial()
	var takenOff *dispatch.DriverUnassigned
	var calledOff *dispatch.TripCancelled
	for _, rec := range recs {
		if before != nil && !rec.Position.Less(*before) {
			break
		}
		v, err := h.registry.Decode(rec)
		if err != nil {
			return nil, fmt.Errorf("support: decode %s@%d: %w", rec.StreamID, rec.Version, err)
		}
		e, ok := v.(dispatch.TripEvent)
		if !ok {
			return nil, fmt.Errorf("support: %s@%d is a %s, not a trip event", rec.StreamID, rec.Version, rec.Type)
		}
		trip = dispatch.Trip.Evolve(trip, e)
		switch ev := e.(type) {
		case dispatch.DriverUnassigned:
			takenOff = &ev
		case dispatch.DriverAssigned:
			takenOff = nil
		case dispatch.TripCancelled:
			calledOff = &ev
		}
	}
	return driverCard(lang, trip, takenOff, calledOff), nil
}
