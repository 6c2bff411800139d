package notifications_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"mishwar/commands"
	"mishwar/commands/dispatch/dispatchtest"
	notificationscmd "mishwar/commands/notifications"
	orderscmd "mishwar/commands/orders"
	"mishwar/domain/dispatch"
	"mishwar/eventstore"
	"mishwar/internal/pgtest"
	"mishwar/projections"
	notificationsrm "mishwar/projections/notifications"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

type world struct {
	*dispatchtest.Fixture
	runner *projections.Runner
	read   *notificationsrm.Reader
	app    notificationscmd.Application

	mu      sync.Mutex
	notices []string
}

func newWorld(t *testing.T) *world {
	t.Helper()
	return startWorld(t, newFixture(t))
}

func newFixture(t *testing.T) *dispatchtest.Fixture {
	t.Helper()
	f := dispatchtest.New(t)
	notificationscmd.RegisterEvents(f.Registry)
	return f
}

// startWorld runs the read model (built with opts) over what f's log holds and will hold.
func startWorld(t *testing.T, f *dispatchtest.Fixture, opts ...notificationsrm.Option) *world {
	t.Helper()
	rm, err := projections.NewRunner(f.Pool, f.Store, projections.Config{Logger: slog.New(slog.DiscardHandler)}, notificationsrm.New(f.Registry, opts...))
	if err != nil {
		t.Fatal(err)
	}
	read := notificationsrm.NewReader(f.Pool)
	w := &world{Fixture: f, runner: rm, read: read, app: notificationscmd.New(f.Runner, read)}
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
			if topic == notificationsrm.EventCreated || topic == notificationsrm.EventRead {
				w.mu.Lock()
				w.notices = append(w.notices, topic+" "+string(payload))
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
	if err := w.runner.WaitFor(ctx, notificationsrm.Name, pos); err != nil {
		t.Fatal(err)
	}
}

// assign assigns driverID to the order's trip and returns the position of the assignment (after the
// order's own events).
func (w *world) assign(t *testing.T, orderID, driverID string) eventstore.Position {
	t.Helper()
	out, err := w.Dispatch.AssignDriver(context.Background(), orderID, driverID, commands.NewMeta(dispatchtest.Admin))
	if err != nil {
		t.Fatal(err)
	}
	return out.Position
}

func (w *world) inbox(t *testing.T, user string) notificationsrm.Inbox {
	t.Helper()
	in, err := w.read.Inbox(context.Background(), user, 0)
	if err != nil {
		t.Fatal(err)
	}
	return in
}

func kinds(in notificationsrm.Inbox) string {
	var out []string
	for i := len(in.Items) - 1; i >= 0; i-- {
		out = append(out, in.Items[i].Kind)
	}
	return strings.Join(out, ",")
}

func (w *world) noticesFor(user string) []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	var out []string
	for _, n := range w.notices {
		if strings.Contains(n, `"user:`+user+`"`) {
			out = append(out, n)
		}
	}
	return out
}

const day = "2026-11-18"

func TestTheBellFollowsTheOrderAndEveryStepOfItsTrip(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	driverID, driverUser := w.Driver(t, 2)
	id := w.Order(t, day, "traveller-1", true)
	last := w.assign(t, id, driverID)
	for _, s := range []struct {
		step string
		stop int
	}{{dispatch.StepStart, 0}, {dispatch.StepPickUp, 0}, {dispatch.StepArrive, 1}, {dispatch.StepArrive, 2}, {dispatch.StepComplete, 0}} {
		out, err := w.Dispatch.Advance(ctx, id, s.step, s.stop, dispatchtest.As(driverUser, "driver"))
		if err != nil {
			t.Fatal(err)
		}
		last = out.Position
	}
	w.wait(t, last)
	in := w.inbox(t, "traveller-1")
	var lastErr *string
	_ = w.Pool.QueryRow(ctx, `SELECT last_error FROM projection_checkpoints WHERE name = $1`, notificationsrm.Name).Scan(&lastErr)
	if lastErr != nil {
		t.Fatalf("the projection failed: %s", *lastErr)
	}
	want := "order_placed,order_confirmed,driver_assigned,trip_started,picked_up,arrived_at_stop,arrived_at_stop,trip_completed"
	if got := kinds(in); got != want || in.Unread != 8 || in.ReadUpTo != 0 {
		t.Fatalf("inbox %s (unread %d, read up to %d), want %s, all unread", got, in.Unread, in.ReadUpTo, want)
	}
	for i, n := range in.Items {
		if n.ID != int64(8-i) || n.OrderID != id || n.Read {
			t.Fatalf("item %d: %+v", i, n)
		}
	}
	assigned, atStop := in.Items[5].Params, in.Items[2].Params
	if assigned.Driver != "Karim Driver" || assigned.DriverAR != "كريم" || assigned.Vehicle != "Sedan" || !strings.HasPrefix(assigned.Plate, "ABC ") {
		t.Fatalf("driver assigned params: %+v", assigned)
	}
	if atStop.Stop != 1 || atStop.Place != "Pyramids" || atStop.PlaceAR != "الأهرامات" {
		t.Fatalf("arrived params: %+v", atStop)
	}
	if in.Items[6].Params.Amount == nil || in.Items[6].Params.Amount.Minor != 150000 {
		t.Fatalf("confirmed params: %+v", in.Items[6].Params)
	}
	// The driver's own account hears that the trip is theirs and when it picks up, nothing about the
	// traveller's order.
	if d := w.inbox(t, driverUser); len(d.Items) != 1 || d.Items[0].Kind != notificationsrm.KindTripGiven || d.Items[0].Params.StartAt.IsZero() {
		t.Fatalf("the driver's inbox: %+v", d)
	}
	// The traveller's room heard of new notifications, with the unread count.
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		if got := w.noticesFor("traveller-1"); len(got) > 0 && strings.Contains(got[len(got)-1], `"unread":8`) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	got := w.noticesFor("traveller-1")
	if len(got) == 0 || !strings.HasPrefix(got[len(got)-1], notificationsrm.EventCreated) || !strings.Contains(got[len(got)-1], `"kind":"trip_completed"`) {
		t.Fatalf("notices to the traveller: %v", got)
	}
}

// Marking read is recorded on the user's inbox stream: it survives a rebuild of the read model, a
// notification that arrived after the newest one the user saw stays unread, and the numbers are the
// same after the rebuild.
func TestWhatWasReadSurvivesARebuild(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	driverID, driverUser := w.Driver(t, 2)
	id := w.Order(t, day, "traveller-1", true)
	w.wait(t, w.assign(t, id, driverID))
	if in := w.inbox(t, "traveller-1"); in.Unread != 3 {
		t.Fatalf("before: %+v", in)
	}
	pos, err := w.app.Commands.MarkRead.Handle(ctx, "traveller-1", 2, dispatchtest.As("traveller-1", "user"))
	if err != nil {
		t.Fatal(err)
	}
	w.wait(t, pos)
	// A second tab marking less records nothing.
	if _, err := w.app.Commands.MarkRead.Handle(ctx, "traveller-1", 1, dispatchtest.As("traveller-1", "user")); err != nil {
		t.Fatalf("marking less: %v", err)
	}
	if recs, err := w.Store.ReadStream(ctx, notificationscmd.Stream("traveller-1"), 0); err != nil || len(recs) != 1 {
		t.Fatalf("the inbox stream holds %d events (%v), want 1", len(recs), err)
	}
	started, err := w.Dispatch.Advance(ctx, id, dispatch.StepStart, 0, dispatchtest.As(driverUser, "driver"))
	if err != nil {
		t.Fatal(err)
	}
	w.wait(t, started.Position)
	before := w.inbox(t, "traveller-1")
	if before.Unread != 2 || before.ReadUpTo != 2 || before.Items[0].Kind != "trip_started" || before.Items[1].Read || !before.Items[2].Read {
		t.Fatalf("after marking 2 read and a third arriving: %+v", before)
	}
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) && !strings.Contains(strings.Join(w.noticesFor("traveller-1"), "\n"), notificationsrm.EventRead+" ") {
		time.Sleep(20 * time.Millisecond)
	}
	if !strings.Contains(strings.Join(w.noticesFor("traveller-1"), "\n"), `"read_up_to":2`) {
		t.Fatalf("no read notice: %v", w.noticesFor("traveller-1"))
	}

	if err := projections.Rebuild(ctx, w.Pool, w.Store, notificationsrm.New(w.Registry), nil); err != nil {
		t.Fatal(err)
	}
	after := w.inbox(t, "traveller-1")
	if kinds(after) != kinds(before) || after.Unread != 2 || after.ReadUpTo != 2 || after.Items[0].ID != 4 {
		t.Fatalf("after a rebuild %+v, want %+v", after, before)
	}
}

func TestBadMarksAreRefused(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	if _, err := w.app.Commands.MarkRead.Handle(context.Background(), "traveller-1", 0, commands.NewMeta(dispatchtest.Admin)); err == nil {
		t.Fatal("marking up to 0 was accepted")
	}
}

// On the bell's first deploy the read model is built from the whole log: what happened before the
// cut-off counts as read, what happened after it is new. A rebuild gives the same answer.
func TestNotificationsOfEventsBeforeTheBellsCutOffCountAsRead(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	old := f.Order(t, day, "traveller-1", true)
	time.Sleep(50 * time.Millisecond)
	cutoff := time.Now()
	time.Sleep(50 * time.Millisecond)
	fresh := f.Order(t, day, "traveller-1", true)
	w := startWorld(t, f, notificationsrm.WithReadBefore(cutoff))
	// The fresh order's last event, not the log's head: the head may still be held back by a
	// transaction in flight, and waiting for it would then wait for nothing.
	written, err := w.Store.ReadStream(context.Background(), orderscmd.OrderStream(fresh), 0)
	if err != nil {
		t.Fatal(err)
	}
	w.wait(t, written[len(written)-1].Position)
	in := w.inbox(t, "traveller-1")
	if len(in.Items) != 4 || in.Unread != 2 || in.ReadUpTo != 2 {
		t.Fatalf("inbox %s: unread %d, read up to %d; want the old order's two read, the new one's two unread", kinds(in), in.Unread, in.ReadUpTo)
	}
	for _, n := range in.Items {
		if n.Read != (n.OrderID == old) || (n.OrderID != old && n.OrderID != fresh) {
			t.Fatalf("notification %+v (old order %s)", n, old)
		}
	}
}

// A driver hears of each trip given to them, taken from them and called off; the one it went to next
// hears it was given to them.
func TestADriverHearsOfTheTripsGivenToAndTakenFromThem(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	first, firstUser := w.Driver(t, 2)
	second, secondUser := w.Driver(t, 2)
	id := w.Order(t, day, "traveller-1", true)
	w.assign(t, id, first)
	if _, err := w.Dispatch.UnassignDriver(ctx, id, "car in the garage", commands.NewMeta(dispatchtest.Admin)); err != nil {
		t.Fatal(err)
	}
	w.assign(t, id, second)
	out, err := w.Dispatch.ReleaseTrip(ctx, id, "the traveller cancelled", commands.NewMeta(dispatchtest.Admin))
	if err != nil {
		t.Fatal(err)
	}
	w.wait(t, out.Position)
	first1 := w.inbox(t, firstUser)
	if got := kinds(first1); got != "trip_given,trip_taken_off" {
		t.Fatalf("the first driver heard %s", got)
	}
	if p := first1.Items[0].Params; p.Reason != "car in the garage" {
		t.Fatalf("the first driver is not told the office's words: %+v", p)
	}
	if got := kinds(w.inbox(t, secondUser)); got != "trip_given,trip_called_off" {
		t.Fatalf("the second driver heard %s", got)
	}
}

// Given a driver on a trip that has not started, when the traveller moves it to another day, then
// the driver hears it moved, to which day and by whom: not that the office gave it to someone else.
func TestADriverHearsTheTravellerMovedTheirTripToAnotherDay(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	driver, driverUser := w.Driver(t, 2)
	id := w.Order(t, day, "traveller-1", true)
	w.assign(t, id, driver)
	out, err := w.Dispatch.MoveTrip(ctx, id, "2026-11-20", dispatchtest.As("system", "system"))
	if err != nil {
		t.Fatal(err)
	}
	w.wait(t, out.Position)
	in := w.inbox(t, driverUser)
	if got := kinds(in); got != "trip_given,trip_moved_away" {
		t.Fatalf("the driver heard %s", got)
	}
	if p := in.Items[0].Params; p.Day != "2026-11-20" || p.By != notificationsrm.MovedByTraveller {
		t.Fatalf("the driver's notice says %+v", p)
	}
}

// Given a trip on the road, when it is handed to another driver, then the former driver hears it was
// taken from them, the new one that it is theirs to go on with, and the traveller who drives them now.
func TestAHandOverReachesBothDriversAndTheTraveller(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	first, firstUser := w.Driver(t, 1)
	second, secondUser := w.Driver(t, 1)
	id := w.Order(t, day, "traveller-1", true)
	w.assign(t, id, first)
	if _, err := w.Dispatch.Advance(ctx, id, dispatch.StepStart, 0, dispatchtest.As(firstUser, "driver")); err != nil {
		t.Fatal(err)
	}
	out, err := w.Dispatch.HandOverTrip(ctx, id, second, "engine trouble", "", commands.NewMeta(dispatchtest.Admin))
	if err != nil {
		t.Fatal(err)
	}
	w.wait(t, out.Position)
	if got := kinds(w.inbox(t, firstUser)); got != "trip_given,trip_taken_away" {
		t.Fatalf("the former driver heard %s", got)
	}
	if got := kinds(w.inbox(t, secondUser)); got != "trip_handed_to_you" {
		t.Fatalf("the new driver heard %s", got)
	}
	traveller := w.inbox(t, "traveller-1")
	if got := kinds(traveller); !strings.HasSuffix(got, "driver_assigned,trip_started,driver_changed") {
		t.Fatalf("the traveller heard %s", got)
	}
	if p := traveller.Items[0].Params; p.Driver != "Karim Driver" || p.Plate == "" {
		t.Fatalf("the traveller's notice names %+v", p)
	}
}
