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
// (ErrStreamNotFound for a stream without events).
func (h StreamHandler) Handle(ctx context.Context, stream string, lang i18n.Lang) ([]EventView, error) {
	recs, err := readStream(ctx, h.events, stream)
	if err != nil {
		return nil, err
	}
	who := newPeople(ctx, h.accounts, lang)
	out := make([]EventView, len(recs))
	driver := "" // the trip's driver so far, for the events that name them by id
	for i, rec := range recs {
		if out[i], err = describe(lang, rec, who); err != nil {
			return nil, err
		}
		if h.registry == nil {
			continue
		}
		// A trip's events say what they did; other streams keep their type label.
		if v, err := h.registry.Decode(rec); err == nil {
			if e, ok := v.(dispatch.TripEvent); ok {
				out[i].Summary = tripSays(lang, e, driver)
				switch a := e.(type) {
				case dispatch.DriverAssigned:
					driver = a.Driver.NameIn(string(lang))
				case dispatch.TripHandedOver:
					driver = a.Driver.NameIn(string(lang))
				}
			}
		}
	}
	return out, nil
}

// describe is an event's type in words and who did it.
func describe(lang i18n.Lang, rec eventstore.RecordedEvent, who *people) (EventView, error) {
	actor, err := who.of(rec.Metadata.ActorID, rec.Metadata.ActorRole)
	if err != nil {
		return EventView{}, err
	}
	return EventView{Record: rec, TypeLabel: TypeLabel(lang, rec.Type), Actor: actor}, nil
}

func readStream(ctx context.Context, events EventLog, stream string) ([]eventstore.RecordedEvent, error) {
	recs, err := events.ReadStream(ctx, stream, 0)
	if errors.Is(err, eventstore.ErrStreamNotFound) {
		return nil, ErrStreamNotFound
	}
	return recs, err
}
