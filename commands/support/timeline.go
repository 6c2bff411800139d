package support

import (
	"context"
	"errors"
	"fmt"

	"mishwar/domain/account"
	"mishwar/domain/dispatch"
	"mishwar/domain/order"
	"mishwar/domain/payment"
	"mishwar/eventstore"
	"mishwar/internal/i18n"
)

// Moment is one entry of an order's timeline: an event of the order's own stream or of its trip's
// (the dispatch stream: the driver given the trip, their steps, a hand-over), in the order they were
// recorded.
type Moment struct {
	EventView
	// Trip says the event is the trip's, not the order's.
	Trip bool
	// From is the order's version from which replay (the order's versions) counts the event as
	// happened: an order event's own version; a trip event's, the version of the order's first event
	// recorded after it, or the order's last version when none was (the end of the slider is now).
	From int64
}

// RelatedStream is a stream an order's story continues on, named for a person.
type RelatedStream struct {
	Stream string
	// Kind is "trip" or "payment".
	Kind string
	// Label says what the stream is in the reader's language: "The trip and its driver", "The
	// payment of EGP 770.40 (sandbox)".
	Label string
}

// stopsAt answers the order's stops as its stream said just before a global position (nil: not
// known), for naming a stop in the reader's language.
type stopsAt func(eventstore.Position) []order.Stop

// orderStops folds an order's events and answers its stops as they were at any position.
func orderStops(recs []eventstore.RecordedEvent, registry *eventstore.Registry) (stopsAt, error) {
	type snapshot struct {
		pos   eventstore.Position
		stops []order.Stop
	}
	var snaps []snapshot
	s := order.Decider.Initial()
	for _, rec := range recs {
		v, err := registry.Decode(rec)
		if err != nil {
			return nil, fmt.Errorf("support: decode %s@%d: %w", rec.StreamID, rec.Version, err)
		}
		e, ok := v.(order.Event)
		if !ok {
			continue
		}
		s = order.Decider.Evolve(s, e)
		snaps = append(snaps, snapshot{pos: rec.Position, stops: s.Trip().Itinerary.Stops})
	}
	return func(p eventstore.Position) []order.Stop {
		var out []order.Stop
		for _, sn := range snaps {
			if !sn.pos.Less(p) {
				break
			}
			out = sn.stops
		}
		if out == nil && len(snaps) > 0 {
			out = snaps[0].stops
		}
		return out
	}, nil
}

// sayTrip says each event of a trip's stream in lang: what it did (tripSays), and who did it. A
// driver's step is said to be the driver's, by the name the trip recorded for them (in lang), not
// their sign-in account's, which may be named otherwise or linked to the driver since. An event
// the registry cannot read keeps its type label.
func sayTrip(lang i18n.Lang, recs []eventstore.RecordedEvent, registry *eventstore.Registry, who *people, stops stopsAt) ([]EventView, error) {
	out := make([]EventView, len(recs))
	var current *dispatch.Driver // the driver the trip had before the event
	for i, rec := range recs {
		view, err := describe(lang, rec, who)
		if err != nil {
			return nil, err
		}
		out[i] = view
		if registry == nil {
			continue
		}
		v, err := registry.Decode(rec)
		if err != nil {
			continue
		}
		if c, ok := v.(payment.PaymentSessionClosed); ok {
			out[i].Summary = pageClosedSays(lang, c, rec.RecordedAt)
			continue
		}
		e, ok := v.(dispatch.TripEvent)
		if !ok {
			continue
		}
		name := ""
		if current != nil {
			name = current.NameIn(string(lang))
		}
		var itinerary []order.Stop
		if stops != nil {
			itinerary = stops(rec.Position)
		}
		out[i].Summary = tripSays(lang, e, name, itinerary)
		if current != nil && rec.Metadata.ActorRole == account.RoleDriver && stepDriver(e) == current.ID {
			out[i].Actor = driverPerson(lang, rec.Metadata.ActorID, *current)
		}
		switch ev := e.(type) {
		case dispatch.DriverAssigned:
			current = &ev.Driver
		case dispatch.TripHandedOver:
			current = &ev.Driver
		case dispatch.DriverUnassigned, dispatch.TripCancelled:
			current = nil
		}
	}
	return out, nil
}

// stepDriver is the driver a step of the trip names ("" for an event that is no driver's step).
func stepDriver(e dispatch.TripEvent) string {
	switch ev := e.(type) {
	case dispatch.TripStarted:
		return ev.DriverID
	case dispatch.TravellersPickedUp:
		return ev.DriverID
	case dispatch.ArrivedAtStop:
		return ev.DriverID
	case dispatch.TripCompleted:
		return ev.DriverID
	}
	return ""
}

// driverPerson says a trip's driver: their name in lang, as a driver.
func driverPerson(lang i18n.Lang, accountID string, d dispatch.Driver) Person {
	name := d.NameIn(string(lang))
	return Person{ID: accountID, Name: name, Role: account.RoleDriver,
		Label: i18n.T(lang, "support.person", name, word(lang, "role", account.RoleDriver))}
}

// creditDriver names the driver behind the order events the system recorded after a driver's step
// (the order's "trip started" after the driver set off; its "trip ended" and "completed" after they
// ended the trip): "System, after a step by Karim Adel (Driver)". trip is the trip's events, said.
func creditDriver(lang i18n.Lang, views []EventView, trip []EventView) {
	after := map[string]string{"OrderTripStarted": "TripStarted", "OrderTripCompleted": "TripCompleted", "OrderCompleted": "TripCompleted"}
	for i := range views {
		step, ok := after[views[i].Record.Type]
		if !ok || views[i].Actor.Name != "" {
			continue
		}
		var by *Person
		for j := range trip {
			if !trip[j].Record.Position.Less(views[i].Record.Position) {
				break
			}
			if trip[j].Record.Type == step && trip[j].Actor.Role == account.RoleDriver && trip[j].Actor.Name != "" {
				by = &trip[j].Actor
			}
		}
		if by != nil {
			views[i].Actor.Label = i18n.T(lang, "support.actor.after_step", views[i].Actor.Label, by.Label)
		}
	}
}

// merge lays the order's and its trip's events side by side in the order they were recorded.
func merge(orderViews, tripViews []EventView, last int64) []Moment {
	out := make([]Moment, 0, len(orderViews)+len(tripViews))
	i, j := 0, 0
	for i < len(orderViews) || j < len(tripViews) {
		if j >= len(tripViews) || (i < len(orderViews) && orderViews[i].Record.Position.Less(tripViews[j].Record.Position)) {
			out = append(out, Moment{EventView: orderViews[i], From: orderViews[i].Record.Version})
			i++
			continue
		}
		from := last
		if i < len(orderViews) {
			from = orderViews[i].Record.Version
		}
		out = append(out, Moment{EventView: tripViews[j], Trip: true, From: from})
		j++
	}
	return out
}

// related names the streams an order's story continues on: its trip's (when it has events) and each
// payment's.
func related(lang i18n.Lang, num string, recs []eventstore.RecordedEvent, registry *eventstore.Registry, hasTrip bool) []RelatedStream {
	var out []RelatedStream
	if hasTrip {
		out = append(out, RelatedStream{Stream: eventstore.StreamID("dispatch", num), Kind: "trip", Label: i18n.T(lang, "support.related.trip")})
	}
	seen := map[string]bool{}
	for _, rec := range recs {
		if rec.Type != "PaymentRequested" {
			continue
		}
		v, err := registry.Decode(rec)
		if err != nil {
			continue
		}
		p, ok := v.(order.PaymentRequested)
		if !ok || p.PaymentID == "" || seen[p.PaymentID] {
			continue
		}
		seen[p.PaymentID] = true
		out = append(out, RelatedStream{Stream: eventstore.StreamID("payment", p.PaymentID), Kind: "payment",
			Label: i18n.T(lang, "support.related.payment", Money(lang, p.Amount), p.Provider)})
	}
	return out
}

// readTrip reads an order's trip stream (none: no events).
func readTrip(ctx context.Context, events EventLog, num string) ([]eventstore.RecordedEvent, error) {
	recs, err := readStream(ctx, events, eventstore.StreamID("dispatch", num))
	if errors.Is(err, ErrStreamNotFound) {
		return nil, nil
	}
	return recs, err
}
