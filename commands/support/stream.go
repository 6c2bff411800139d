package support

import (
	"context"
	"errors"

	"mishwar/domain/dispatch"
	"mishwar/eventstore"
	"mishwar/internal/i18n"
)

// StreamHandler reads any stream's events with their metadata.
type StreamHandler struct {
	events   EventLog
	registry *eventstore.Registry
	accounts Accounts
}

// Handle returns every event of stream, in order, each with its type in words and who did it, in lang
// (ErrStreamNotFound for a stream without events). A trip's events say what they did, naming its
// stops in lang from its order's itinerary; other streams' keep their type label.
func (h StreamHandler) Handle(ctx context.Context, stream string, lang i18n.Lang) ([]EventView, error) {
	recs, err := readStream(ctx, h.events, stream)
	if err != nil {
		return nil, err
	}
	who := newPeople(ctx, h.accounts, lang)
	stops, err := h.orderStops(ctx, recs)
	if err != nil {
		return nil, err
	}
	return sayTrip(lang, recs, h.registry, who, stops)
}

// orderStops reads the order of a trip's stream, for its stops' names (nil for a stream of another
// kind, or a trip whose order has no events).
func (h StreamHandler) orderStops(ctx context.Context, recs []eventstore.RecordedEvent) (stopsAt, error) {
	if h.registry == nil {
		return nil, nil
	}
	for _, rec := range recs {
		v, err := h.registry.Decode(rec)
		if err != nil {
			continue
		}
		if a, ok := v.(dispatch.DriverAssigned); ok && a.OrderID != "" {
			orderRecs, err := readStream(ctx, h.events, eventstore.StreamID("order", a.OrderID))
			if errors.Is(err, ErrStreamNotFound) {
				return nil, nil
			}
			if err != nil {
				return nil, err
			}
			return orderStops(orderRecs, h.registry)
		}
	}
	return nil, nil
}

// describe is an event's type in words and who did it.
func describe(lang i18n.Lang, rec eventstore.RecordedEvent, who *people) (EventView, error) {
	actor, err := who.of(rec.Metadata.ActorID, rec.Metadata.ActorRole)
	if err != nil {
		return EventView{}, err
	}
	return EventView{Record: withoutSecrets(rec), TypeLabel: TypeLabel(lang, rec.Type), Actor: actor}, nil
}

func readStream(ctx context.Context, events EventLog, stream string) ([]eventstore.RecordedEvent, error) {
	recs, err := events.ReadStream(ctx, stream, 0)
	if errors.Is(err, eventstore.ErrStreamNotFound) {
		return nil, ErrStreamNotFound
	}
	return recs, err
}
