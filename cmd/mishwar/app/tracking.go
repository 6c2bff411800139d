package app

import (
	"context"
	"encoding/json"
	"math"
	"time"

	"github.com/jackc/pgx/v5"

	"mishwar/commands/tracking"
	"mishwar/domain/dispatch"
	"mishwar/httpapi/live"
	"mishwar/projections"
	dispatchrm "mishwar/projections/dispatch"
	ordersrm "mishwar/projections/orders"
)

// Socket messages of the position relay (docs/live.md).
const (
	// msgPosition is the driver's position: {order_id, lat, lng, accuracy?, heading?, at}.
	msgPosition = "trip.position"
	// msgLatestPosition asks for a trip's latest position kept: {order_id}.
	msgLatestPosition = "trip.position.latest"
)

// wireTracking builds the driver → traveller position relay: the driver's socket sends positions,
// every process hears them through a PostgreSQL notice (never the event log) and keeps the latest
// per trip in memory for a couple of minutes.
func (a *App) wireTracking() {
	a.tracking = tracking.New(tracking.Config{
		Trips:     dispatchrm.NewReader(a.Pool),
		Orders:    ordersrm.NewReader(a.Pool),
		Distances: a.distances,
		Now:       a.Commands.Now,
		Logger:    a.Log,
		Publish: func(ctx context.Context, rooms []string, event string, data tracking.Shared) error {
			return pgx.BeginFunc(ctx, a.Pool, func(tx pgx.Tx) error {
				return projections.Notify(ctx, tx, tracking.Event, map[string]any{"rooms": rooms, "event": event, "data": data})
			})
		},
		Announce: func(ctx context.Context, topic string, payloads []any) error {
			return pgx.BeginFunc(ctx, a.Pool, func(tx pgx.Tx) error {
				return projections.NotifyAll(ctx, tx, topic, payloads)
			})
		},
	})
	a.liveMessages[msgPosition] = sharePosition(a.tracking)
	a.liveMessages[msgLatestPosition] = latestPosition(a.tracking)
	a.liveReplays = append(a.liveReplays, replayPositions(a.tracking))
}

// replayPositions gives a socket entering rooms (its own on connecting, a trip's room on joining) the
// latest position kept of each running trip those rooms hear, at once.
func replayPositions(relay *tracking.Relay) live.Replay {
	return func(rooms []string) []live.Replayed {
		kept := relay.Replay(rooms)
		out := make([]live.Replayed, 0, len(kept))
		for _, s := range kept {
			out = append(out, live.Replayed{Event: tracking.Event, Data: s})
		}
		return out
	}
}

// positionMessage is what the driver's page sends: the browser's geolocation fix.
type positionMessage struct {
	OrderID  string   `json:"order_id"`
	Lat      *float64 `json:"lat"`
	Lng      *float64 `json:"lng"`
	Accuracy float64  `json:"accuracy"`
	Heading  *float64 `json:"heading"`
	// At is the fix's time in milliseconds since the epoch (GeolocationPosition.timestamp), and
	// SentAt the phone's clock when it sent it (optional): together they say the fix's age however
	// wrong the phone's clock is.
	At     float64 `json:"at"`
	SentAt float64 `json:"sent_at"`
}

func sharePosition(relay *tracking.Relay) live.Handle {
	return func(ctx context.Context, s live.Sender, args json.RawMessage) (any, error) {
		if s.Identity == nil {
			return nil, dispatch.ErrNotTripsDriver
		}
		var m positionMessage
		if err := json.Unmarshal(args, &m); err != nil || m.Lat == nil || m.Lng == nil || math.IsNaN(m.At) || m.At <= 0 || m.At > 1e15 {
			return nil, dispatch.ErrPositionInvalid
		}
		p := dispatch.Position{Lat: *m.Lat, Lng: *m.Lng, Accuracy: m.Accuracy, Heading: m.Heading, At: time.UnixMilli(int64(m.At))}
		if m.SentAt > 0 && m.SentAt <= 1e15 {
			p.SentAt = time.UnixMilli(int64(m.SentAt))
		}
		shared, err := relay.Share(ctx, tracking.Actor{UserID: s.Identity.UserID, Role: s.Identity.Role}, m.OrderID, p)
		if err != nil {
			return nil, err
		}
		return shared, nil
	}
}

// latestPosition answers a trip's latest kept position to a socket that hears the trip's positions
// (its room, its traveller, staff); null to anyone else, and when none is kept.
func latestPosition(relay *tracking.Relay) live.Handle {
	return func(_ context.Context, s live.Sender, args json.RawMessage) (any, error) {
		var m struct {
			OrderID string `json:"order_id"`
		}
		if err := json.Unmarshal(args, &m); err != nil {
			return nil, dispatch.ErrPositionInvalid
		}
		shared, rooms, ok := relay.Latest(m.OrderID)
		if !ok {
			return nil, nil
		}
		for _, room := range rooms {
			if s.InRoom(room) {
				return shared, nil
			}
		}
		return nil, nil
	}
}

// heardPosition keeps a relayed position (a tracking.Event notice) as its trip's latest.
func (a *App) heardPosition(payload json.RawMessage) {
	var n live.Notice
	if a.tracking == nil || json.Unmarshal(payload, &n) != nil {
		return
	}
	a.tracking.Heard(n.Rooms, n.Data)
}

// askForPositions asks the other processes for the positions they keep: this process's listener
// has just (re)started, and positions sent meanwhile were not heard here.
func (a *App) askForPositions() {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := a.tracking.AskOthers(ctx); err != nil {
		a.Log.Warn("tracking: asking the other processes for their positions", "err", err)
	}
}

// answerPositions answers another process's request for the positions kept here.
func (a *App) answerPositions(payload json.RawMessage) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := a.tracking.Asked(ctx, payload); err != nil {
		a.Log.Warn("tracking: answering another process's request for positions", "err", err)
	}
}

// keptPosition keeps a position another process answered a sync with; when it is news here, it goes
// to this process's sockets in its rooms as a trip.position notice (they have not had it).
func (a *App) keptPosition(payload json.RawMessage, notice func(topic string, payload json.RawMessage)) {
	var n live.Notice
	if a.tracking == nil || json.Unmarshal(payload, &n) != nil {
		return
	}
	if a.tracking.HeardKept(n.Rooms, n.Data) {
		notice(tracking.Event, payload)
	}
}

// tripProgressed tells the relay a trip took a step (a trip.progress notice of any process).
func (a *App) tripProgressed(payload json.RawMessage) {
	var n struct {
		Data struct {
			OrderID    string          `json:"order_id"`
			Status     dispatch.Status `json:"status"`
			DriverTurn int             `json:"driver_turn"`
		} `json:"data"`
	}
	if a.tracking == nil || json.Unmarshal(payload, &n) != nil || n.Data.OrderID == "" {
		return
	}
	a.tracking.Progressed(n.Data.OrderID, n.Data.Status, n.Data.DriverTurn)
}
