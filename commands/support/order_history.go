package support

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"mishwar/domain"
	"mishwar/domain/order"
	"mishwar/eventstore"
)

// History is an order's events and its state folded up to one of its versions.
type History struct {
	OrderID string
	// Version is the order's last version; At the version State is folded up to.
	Version int64
	At      int64
	Events  []eventstore.RecordedEvent
	State   order.State
	// Related are the streams of the order's trip and payments.
	Related []string
}

// OrderHistoryHandler answers an order's history, with time travel.
type OrderHistoryHandler struct {
	events   EventLog
	registry *eventstore.Registry
}

// Handle returns the history of the order with trip number id, its state folded up to version at
// ("": the last).
func (h OrderHistoryHandler) Handle(ctx context.Context, id, at string) (History, error) {
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
	state := order.Decider.Initial()
	for _, rec := range recs {
		if rec.Version > upTo {
			continue
		}
		v, err := h.registry.Decode(rec)
		if err != nil {
			return History{}, fmt.Errorf("support: decode %s@%d: %w", rec.StreamID, rec.Version, err)
		}
		e, ok := v.(order.Event)
		if !ok {
			return History{}, fmt.Errorf("support: %s@%d is a %s, not an order event", rec.StreamID, rec.Version, rec.Type)
		}
		state = order.Decider.Evolve(state, e)
	}
	related := []string{eventstore.StreamID("dispatch", num)}
	for _, rec := range recs {
		var p struct {
			PaymentID string `json:"payment_id"`
		}
		if rec.Type == "PaymentRequested" && json.Unmarshal(rec.Data, &p) == nil && p.PaymentID != "" {
			related = append(related, eventstore.StreamID("payment", p.PaymentID))
		}
	}
	return History{OrderID: num, Version: last, At: upTo, Events: recs, State: state, Related: related}, nil
}
