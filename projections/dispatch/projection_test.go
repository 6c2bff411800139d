package dispatch_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"mishwar/commands"
	dispatchcmd "mishwar/commands/dispatch"
	"mishwar/commands/dispatch/dispatchtest"
	orderscmd "mishwar/commands/orders"
	"mishwar/domain/dispatch"
	"mishwar/domain/money"
	"mishwar/domain/order"
	"mishwar/eventstore"
	"mishwar/internal/pgtest"
	"mishwar/projections"
	dispatchrm "mishwar/projections/dispatch"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

type world struct {
	*dispatchtest.Fixture
	runner *projections.Runner
	read   *dispatchrm.Reader

	mu      sync.Mutex
	notices []string
}

func newWorld(t *testing.T) *world {
	t.Helper()
	f := dispatchtest.New(t)
	rm, err := projections.NewRunner(f.Pool, f.Store, projections.Config{Logger: slog.New(slog.DiscardHandler)}, dispatchrm.New(f.Registry))
	if err != nil {
		t.Fatal(err)
	}
	w := &world{Fixture: f, runner: rm, read: dispatchrm.NewReader(f.Pool)}
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	listening := make(chan struct{})
	wg.Add(2)
	go func() { defer wg.Done(); _ = rm.Run(ctx) }()
	go func() {
		defer wg.Done()
		once := sync.Once{}
		_ = projections.ListenLive(ctx, f.Pool, func(topic string, payload json.RawMessage) {
			if topic == projections.TopicConnected {
				once.Do(func() { close(listening) })
				return
			}
			if topic == dispatchrm.EventTripProgress {
				w.mu.Lock()
				w.notices = append(w.notices, string(payload))
				w.mu.Unlock()
			}
		})
	}()
	<-listening
	t.Cleanup(func() { cancel(); wg.Wait() })
	return w
}

func (w *world) wait(t *testing.T, pos eventstore.Position) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := w.runner.WaitFor(ctx, dispatchrm.Name, pos); err != nil {
		t.Fatal(err)
	}
}

func (w *world) noticesFor(order string) []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	var out []string
	for _, n := range w.notices {
		if strings.Contains(n, order) {
			out = append(out, n)
		}
	}
	return out
}

const day = "2026-11-18"

func TestTheBoardFollowsEveryStep(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	driverID, driverUser := w.Driver(t, 2)
	paid := w.Order(t, day, "traveller-1", true)
	unpaid := w.Order(t, day, "traveller-2", false)
	other := w.Order(t, "2026-11-19", "traveller-3", true)

	out, err := w.Dispatch.AssignDriver(ctx, paid, driverID, commands.NewMeta(dispatchtest.Admin))
	if err != nil {
		t.Fatal(err)
	}
	w.wait(t, out.Position)
	board, err := w.read.Board(ctx, day)
	if err != nil {
		t.Fatal(err)
	}
	if len(board) != 1 || board[0].OrderID != paid {
		t.Fatalf("the board of %s shows %+v; want only the paid order (not the unpaid %s nor %s of another day)", day, board, unpaid, other)
	}
	row := board[0]
	if row.Status != dispatch.StatusAssigned || row.Driver == nil || row.Driver.ID != driverID || row.Customer != "Mona Zaki" ||
		row.Pickup != "Nile Hotel" || len(row.Stops) != 2 || row.NextStep != dispatch.StepStart || len(row.Steps) != 1 {
		t.Fatalf("assigned row: %+v", row)
	}
	mine, err := w.read.DriverTrips(ctx, driverUser, "2026-11-01", 0)
	if err != nil || len(mine) != 1 || mine[0].OrderID != paid {
		t.Fatalf("driver's trips: %v %+v", err, mine)
	}

	steps := []struct {
		step string
		stop int
		want dispatch.Status
		at   int
		next string
	}{
		{dispatch.StepStart, 0, dispatch.StatusStarted, 0, dispatch.StepPickUp},
		{dispatch.StepPickUp, 0, dispatch.StatusPickedUp, 0, dispatch.StepArrive},
		{dispatch.StepArrive, 1, dispatch.StatusAtStop, 1, dispatch.StepArrive},
		{dispatch.StepArrive, 2, dispatch.StatusAtStop, 2, dispatch.StepComplete},
		{dispatch.StepComplete, 0, dispatch.StatusCompleted, 2, ""},
	}
	for i, s := range steps {
		out, err := w.Dispatch.Advance(ctx, paid, s.step, s.stop, dispatchtest.As(driverUser, "driver"))
		if err != nil {
			t.Fatal(err)
		}
		w.wait(t, out.Position)
		tr, err := w.read.Trip(ctx, paid)
		if err != nil {
			t.Fatal(err)
		}
		if tr.Status != s.want || tr.Stop != s.at || tr.NextStep != s.next || len(tr.Steps) != i+2 {
			t.Fatalf("after %s %d: %+v", s.step, s.stop, tr)
		}
		// Past midnight the driver still has a running trip of the day before to finish; a completed
		// one is gone from their next day.
		tomorrow, err := w.read.DriverTrips(ctx, driverUser, "2026-11-19", 0)
		if running := s.want != dispatch.StatusCompleted; err != nil || (len(tomorrow) == 1) != running {
			t.Fatalf("after %s, the driver's trips from the next day: %v %+v", s.step, err, tomorrow)
		}
	}
	tr, _ := w.read.Trip(ctx, paid)
	if tr.Steps[3].Name != "Pyramids" || tr.Steps[4].Name != "Museum" {
		t.Fatalf("stop names: %+v", tr.Steps)
	}

	// Two notices per committed change: one to the trip and its traveller, one to its driver and
	// the admins.
	deadline := time.Now().Add(5 * time.Second)
	for len(w.noticesFor(paid)) < 12 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	got := w.noticesFor(paid)
	if len(got) < 12 {
		t.Fatalf("notices: %v", got)
	}
	travellers, staff := got[len(got)-2], got[len(got)-1]
	for _, want := range []string{"trip:" + paid, "user:traveller-1", `"status":"completed"`, `"driver_turn":1`} {
		if !strings.Contains(travellers, want) {
			t.Errorf("the travellers' last notice %s lacks %s", travellers, want)
		}
	}
	for _, want := range []string{"user:" + driverUser, `"admin"`, `"status":"completed"`, `"driver_id":"` + driverID + `"`} {
		if !strings.Contains(staff, want) {
			t.Errorf("the staff's last notice %s lacks %s", staff, want)
		}
	}
	for _, n := range got {
		if strings.Contains(n, "trip:"+paid) && (strings.Contains(n, "driver_id") || strings.Contains(n, driverID) || strings.Contains(n, `"admin"`)) {
			t.Fatalf("a notice to the trip's travellers names the driver's id (or goes to staff): %s", n)
		}
		if strings.Contains(n, `"admin"`) && strings.Contains(n, "user:traveller-1") {
			t.Fatalf("the staff's notice goes to the traveller: %s", n)
		}
	}
}

func TestUnassigningClearsTheDriver(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	driverID, driverUser := w.Driver(t, 1)
	id := w.Order(t, day, "traveller-1", true)
	if _, err := w.Dispatch.AssignDriver(ctx, id, driverID, commands.NewMeta(dispatchtest.Admin)); err != nil {
		t.Fatal(err)
	}
	out, err := w.Dispatch.UnassignDriver(ctx, id, "sick", commands.NewMeta(dispatchtest.Admin))
	if err != nil {
		t.Fatal(err)
	}
	w.wait(t, out.Position)
	tr, err := w.read.Trip(ctx, id)
	if err != nil || tr.Status != dispatch.StatusUnassigned || tr.Driver != nil || tr.NextStep != "" || len(tr.Steps) != 2 || tr.ReleasedReason != "sick" {
		t.Fatalf("after unassigning: %v %+v", err, tr)
	}
	// The traveller's progress strip has the step, never staff's reason.
	if steps, _ := json.Marshal(tr.Steps); strings.Contains(string(steps), "sick") {
		t.Fatalf("the steps carry the reason: %s", steps)
	}
	again, err := w.Dispatch.AssignDriver(ctx, id, driverID, commands.NewMeta(dispatchtest.Admin))
	if err != nil {
		t.Fatal(err)
	}
	w.wait(t, again.Position)
	if tr, err := w.read.Trip(ctx, id); err != nil || tr.ReleasedReason != "" || tr.Driver == nil {
		t.Fatalf("assigned again: %v %+v, want no reason left", err, tr)
	}
	out, err = w.Dispatch.UnassignDriver(ctx, id, "sick", commands.NewMeta(dispatchtest.Admin))
	if err != nil {
		t.Fatal(err)
	}
	w.wait(t, out.Position)
	if mine, _ := w.read.DriverTrips(ctx, driverUser, "2026-11-01", 0); len(mine) != 0 {
		t.Fatalf("the driver still sees %+v", mine)
	}
	// The driver taken off hears it: their open phone drops the trip.
	deadline := time.Now().Add(5 * time.Second)
	heard := func() bool {
		got := w.noticesFor(id)
		return len(got) > 0 && strings.Contains(got[len(got)-1], `"status":"unassigned"`) && strings.Contains(got[len(got)-1], "user:"+driverUser)
	}
	for !heard() && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if !heard() {
		t.Fatalf("the driver taken off was not told: %v", w.noticesFor(id))
	}
	accounts, err := w.read.DriverAccounts(ctx)
	if err != nil || accounts[driverID].UserID != driverUser {
		t.Fatalf("driver accounts: %v %+v", err, accounts)
	}
}

// Given a trip whose driver a rule took off (an exchange moved it to another day), when staff read
// the board, then the trip keeps the cause as data beside its English words, for staff to read in
// their language; assigned again, neither is left. Given a trip whose driver was taken off by an
// event recorded before causes were (the words only), then it shows those words and no cause.
func TestATripKeepsWhyARuleTookItsDriverOffAndAnOldEventItsWords(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	driverID, _ := w.Driver(t, 1)
	otherID, _ := w.Driver(t, 1)
	moved := w.Order(t, day, "traveller-1", true)
	old := w.Order(t, day, "traveller-2", true)
	w.Assign(t, moved, driverID)
	w.Assign(t, old, otherID)
	system := commands.NewMeta(commands.Actor{UserID: dispatch.SystemActor, Role: "system"})
	out, err := w.Dispatch.MoveTrip(ctx, moved, "2026-11-19", system)
	if err != nil {
		t.Fatal(err)
	}
	w.wait(t, out.Position)
	tr, err := w.read.Trip(ctx, moved)
	if err != nil {
		t.Fatal(err)
	}
	want := dispatch.Cause{Code: dispatch.CauseMovedToDay, Day: "2026-11-19"}
	if tr.Driver != nil || tr.ReleasedReason != "the trip moved to 2026-11-19" || tr.ReleasedCause == nil || *tr.ReleasedCause != want {
		t.Fatalf("moved to another day: driver %+v, reason %q, cause %+v; want no driver, the words and %+v", tr.Driver, tr.ReleasedReason, tr.ReleasedCause, want)
	}
	if raw, _ := json.Marshal(tr); !strings.Contains(string(raw), `"released_cause":{"code":"moved_to_day","day":"2026-11-19"}`) {
		t.Fatalf("the trip's answer: %s", raw)
	}
	again, err := w.Dispatch.AssignDriver(ctx, moved, driverID, commands.NewMeta(dispatchtest.Admin))
	if err != nil {
		t.Fatal(err)
	}
	w.wait(t, again.Position)
	if tr, err := w.read.Trip(ctx, moved); err != nil || tr.ReleasedReason != "" || tr.ReleasedCause != nil {
		t.Fatalf("assigned again: %v reason %q cause %+v, want neither", err, tr.ReleasedReason, tr.ReleasedCause)
	}

	// The event as it was stored before causes were: its JSON has no "cause".
	meta := commands.NewMeta(commands.Actor{UserID: dispatch.SystemActor, Role: "system"})
	res, err := w.Store.Append(ctx, dispatchcmd.TripStream(old), eventstore.Any, eventstore.EventData{
		ID: eventstore.DeterministicID(meta.CommandID, 0), Type: "DriverUnassigned", SchemaVersion: 1,
		Data: json.RawMessage(`{"order_id":"` + old + `","day":"` + day + `","driver_id":"` + otherID + `",` +
			`"reason":"the new times overlap trip MSH-OTHER1 (13:00–17:00)","by_user_id":"system","unassigned_at":"2026-11-17T09:00:00Z"}`),
		Metadata: eventstore.Metadata{ActorID: dispatch.SystemActor, ActorRole: "system", CommandID: meta.CommandID.String()}})
	if err != nil {
		t.Fatal(err)
	}
	w.wait(t, res.Position)
	tr, err = w.read.Trip(ctx, old)
	if err != nil || tr.Driver != nil || tr.ReleasedReason != "the new times overlap trip MSH-OTHER1 (13:00–17:00)" || tr.ReleasedCause != nil {
		t.Fatalf("an old event: %v driver %+v, reason %q, cause %+v; want its words and no cause", err, tr.Driver, tr.ReleasedReason, tr.ReleasedCause)
	}
	if raw, _ := json.Marshal(tr); strings.Contains(string(raw), "released_cause") {
		t.Fatalf("an old event's trip answers a cause: %s", raw)
	}
}

func TestAPaymentStaffAcceptedPutsTheTripOnTheBoard(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	id := w.Order(t, day, "traveller-1", false)
	short := money.New(100, money.EGP)
	// 1.00 EGP arrived for a 1,500 EGP trip: the order waits for staff, and so does the board.
	w.wait(t, w.appendToOrder(t, id,
		order.PaymentReceived{PaymentID: "pay-" + id, Purpose: order.PurposeOrder, Provider: "sandbox", ProviderRef: "ref", Amount: short},
		order.OrderNeedsAttention{Reason: order.AttentionAmountMismatch, PaymentID: "pay-" + id, Amount: short}))
	if board, err := w.read.Board(ctx, day); err != nil || len(board) != 0 {
		t.Fatalf("before staff accepted the payment the board shows %+v (%v); want nothing", board, err)
	}

	w.wait(t, w.appendToOrder(t, id, order.PaymentAccepted{PaymentID: "pay-" + id, Purpose: order.PurposeOrder, Amount: short,
		Reason: "the rest paid in cash", ByUserID: "admin", Confirms: true}))
	board, err := w.read.Board(ctx, day)
	if err != nil {
		t.Fatal(err)
	}
	if len(board) != 1 || board[0].OrderID != id {
		t.Fatalf("after staff accepted the payment the board shows %+v; want the order %s", board, id)
	}
}

// The driver reads what the traveller asked for, how many they are and which class of car they booked; an exchange to
// another rate plan changes the class.
func TestTheDriverSeesTheTravellersCommentsAndTheCarClass(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	driverID, driverUser := w.Driver(t, 1)
	id := w.Order(t, day, "traveller-1", true)
	out, err := w.Dispatch.AssignDriver(ctx, id, driverID, commands.NewMeta(dispatchtest.Admin))
	if err != nil {
		t.Fatal(err)
	}
	w.wait(t, out.Position)
	mine, err := w.read.DriverTrips(ctx, driverUser, "2026-11-01", 0)
	if err != nil || len(mine) != 1 {
		t.Fatalf("driver's trips: %v %+v", err, mine)
	}
	if tr := mine[0]; tr.Comments != "A child seat, please" || tr.Travellers != 3 || tr.RatePlan == nil || *tr.RatePlan != (dispatchrm.RatePlan{ID: "rp-sedan", Name: "Sedan", NameAR: "سيدان"}) {
		t.Fatalf("the driver's trip shows comments %q, %d travellers and rate plan %+v", tr.Comments, tr.Travellers, tr.RatePlan)
	}
	if tr := mine[0]; tr.Pickup != "Nile Hotel" || tr.PickupAR != "فندق النيل" || !slices.Equal(tr.Stops, []string{"Pyramids", "Museum"}) ||
		!slices.Equal(tr.StopsAR, []string{"الأهرامات", "المتحف"}) {
		t.Fatalf("the driver's trip names its places in English %q %q and Arabic %q %q", tr.Pickup, tr.Stops, tr.PickupAR, tr.StopsAR)
	}

	before, err := w.read.Trip(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	to := order.Trip{StartAt: before.StartAt, Day: day, RatePlan: order.RatePlan{ID: "rp-van", Name: "Van", NameAR: "فان"},
		Itinerary: order.Itinerary{Start: order.Point{Name: "Nile Hotel"}, Stops: []order.Stop{{NameEN: "Pyramids"}, {NameEN: "Museum"}}}}
	w.wait(t, w.appendToOrder(t, id, order.OrderExchanged{ExchangeID: "x1", To: to, OldReservation: "r-" + id, NewReservation: "r-" + id,
		Difference: money.New(20000, money.EGP)}))
	after, err := w.read.Trip(ctx, id)
	if err != nil || after.RatePlan == nil || after.RatePlan.Name != "Van" || after.RatePlan.NameAR != "فان" || after.Comments != "A child seat, please" {
		t.Fatalf("after an exchange to a van: %v %+v", err, after)
	}
	// The new itinerary recorded English names only: no Arabic ones are left over from the old one.
	if after.PickupAR != "" || !slices.Equal(after.StopsAR, []string{"", ""}) {
		t.Fatalf("after an exchange to an itinerary named in English only: pickup %q, stops %q", after.PickupAR, after.StopsAR)
	}
}

// appendToOrder writes events on the order's stream as its commands would, and returns where they landed.
func (w *world) appendToOrder(t *testing.T, id string, events ...any) eventstore.Position {
	t.Helper()
	meta := commands.NewMeta(dispatchtest.Admin)
	data := make([]eventstore.EventData, len(events))
	for i, e := range events {
		var err error
		if data[i], err = w.Registry.Encode(eventstore.DeterministicID(meta.CommandID, i), e, eventstore.Metadata{CommandID: meta.CommandID.String()}); err != nil {
			t.Fatal(err)
		}
	}
	res, err := w.Store.Append(context.Background(), orderscmd.OrderStream(id), eventstore.Any, data...)
	if err != nil {
		t.Fatal(err)
	}
	return res.Position
}

// Given a trip assigned to a driver, when its order is exchanged to another time on the same day (the
// driver keeps it), then the board, the driver's list and the trip show the new pickup and the new
// time due back, not the ones it was assigned with.
func TestASameDayExchangeMovesTheTripsTimesOnTheBoard(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	driverID, driverUser := w.Driver(t, 2)
	id := w.Order(t, day, "traveller-1", true)
	out, err := w.Dispatch.AssignDriver(ctx, id, driverID, commands.NewMeta(dispatchtest.Admin))
	if err != nil {
		t.Fatal(err)
	}
	w.wait(t, out.Position)
	before, err := w.read.Trip(ctx, id)
	if err != nil {
		t.Fatal(err)
	}

	later := before.StartAt.Add(5 * time.Hour)
	to := order.Trip{StartAt: later, Day: day, RatePlan: order.RatePlan{ID: "rp-sedan", Name: "Sedan"}, Quote: order.Quote{DurationMinutes: 150},
		Itinerary: order.Itinerary{Start: order.Point{Name: "Nile Hotel"}, Stops: []order.Stop{{NameEN: "Pyramids"}, {NameEN: "Museum"}}}}
	w.wait(t, w.appendToOrder(t, id, order.OrderExchanged{ExchangeID: "x-same-day", To: to, OldReservation: "r-" + id, NewReservation: "r-" + id}))

	board, err := w.read.Board(ctx, day)
	if err != nil {
		t.Fatal(err)
	}
	mine, err := w.read.DriverTrips(ctx, driverUser, "2026-11-01", 0)
	if err != nil {
		t.Fatal(err)
	}
	after, err := w.read.Trip(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	wantEnd := later.Add(150 * time.Minute)
	for name, tr := range map[string][]dispatchrm.Trip{"board": board, "driver's list": mine, "trip": {after}} {
		if len(tr) != 1 || !tr[0].StartAt.Equal(later) || tr[0].EndAt == nil || !tr[0].EndAt.Equal(wantEnd) || tr[0].Driver == nil || tr[0].Driver.ID != driverID {
			t.Fatalf("the %s after a same-day exchange from %s to %s–%s: %+v", name, before.StartAt, later, wantEnd, tr)
		}
	}
}

// Given a trip at its first stop, when the operator hands it to another driver, then the board shows
// the new driver at the same stop with from whom and why, the new driver's list has it, the former
// driver's does not, and the former driver's open phone is told.
func TestAHandedOverTripMovesToTheNewDriversListAtTheStopItReached(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	karim, karimUser := w.Driver(t, 1)
	samir, samirUser := w.Driver(t, 1)
	id := w.Order(t, day, "traveller-1", true)
	w.Assign(t, id, karim)
	for _, s := range []struct {
		step string
		stop int
	}{{dispatch.StepStart, 0}, {dispatch.StepPickUp, 0}, {dispatch.StepArrive, 1}} {
		if _, err := w.Dispatch.Advance(ctx, id, s.step, s.stop, dispatchtest.As(karimUser, "driver")); err != nil {
			t.Fatal(err)
		}
	}
	out, err := w.Dispatch.HandOverTrip(ctx, id, samir, "flat tyre", "", commands.NewMeta(dispatchtest.Admin))
	if err != nil {
		t.Fatal(err)
	}
	w.wait(t, out.Position)
	tr, err := w.read.Trip(ctx, id)
	if err != nil || tr.Driver == nil || tr.Driver.ID != samir || tr.Status != dispatch.StatusAtStop || tr.Stop != 1 || tr.NextStep != dispatch.StepArrive || tr.NextStop != 2 {
		t.Fatalf("after the hand-over: %v %+v", err, tr)
	}
	if tr.Handover == nil || tr.Handover.From != "Karim Driver" || tr.Handover.Reason != "flat tyre" {
		t.Fatalf("the hand-over: %+v", tr.Handover)
	}
	if last := tr.Steps[len(tr.Steps)-1]; last.Type != "TripHandedOver" || last.Driver != tr.Driver.Name {
		t.Fatalf("the last step: %+v", last)
	}
	if steps, _ := json.Marshal(tr.Steps); strings.Contains(string(steps), "flat tyre") {
		t.Fatalf("the traveller's steps carry staff's reason: %s", steps)
	}
	if mine, _ := w.read.DriverTrips(ctx, samirUser, "2026-11-01", 0); len(mine) != 1 || mine[0].OrderID != id {
		t.Fatalf("the new driver sees %+v", mine)
	}
	if mine, _ := w.read.DriverTrips(ctx, karimUser, "2026-11-01", 0); len(mine) != 0 {
		t.Fatalf("the former driver still sees %+v", mine)
	}
	deadline := time.Now().Add(5 * time.Second)
	heard := func() bool {
		got := w.noticesFor(id)
		return len(got) > 0 && strings.Contains(got[len(got)-1], "user:"+karimUser) && strings.Contains(got[len(got)-1], "user:"+samirUser)
	}
	for !heard() && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if !heard() {
		t.Fatalf("the two drivers were not told: %v", w.noticesFor(id))
	}
	// The travellers read that the trip changed hands (its driver turn moved on), never who has it.
	got := w.noticesFor(id)
	if travellers := got[len(got)-2]; !strings.Contains(travellers, "trip:"+id) || !strings.Contains(travellers, `"driver_turn":2`) ||
		strings.Contains(travellers, "driver_id") || strings.Contains(travellers, samir) {
		t.Fatalf("the travellers' notice of the hand-over: %s", travellers)
	}
}
