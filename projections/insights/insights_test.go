package insights_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"mishwar/commands"
	dispatchcmd "mishwar/commands/dispatch"
	"mishwar/commands/dispatch/dispatchtest"
	orderscmd "mishwar/commands/orders"
	"mishwar/domain/availability"
	cat "mishwar/domain/catalogue"
	"mishwar/domain/dispatch"
	"mishwar/domain/enquiry"
	"mishwar/domain/money"
	"mishwar/domain/order"
	"mishwar/eventstore"
	"mishwar/internal/pgtest"
	"mishwar/projections"
	"mishwar/projections/insights"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

type world struct {
	*dispatchtest.Fixture
	runner *projections.Runner
	read   *insights.Reader
	last   eventstore.Position
}

func newWorld(t *testing.T) *world {
	t.Helper()
	f := dispatchtest.New(t)
	rm, err := projections.NewRunner(f.Pool, f.Store, projections.Config{Logger: slog.Default()}, insights.New(f.Registry))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		if err := rm.Run(ctx); err != nil && ctx.Err() == nil {
			t.Errorf("runner: %v", err)
		}
	}()
	t.Cleanup(func() { cancel(); wg.Wait() })
	return &world{Fixture: f, runner: rm, read: insights.NewReader(f.Pool)}
}

// add appends events to stream as an operator's command would.
func (w *world) add(t *testing.T, stream string, events ...any) {
	t.Helper()
	id := uuid.New()
	data := make([]eventstore.EventData, len(events))
	for i, e := range events {
		var err error
		if data[i], err = w.Registry.Encode(eventstore.DeterministicID(id, i), e, eventstore.Metadata{ActorID: "admin-1", ActorRole: "admin", CommandID: id.String()}); err != nil {
			t.Fatal(err)
		}
	}
	res, err := w.Store.Append(context.Background(), stream, eventstore.Any, data...)
	if err != nil {
		t.Fatal(err)
	}
	w.last = res.Position
}

func (w *world) caughtUp(t *testing.T) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := w.runner.WaitFor(ctx, insights.Name, w.last); err != nil {
		t.Fatal(err)
	}
}

func cairoDay(t time.Time, days int) string {
	return t.In(cat.Cairo).AddDate(0, 0, days).Format(time.DateOnly)
}

func egp(minor int64) money.Money { return money.New(minor, money.EGP) }

// paidOrder is a confirmed order on day whose car is taken for good on the day's stream.
func (w *world) paidOrder(t *testing.T, day string) string {
	t.Helper()
	id := w.Order(t, availability.Day(day), "traveller-1", true)
	w.add(t, orderscmd.DayStream(availability.Day(day)),
		availability.CapacityReserved{Reservation: "r-" + id, OrderID: id, Day: availability.Day(day), Capacity: 3, Held: 1},
		availability.ReservationConfirmed{Reservation: "r-" + id, OrderID: id, Day: availability.Day(day)})
	return id
}

func TestTheDashboardFiguresFollowTheEventsAndARebuildGivesTheSame(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	now := time.Now()
	today, tripDay, tomorrow := cairoDay(now, 0), cairoDay(now, 3), cairoDay(now, 1)
	driver, _ := w.Driver(t, 2) // every day, two trips
	w.Driver(t, 1, time.Friday)

	assigned := w.paidOrder(t, tomorrow)
	w.Assign(t, assigned, driver)
	noDriver := w.paidOrder(t, tomorrow)
	cancelled := w.paidOrder(t, tripDay)
	w.CancelOrder(t, cancelled)
	w.add(t, orderscmd.OrderStream(cancelled),
		order.RefundOrdered{RefundID: "rf-1", PaymentID: "pay-" + cancelled, Amount: egp(150000), Reason: "cancelled"},
		order.RefundIssued{RefundID: "rf-1", PaymentID: "pay-" + cancelled, Amount: egp(150000), Reason: "cancelled", ProviderRef: "x"})
	w.add(t, orderscmd.DayStream(availability.Day(tripDay)),
		availability.ReservationReleased{Reservation: "r-" + cancelled, OrderID: cancelled, Day: availability.Day(tripDay), Reason: "cancelled"})

	unpaid := w.Order(t, availability.Day(tripDay), "traveller-2", false)
	w.add(t, orderscmd.DayStream(availability.Day(tripDay)),
		availability.CapacityReserved{Reservation: "r-" + unpaid, OrderID: unpaid, Day: availability.Day(tripDay), Capacity: 3, Held: 1, HeldUntil: now.Add(time.Hour)})
	// One pound came where 1,500 were asked: the order waits for staff.
	w.add(t, orderscmd.OrderStream(unpaid),
		order.PaymentReceived{PaymentID: "pay-" + unpaid, Purpose: order.PurposeOrder, Provider: "sandbox", ProviderRef: "r", Amount: egp(100)},
		order.OrderNeedsAttention{Reason: order.AttentionAmountMismatch, PaymentID: "pay-" + unpaid, Amount: egp(100)})

	asked := w.paidOrder(t, tripDay)
	w.add(t, orderscmd.OrderStream(asked), order.RefundRequested{Reason: "the driver was late", Amount: egp(20000)})
	settled := w.paidOrder(t, tripDay)
	w.add(t, orderscmd.OrderStream(settled), order.RefundRequested{Reason: "changed my mind", Amount: egp(10000)},
		order.RefundOrdered{RefundID: "rf-2", PaymentID: "pay-" + settled, Amount: egp(10000), Reason: "goodwill"})

	w.add(t, orderscmd.EnquiryStream("MSH-ENQ001"), enquiry.EnquirySubmitted{TripNumber: "MSH-ENQ001"}, enquiry.EnquiryQuoted{Amount: egp(90000)},
		enquiry.EnquiryConverted{OrderID: "MSH-ENQ001"})
	w.add(t, orderscmd.EnquiryStream("MSH-ENQ002"), enquiry.EnquirySubmitted{TripNumber: "MSH-ENQ002"}, enquiry.EnquiryDeclined{Reason: "no cars"})
	w.caughtUp(t)

	from := cairoDay(now, -29)
	o, err := w.read.Overview(ctx, from, today, today, cairoDay(now, 6), 5)
	if err != nil {
		t.Fatal(err)
	}
	if want := []insights.DayBookings{{Day: today, RatePlanID: "rp-sedan", Bookings: 5}}; !reflect.DeepEqual(o.Bookings, want) {
		t.Errorf("bookings: %+v, want %+v (five orders confirmed today, the cancelled one included)", o.Bookings, want)
	}
	if want := []insights.DayMoney{{Day: today, RatePlanID: "rp-sedan", Currency: money.EGP, Paid: 5*150000 + 100, Refunded: 150000}}; !reflect.DeepEqual(o.Money, want) {
		t.Errorf("money: %+v, want %+v", o.Money, want)
	}
	if want := []insights.DayCount{{Day: today, Count: 1}}; !reflect.DeepEqual(o.Cancellations, want) {
		t.Errorf("cancellations: %+v", o.Cancellations)
	}
	if want := []insights.CurrencyTotal{{Currency: money.EGP, Minor: 150000, Count: 1}}; !reflect.DeepEqual(o.Refunds, want) {
		t.Errorf("refunds: %+v", o.Refunds)
	}
	if len(o.Capacity) != 7 {
		t.Fatalf("capacity: %d days, want 7", len(o.Capacity))
	}
	for _, d := range o.Capacity {
		want := insights.DayCapacity{Day: d.Day, Capacity: 2}
		if weekday, _ := time.Parse(time.DateOnly, d.Day); weekday.Weekday() == time.Friday {
			want.Capacity = 3
		}
		switch d.Day {
		case tomorrow:
			want.Booked = 2
		case tripDay:
			want.Booked, want.Held = 2, 1
		}
		if d != want {
			t.Errorf("capacity of %s: %+v, want %+v", d.Day, d, want)
		}
	}
	if len(o.TopDestinations) != 2 || o.TopDestinations[0].Bookings != 4 || o.TopDestinations[0].Ar == "" {
		t.Errorf("top destinations: %+v (four confirmed orders visit both stops)", o.TopDestinations)
	}
	if len(o.RatePlans) != 1 || o.RatePlans[0] != (insights.Named{ID: "rp-sedan", En: "Sedan", Ar: "سيدان"}) {
		t.Errorf("rate plans: %+v", o.RatePlans)
	}
	if o.Enquiries != (insights.Enquiries{Submitted: 2, Quoted: 1, Declined: 1, Converted: 1}) {
		t.Errorf("enquiries: %+v", o.Enquiries)
	}

	items, err := w.read.Attention(ctx, tomorrow, 50)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, it := range items {
		got[it.OrderID] = it.Kind
	}
	want := map[string]string{unpaid: order.AttentionAmountMismatch, asked: insights.KindRefundRequested, noDriver: insights.KindNoDriver}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("attention: %+v, want %v (the answered request, the cancelled order and the assigned trip are settled)", items, want)
	}
	for _, it := range items {
		// A trip without a driver needs attention since its order was confirmed, in this test: not
		// since the midnight that began the day it was confirmed.
		if it.Kind == insights.KindNoDriver && (it.Since.Before(now.Add(-time.Minute)) || it.Since.After(time.Now())) {
			t.Errorf("a trip without a driver needs attention since %s; want when its order was confirmed (after %s)", it.Since, now)
		}
	}

	// Staff accept the pound: the mismatch leaves the queue.
	w.add(t, orderscmd.OrderStream(unpaid), order.PaymentAccepted{PaymentID: "pay-" + unpaid, Purpose: order.PurposeOrder, Amount: egp(100), Reason: "cash", Confirms: true})
	w.caughtUp(t)
	items, err = w.read.Attention(ctx, tomorrow, 50)
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range items {
		if it.OrderID == unpaid {
			t.Errorf("an accepted payment is still in the queue: %+v", it)
		}
	}

	before, err := w.read.Overview(ctx, from, today, today, cairoDay(now, 6), 5)
	if err != nil {
		t.Fatal(err)
	}
	if err := projections.Rebuild(ctx, w.Pool, w.Store, insights.New(w.Registry), nil); err != nil {
		t.Fatal(err)
	}
	after, err := w.read.Overview(ctx, from, today, today, cairoDay(now, 6), 5)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(before, after) {
		t.Errorf("after a rebuild:\n%+v\nbefore:\n%+v", after, before)
	}
	rebuilt, err := w.read.Attention(ctx, tomorrow, 50)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(rebuilt, items) {
		t.Errorf("attention after a rebuild: %+v, before %+v", rebuilt, items)
	}
}

func TestAChangeToTheDashboardsReadModelSendsOneStaffNoticeAfterItCommits(t *testing.T) {
	w := newWorld(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	notices := make(chan string, 64)
	listening := make(chan struct{}, 1)
	go func() {
		_ = projections.ListenLive(ctx, w.Pool, func(topic string, _ json.RawMessage) {
			if topic == projections.TopicConnected {
				listening <- struct{}{}
				return
			}
			if topic == insights.Topic {
				notices <- topic
			}
		})
	}()
	<-listening
	// What the fixture wrote before (its drivers) may still be on its way: let it pass.
	for quiet := false; !quiet; {
		select {
		case <-notices:
		case <-time.After(time.Second):
			quiet = true
		}
	}
	// Two events in one batch: one notice, and only once the rows it announces can be read.
	w.add(t, orderscmd.EnquiryStream("MSH-LIVE01"), enquiry.EnquirySubmitted{TripNumber: "MSH-LIVE01"}, enquiry.EnquiryDeclined{Reason: "no cars"})
	select {
	case <-notices:
	case <-time.After(20 * time.Second):
		t.Fatal("no insights notice after an enquiry was submitted")
	}
	o, err := w.read.Overview(context.Background(), cairoDay(time.Now(), -1), cairoDay(time.Now(), 1), cairoDay(time.Now(), 0), cairoDay(time.Now(), 1), 10)
	if err != nil {
		t.Fatal(err)
	}
	if o.Enquiries.Submitted < 1 || o.Enquiries.Declined < 1 {
		t.Fatalf("the notice came before the enquiry could be read: %+v", o.Enquiries)
	}
	select {
	case n := <-notices:
		t.Fatalf("a second notice for one batch: %s", n)
	case <-time.After(300 * time.Millisecond):
	}
}

// A trip whose driver a rule took back (an exchange moved it over another of the driver's trips, or to
// another day) needs a person to assign again, whatever its day: it waits in the queue until a driver
// is assigned. A driver staff took off themselves is their own doing and opens nothing.
func TestATripWhoseDriverARuleTookBackWaitsInTheQueueUntilADriverIsAssigned(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	now := time.Now()
	tripDay, tomorrow := cairoDay(now, 5), cairoDay(now, 1)
	driver, _ := w.Driver(t, 2)
	other, _ := w.Driver(t, 2)
	next, _ := w.Driver(t, 2)
	taken := w.paidOrder(t, tripDay)
	w.Assign(t, taken, driver)
	byStaff := w.paidOrder(t, tripDay)
	w.Assign(t, byStaff, other)
	w.add(t, dispatchcmd.TripStream(taken), dispatch.DriverUnassigned{OrderID: taken, Day: availability.Day(tripDay), DriverID: driver,
		Reason: "the new times overlap trip MSH-OTHER1 (13:00–17:00)", ByUserID: dispatch.SystemActor, UnassignedAt: now})
	out, err := w.Dispatch.UnassignDriver(ctx, byStaff, "the driver is ill", commands.NewMeta(dispatchtest.Admin))
	if err != nil {
		t.Fatal(err)
	}
	w.last = out.Position

	kinds := func() map[string]insights.AttentionItem {
		t.Helper()
		w.caughtUp(t)
		items, err := w.read.Attention(ctx, tomorrow, 50)
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]insights.AttentionItem{}
		for _, it := range items {
			got[it.OrderID] = it
		}
		return got
	}
	got := kinds()
	if it, ok := got[taken]; !ok || it.Kind != insights.KindDriverTakenOff || it.Day != tripDay {
		t.Errorf("the trip taken back: %+v, want %s on %s", it, insights.KindDriverTakenOff, tripDay)
	}
	if it, ok := got[byStaff]; ok {
		t.Errorf("staff's own unassignment is in the queue: %+v", it)
	}

	again, err := w.Dispatch.AssignDriver(ctx, taken, next, commands.NewMeta(dispatchtest.Admin))
	if err != nil {
		t.Fatal(err)
	}
	w.last = again.Position
	if it, ok := kinds()[taken]; ok {
		t.Errorf("assigned again, still in the queue: %+v", it)
	}
}
