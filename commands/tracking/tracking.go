// Package tracking relays the driver's position to the traveller while a trip runs. A position is
// live data: it is checked (domain/dispatch: position.go), published to the trip's rooms on every
// process through the live channel, and kept in memory briefly (the latest per trip, for a page that
// opens mid-trip). It is never written to the event log; the trip's steps are events of their own
// (commands/dispatch).
//
// Who may send: the trip's assigned driver, while the trip runs (from its start to its completion).
// Who hears: the rooms the trip's progress goes to — the trip's room (joined with the trip number and
// e-mail, as /tripstatus does), the traveller's own sockets and staff; never the driver's other trips'
// travellers.
package tracking

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"

	"mishwar/domain"
	"mishwar/domain/dispatch"
	"mishwar/domain/order"
	"mishwar/domain/trip"
	dispatchrm "mishwar/projections/dispatch"
	ordersrm "mishwar/projections/orders"
)

// Event is the live event a position travels as (topic and Socket.IO event).
const Event = "trip.position"

// The notices by which a process that may have missed positions (it has just started, or its
// listener reconnected) learns the latest kept by the others: it asks with SyncTopic, and every other
// process answers with a KeptTopic notice per position it keeps. Neither reaches a socket as such:
// a kept position that is news to a process is delivered there to its rooms' sockets as Event.
const (
	SyncTopic = "trip.position.sync"
	KeptTopic = "trip.position.kept"
)

// Trips is the part of the dispatch read model the relay needs (projections/dispatch.Reader).
type Trips interface {
	Trip(ctx context.Context, orderID string) (dispatchrm.Trip, error)
}

// Orders is the part of the orders read model the relay needs: where the trip's stops are.
type Orders interface {
	Order(ctx context.Context, id string) (ordersrm.Order, error)
}

// Distances is the distance service (the application's port, as commands/pricing.Distances): the ETA
// is its driving time from the car to the next stop, the same rule that times the trip when priced.
type Distances interface {
	Route(ctx context.Context, waypoints []trip.Waypoint, departure time.Time) ([]trip.Leg, error)
}

// Publish hands a position to every process's live channel (the composition root sends a PostgreSQL
// notice): rooms are where it goes, data what the sockets there receive.
type Publish func(ctx context.Context, rooms []string, event string, data Shared) error

// Announce sends notices of topic to every process, one per payload, in one go (the composition
// root sends PostgreSQL notices in one transaction): the sync request and the kept positions.
type Announce func(ctx context.Context, topic string, payloads []any) error

// Config is what the relay runs on.
type Config struct {
	Trips     Trips
	Orders    Orders
	Distances Distances
	Publish   Publish
	// Announce carries the sync between processes (nil: this process neither asks nor answers).
	Announce Announce
	// Now is the clock (default time.Now).
	Now func() time.Time
	// Keep is how long the latest position of a trip is kept after it was sent (default 2 minutes).
	Keep time.Duration
	// FactsFor is how long a trip's driver, status and stops are trusted before they are read
	// again (default 5 s). A trip's step, heard through Forget, drops them at once.
	FactsFor time.Duration
	// ETAEvery is how often the ETA is computed again while the next stop stays the same
	// (default 10 s): the distance service may be a network service.
	ETAEvery time.Duration
	Logger   *slog.Logger
}

// Actor is who sends a position.
type Actor struct {
	UserID string
	Role   string
}

// Shared is a position as travellers receive it (the payload of trip.position). It stays far below
// PostgreSQL's notice limit: a few hundred bytes.
type Shared struct {
	OrderID  string   `json:"order_id"`
	Lat      float64  `json:"lat"`
	Lng      float64  `json:"lng"`
	Accuracy float64  `json:"accuracy,omitempty"`
	Heading  *float64 `json:"heading,omitempty"`
	// At is when the phone took the fix; SentAt when the server relayed it.
	At     time.Time `json:"at"`
	SentAt time.Time `json:"sent_at"`
	// Next is where the car heads; ETAMinutes the driving time there (nil: unknown).
	Next       *NextStop `json:"next,omitempty"`
	ETAMinutes *int      `json:"eta_minutes,omitempty"`
	// Status and Stop are the trip's progress the position was taken in.
	Status dispatch.Status `json:"status"`
	Stop   int             `json:"stop"`
	// DriverTurn is the trip's driver turn when it was sent (projections/dispatch.DriverTurn; 0: not
	// known): after a hand-over the former driver's car is not the traveller's any more. Never the
	// driver's id, which travellers do not see.
	DriverTurn int `json:"driver_turn,omitempty"`
}

// NextStop names where the car heads next, in both languages.
type NextStop struct {
	Kind   string  `json:"kind"`
	Stop   int     `json:"stop,omitempty"`
	NameEN string  `json:"name_en"`
	NameAR string  `json:"name_ar,omitempty"`
	Lat    float64 `json:"lat"`
	Lng    float64 `json:"lng"`
}

// Rooms are the live rooms a trip's positions go to: its trip room, its traveller's sockets and
// staff (the rooms of its progress, less the driver's own).
func Rooms(orderID, ownerID string) []string {
	rooms := []string{dispatchrm.TripRoom(orderID), dispatchrm.AdminRoom}
	if ownerID != "" {
		rooms = append(rooms, dispatchrm.UserRoom(ownerID))
	}
	return rooms
}

// Relay is the live position relay of one process.
type Relay struct {
	cfg Config
	log *slog.Logger

	mu     sync.Mutex
	latest map[string]kept      // order id → latest position heard (from any process)
	facts  map[string]tripFacts // order id → what a position is checked against
	lastBy map[string]time.Time // driver's user id → when their last position was kept
	eta    map[string]etaMemo   // order id → the last ETA computed here
	ended  map[string]time.Time // order id → when its trip was heard completed or cancelled
	driver map[string]driverNow // order id → its driver, as its last progress said
	tracks map[string]carTrack  // order id → its car's last relayed fix (the speed rule)
	swept  time.Time
	// id names this process in its sync requests, so that it does not answer itself.
	id string
}

// carTrack is a trip's car as the speed rule follows it (dispatch.Track), for one driver turn.
type carTrack struct {
	turn  int
	track dispatch.Track
	at    time.Time
}

// TrackKeep is how long a trip's car track is kept after its last fix: past it, a fix is taken as
// the first. At MaxCarSpeed half an hour covers the whole service area, so nothing is lost.
const TrackKeep = 30 * time.Minute

type kept struct {
	shared Shared
	rooms  []string
	until  time.Time
}

// driverNow is a trip's driver turn as a progress notice said it, kept as long as a position.
type driverNow struct {
	turn  int
	heard time.Time
}

type tripFacts struct {
	status   dispatch.Status
	stop     int
	driver   string
	turn     int
	owner    string
	itin     order.Itinerary
	hasItin  bool
	readAt   time.Time
	notFound bool
}

type etaMemo struct {
	next    dispatch.Target
	minutes int
	at      time.Time
}

// New builds a relay.
func New(cfg Config) *Relay {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Keep <= 0 {
		cfg.Keep = 2 * time.Minute
	}
	if cfg.FactsFor <= 0 {
		cfg.FactsFor = 5 * time.Second
	}
	if cfg.ETAEvery <= 0 {
		cfg.ETAEvery = 10 * time.Second
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	return &Relay{cfg: cfg, log: cfg.Logger.With("component", "tracking"), latest: map[string]kept{},
		facts: map[string]tripFacts{}, lastBy: map[string]time.Time{}, eta: map[string]etaMemo{},
		ended: map[string]time.Time{}, driver: map[string]driverNow{}, tracks: map[string]carTrack{}, id: uuid.NewString()}
}

// Share checks a position the driver's phone sent for their trip orderID and publishes it to every
// process. The refusals are dispatch's: ErrNotTripsDriver (not the trip's assigned driver, or no such
// trip), ErrTripNotRunning, ErrPositionInvalid/Stale/Ahead, ErrPositionTooOften (more than one a
// second: the extra one is dropped), ErrPositionJump (a fix implying a speed no car reaches from the
// last one relayed, dispatch.Track: dropped and not remembered as the car's place). The once-a-second limit holds per driver on this process and per
// trip across processes: a position another process relayed for the trip less than a second ago (heard
// through its notice, so within the notice's delay) counts too.
func (r *Relay) Share(ctx context.Context, by Actor, orderID string, p dispatch.Position) (Shared, error) {
	now := r.cfg.Now()
	num, ok := order.NormalizeTripNumber(orderID)
	if !ok || by.UserID == "" {
		return Shared{}, dispatch.ErrNotTripsDriver
	}
	p = p.OnClock(now)
	if err := dispatch.CheckPosition(p, now); err != nil {
		return Shared{}, err
	}
	// Spent before the read models are asked, so a sender is answered from them once a second at most.
	if !r.spend(by.UserID, now) {
		return Shared{}, dispatch.ErrPositionTooOften
	}
	f, err := r.factsOf(ctx, num, now)
	if err != nil {
		return Shared{}, err
	}
	if f.notFound {
		return Shared{}, dispatch.ErrNotTripsDriver
	}
	if err := dispatch.MayShare(f.status, f.driver, by.UserID); err != nil {
		return Shared{}, err
	}
	// Checked only now, so that nobody but the trip's driver learns from the answer that it runs.
	if r.sentLately(num, now) {
		return Shared{}, dispatch.ErrPositionTooOften
	}
	if err := r.follow(num, f.turn, p, now); err != nil {
		return Shared{}, err
	}
	s := Shared{OrderID: num, Lat: p.Lat, Lng: p.Lng, Accuracy: p.Accuracy, Heading: p.Heading, At: p.At.UTC(),
		SentAt: now.UTC(), Status: f.status, Stop: f.stop, DriverTurn: f.turn}
	if next, ok := dispatch.TargetOf(f.status, f.stop, len(f.itin.Stops)); ok && f.hasItin {
		s.Next = nextStop(next, f.itin)
		if m, ok := r.etaOf(ctx, num, next, trip.Point{Lat: p.Lat, Lng: p.Lng}, target(next, f.itin), now); ok {
			s.ETAMinutes = &m
		}
	}
	if err := r.cfg.Publish(ctx, Rooms(num, f.owner), Event, s); err != nil {
		return Shared{}, fmt.Errorf("tracking: publish %s: %w", num, err)
	}
	return s, nil
}

// spend keeps at most one position a PositionInterval per driver.
func (r *Relay) spend(userID string, now time.Time) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if last, ok := r.lastBy[userID]; ok && now.Sub(last) < dispatch.PositionInterval && !now.Before(last) {
		return false
	}
	r.lastBy[userID] = now
	return true
}

// follow decides p on the trip's car track (dispatch.Track.Follow): a track of another driver turn
// (the trip was handed over) is not this car's.
func (r *Relay) follow(num string, turn int, p dispatch.Position, now time.Time) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	t := r.tracks[num]
	if t.turn != turn {
		t = carTrack{turn: turn}
	}
	next, err := t.track.Follow(p)
	r.tracks[num] = carTrack{turn: turn, track: next, at: now}
	return err
}

// sentLately reports whether a position of the trip, relayed by any process, was sent less than a
// PositionInterval before now.
func (r *Relay) sentLately(num string, now time.Time) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	k, ok := r.latest[num]
	return ok && now.Sub(k.shared.SentAt) < dispatch.PositionInterval && !now.Before(k.shared.SentAt)
}

// factsOf is the trip's driver, owner, progress and itinerary, read again after FactsFor.
func (r *Relay) factsOf(ctx context.Context, num string, now time.Time) (tripFacts, error) {
	r.mu.Lock()
	f, ok := r.facts[num]
	r.mu.Unlock()
	if ok && now.Sub(f.readAt) < r.cfg.FactsFor && !now.Before(f.readAt) {
		return f, nil
	}
	f = tripFacts{readAt: now}
	tr, err := r.cfg.Trips.Trip(ctx, num)
	switch {
	case domain.KindOf(err) == domain.KindNotFound:
		f.notFound = true
	case err != nil:
		return tripFacts{}, fmt.Errorf("tracking: trip %s: %w", num, err)
	default:
		f.status, f.stop, f.owner = tr.Status, tr.Stop, tr.OwnerID
		f.turn = tr.DriverTurn()
		if tr.Driver != nil {
			f.driver = tr.Driver.UserID
		}
		o, err := r.cfg.Orders.Order(ctx, num)
		switch {
		case err == nil:
			f.itin, f.hasItin = o.Trip.Itinerary, true
		case domain.KindOf(err) != domain.KindNotFound:
			return tripFacts{}, fmt.Errorf("tracking: order %s: %w", num, err)
		}
	}
	if !f.notFound && dispatch.SharesPosition(f.status) {
		// Only a running trip's facts are kept: a refusal is read again next time, so a trip that
		// has just started is not refused on old news.
		r.mu.Lock()
		r.facts[num] = f
		r.mu.Unlock()
	}
	return f, nil
}

// etaOf is the driving time in minutes from the car to the next stop, computed again when the next
// stop changed or ETAEvery has passed.
func (r *Relay) etaOf(ctx context.Context, num string, next dispatch.Target, from, to trip.Point, now time.Time) (int, bool) {
	r.mu.Lock()
	m, ok := r.eta[num]
	r.mu.Unlock()
	if ok && m.next == next && now.Sub(m.at) < r.cfg.ETAEvery && !now.Before(m.at) {
		return m.minutes, true
	}
	minutes, err := ETA(ctx, r.cfg.Distances, from, to, now)
	if err != nil {
		r.log.Warn("tracking: no ETA", "order", num, "err", err)
		return 0, false
	}
	r.mu.Lock()
	r.eta[num] = etaMemo{next: next, minutes: minutes, at: now}
	r.mu.Unlock()
	return minutes, true
}

// ETA is the driving time in whole minutes (dispatch.ETAMinutes) from from to to, leaving now, as
// the distance service answers it.
func ETA(ctx context.Context, d Distances, from, to trip.Point, now time.Time) (int, error) {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	legs, err := d.Route(ctx, []trip.Waypoint{{Point: from}, {Point: to}}, now)
	if err != nil {
		return 0, err
	}
	if len(legs) != 1 {
		return 0, errors.New("tracking: the distance service answered no leg")
	}
	return dispatch.ETAMinutes(legs[0].Duration), nil
}

func target(n dispatch.Target, it order.Itinerary) trip.Point {
	switch n.Kind {
	case dispatch.TargetPickup:
		return trip.Point{Lat: it.Start.Lat, Lng: it.Start.Lng}
	case dispatch.TargetStop:
		s := it.Stops[n.Stop-1]
		return trip.Point{Lat: s.Lat, Lng: s.Lng}
	default:
		return trip.Point{Lat: it.End.Lat, Lng: it.End.Lng}
	}
}

func nextStop(n dispatch.Target, it order.Itinerary) *NextStop {
	p := target(n, it)
	next := &NextStop{Kind: n.Kind, Stop: n.Stop, Lat: p.Lat, Lng: p.Lng}
	switch n.Kind {
	case dispatch.TargetPickup:
		next.NameEN, next.NameAR = it.Start.Name, it.Start.NameAR
	case dispatch.TargetStop:
		next.NameEN, next.NameAR = it.Stops[n.Stop-1].NameEN, it.Stops[n.Stop-1].NameAR
	default:
		next.NameEN, next.NameAR = it.End.Name, it.End.NameAR
	}
	return next
}

// Heard keeps a position published by any process (this one included) as its trip's latest, unless
// a later one is kept already. The composition root calls it for every trip.position notice.
func (r *Relay) Heard(rooms []string, data json.RawMessage) {
	r.keep(rooms, data)
}

// HeardKept keeps a position another process answered a sync with (a KeptTopic notice), like Heard,
// and reports whether it was news here: then this process's sockets in its rooms have not had it, and
// the composition root delivers it to them (rooms, data: the trip.position event's).
func (r *Relay) HeardKept(rooms []string, data json.RawMessage) bool {
	return r.keep(rooms, data)
}

// keep keeps s as its trip's latest until Keep after it was sent, unless the trip ended, a later
// position is kept, or it is too old already; it reports whether it was kept (equal news is not).
func (r *Relay) keep(rooms []string, data json.RawMessage) bool {
	var s Shared
	if err := json.Unmarshal(data, &s); err != nil || s.OrderID == "" || len(rooms) == 0 {
		return false
	}
	now := r.cfg.Now()
	until := now.Add(r.cfg.Keep)
	if !s.SentAt.IsZero() && s.SentAt.Add(r.cfg.Keep).Before(until) {
		// Kept as long as from when it was sent, however late heard: a position is never kept
		// longer by being passed on.
		until = s.SentAt.Add(r.cfg.Keep)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if now.Sub(r.swept) > r.cfg.Keep {
		r.sweep(now)
	}
	if !now.Before(until) {
		return false
	}
	if at, ok := r.ended[s.OrderID]; ok && !s.SentAt.After(at) {
		return false
	}
	if d, ok := r.driver[s.OrderID]; ok && s.DriverTurn != 0 && s.DriverTurn < d.turn {
		// The former driver's, after a hand-over (on its way, or a sync answer): not this car.
		return false
	}
	if k, ok := r.latest[s.OrderID]; ok && now.Before(k.until) && !s.At.After(k.shared.At) {
		return false
	}
	r.latest[s.OrderID] = kept{shared: s, rooms: slices.Clone(rooms), until: until}
	if t, ok := r.tracks[s.OrderID]; ok && t.turn == s.DriverTurn {
		// Relayed by another process (or this one): the car's place for the speed rule here too.
		t.track, t.at = t.track.Seen(dispatch.Position{Lat: s.Lat, Lng: s.Lng, Accuracy: s.Accuracy, At: s.At}), now
		r.tracks[s.OrderID] = t
	} else if !ok {
		r.tracks[s.OrderID] = carTrack{turn: s.DriverTurn, track: dispatch.Track{}.Seen(dispatch.Position{Lat: s.Lat, Lng: s.Lng, Accuracy: s.Accuracy, At: s.At}), at: now}
	}
	return true
}

// sweep drops positions past their keeping time, and the trips and drivers not heard of since.
func (r *Relay) sweep(now time.Time) {
	r.swept = now
	for id, k := range r.latest {
		if !now.Before(k.until) {
			delete(r.latest, id)
		}
	}
	for id, f := range r.facts {
		if now.Sub(f.readAt) > r.cfg.Keep {
			delete(r.facts, id)
		}
	}
	for id, at := range r.eta {
		if now.Sub(at.at) > r.cfg.Keep {
			delete(r.eta, id)
		}
	}
	for u, at := range r.lastBy {
		if now.Sub(at) > r.cfg.Keep {
			delete(r.lastBy, u)
		}
	}
	for id, at := range r.ended {
		if now.Sub(at) > r.cfg.Keep {
			delete(r.ended, id)
		}
	}
	for id, d := range r.driver {
		if now.Sub(d.heard) > r.cfg.Keep {
			delete(r.driver, id)
		}
	}
	for id, t := range r.tracks {
		if now.Sub(t.at) > TrackKeep {
			delete(r.tracks, id)
		}
	}
}

// Progressed forgets what this process knows of a trip's progress after one of its steps (any
// process's trip.progress notice, turn its driver turn now, projections/dispatch.DriverTurn, 0 when
// the notice does not say): the next position reads it again. A trip that ended (completed or cancelled) drops its latest
// position at once, and so does a trip handed to another driver: the position kept is the former
// driver's car, its ETA from where that car is, and positions of theirs still on their way are not
// kept after it. The new driver's car appears once they share.
func (r *Relay) Progressed(orderID string, status dispatch.Status, turn int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	delete(r.facts, orderID)
	delete(r.eta, orderID)
	if !dispatch.SharesPosition(status) {
		delete(r.latest, orderID)
		delete(r.tracks, orderID)
	}
	if turn != 0 {
		if t, ok := r.tracks[orderID]; ok && t.turn < turn {
			delete(r.tracks, orderID)
		}
		if d, ok := r.driver[orderID]; !ok || d.turn <= turn {
			r.driver[orderID] = driverNow{turn: turn, heard: r.cfg.Now()}
		}
		if k, ok := r.latest[orderID]; ok && k.shared.DriverTurn < turn {
			delete(r.latest, orderID)
		}
	}
	if status == dispatch.StatusCompleted || status == dispatch.StatusCancelled {
		// A position of the trip still on its way (or a sync answer sent before the end) is not
		// kept after it.
		r.ended[orderID] = r.cfg.Now()
	}
}

// Latest is the trip's latest position still kept and the rooms it went to: whoever is in one of
// those rooms may see it (the caller checks).
func (r *Relay) Latest(orderID string) (Shared, []string, bool) {
	num, ok := order.NormalizeTripNumber(orderID)
	if !ok {
		return Shared{}, nil, false
	}
	now := r.cfg.Now()
	r.mu.Lock()
	defer r.mu.Unlock()
	k, ok := r.latest[num]
	if !ok || !now.Before(k.until) {
		return Shared{}, nil, false
	}
	return k.shared, k.rooms, true
}

// Replay is what a socket that has just entered rooms (its private rooms when it connects, a trip's
// room when it joins, on the first connection and on every reconnection) is owed at once: the latest
// kept position of every trip whose positions went to one of those rooms, younger than Keep. Only
// those rooms count, and the socket is in them by its own right, so nobody gets a position they were
// not sent.
func (r *Relay) Replay(rooms []string) []Shared {
	now := r.cfg.Now()
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []Shared
	for _, k := range r.latest {
		if !now.Before(k.until) {
			continue
		}
		for _, room := range rooms {
			if slices.Contains(k.rooms, room) {
				out = append(out, k.shared)
				break
			}
		}
	}
	slices.SortFunc(out, func(a, b Shared) int { return strings.Compare(a.OrderID, b.OrderID) })
	return out
}

// keptNotice is a KeptTopic notice: a position and the rooms it went to.
type keptNotice struct {
	Rooms []string `json:"rooms"`
	Event string   `json:"event"`
	Data  Shared   `json:"data"`
}

// syncRequest is a SyncTopic notice.
type syncRequest struct {
	From string `json:"from"`
}

// AskOthers asks every other process for the positions it keeps (SyncTopic). The composition root
// calls it each time this process's listener starts listening: the first time, and after a loss, when
// positions may have been missed.
func (r *Relay) AskOthers(ctx context.Context) error {
	if r.cfg.Announce == nil {
		return nil
	}
	if err := r.cfg.Announce(ctx, SyncTopic, []any{syncRequest{From: r.id}}); err != nil {
		return fmt.Errorf("tracking: ask for kept positions: %w", err)
	}
	return nil
}

// Asked answers another process's sync request (a SyncTopic notice's payload) with every position
// this process keeps, one KeptTopic notice each. Its own requests it ignores.
func (r *Relay) Asked(ctx context.Context, payload json.RawMessage) error {
	var q syncRequest
	if r.cfg.Announce == nil || json.Unmarshal(payload, &q) != nil || q.From == "" || q.From == r.id {
		return nil
	}
	now := r.cfg.Now()
	r.mu.Lock()
	answers := make([]any, 0, len(r.latest))
	for _, k := range r.latest {
		if now.Before(k.until) {
			answers = append(answers, keptNotice{Rooms: k.rooms, Event: Event, Data: k.shared})
		}
	}
	r.mu.Unlock()
	if len(answers) == 0 {
		return nil
	}
	if err := r.cfg.Announce(ctx, KeptTopic, answers); err != nil {
		return fmt.Errorf("tracking: answer a sync request: %w", err)
	}
	return nil
}
