package orders_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/google/uuid"

	"mishwar/adapters/payments"
	"mishwar/commands"
	dispatchcmd "mishwar/commands/dispatch"
	orderscmd "mishwar/commands/orders"
	"mishwar/commands/orders/orderstest"
	"mishwar/domain"
	"mishwar/domain/dispatch"
	"mishwar/domain/money"
	"mishwar/domain/order"
	"mishwar/eventstore"
)

// driverSetOff writes the driver's start on the order's trip stream, as commands/dispatch would: the
// order has not heard of it yet (its job has not run).
func driverSetOff(t *testing.T, f *orderstest.Fixture, orderID string) {
	t.Helper()
	meta := commands.NewMeta(commands.Actor{UserID: "driver-user", Role: "driver"})
	var data []eventstore.EventData
	for i, e := range []any{
		dispatch.DriverAssigned{OrderID: orderID, Driver: dispatch.Driver{ID: "d1", UserID: "driver-user"}},
		dispatch.TripStarted{OrderID: orderID, DriverID: "d1", StartedAt: f.Clock.Now().UTC()},
	} {
		d, err := f.Registry.Encode(eventstore.DeterministicID(meta.CommandID, i), e, eventstore.Metadata{CommandID: meta.CommandID.String()})
		if err != nil {
			t.Fatal(err)
		}
		data = append(data, d)
	}
	if _, err := f.Store.Append(context.Background(), eventstore.StreamID("dispatch", orderID), eventstore.NoStream, data...); err != nil {
		t.Fatal(err)
	}
}

func jobMeta() commands.Meta {
	return commands.Meta{CommandID: uuid.New(), Actor: commands.Actor{UserID: "system", Role: "system"}}
}

func paidOrder(t *testing.T, f *orderstest.Fixture, user, date string) orderscmd.Placed {
	t.Helper()
	p := f.Place(t, user, date)
	f.Notify(t, orderstest.Notice(p, "n-"+p.PaymentID, payments.OutcomeSucceeded, f.Order(t, p.OrderID).Price()))
	return p
}

// paidOrderWithTrip is u1's paid order on a fixture that also knows dispatch's events (the trip's
// stream).
func paidOrderWithTrip(t *testing.T) (*orderstest.Fixture, orderscmd.Placed) {
	t.Helper()
	f := orderstest.New(t, 1)
	dispatchcmd.RegisterEvents(f.Registry)
	f.FillCart(t, "u1")
	return f, paidOrder(t, f, "u1", "2026-11-18")
}

// The moment the driver sets off, the traveller can no longer cancel, ask for a refund or exchange,
// although the order has not recorded the start yet: the trip's own stream says so.
func TestOnceTheDriverSetOffTheTravellerCannotCancelRefundOrExchange(t *testing.T) {
	t.Parallel()
	f, p := paidOrderWithTrip(t)
	ctx := context.Background()
	me := order.Actor{UserID: "u1"}
	// The old bug: a week before the trip its driver set off (no longer possible, see domain/dispatch),
	// and the free cancellation then refunded everything.
	driverSetOff(t, f, p.OrderID)

	if _, err := f.Orders.CancelOwnOrder(ctx, p.OrderID, me, "plans changed", orderstest.UserMeta("u1")); !errors.Is(err, order.ErrTripStarted) {
		t.Fatalf("cancel: %v", err)
	}
	if _, err := f.Orders.RequestOwnRefund(ctx, p.OrderID, me, "changed my mind", nil, orderstest.UserMeta("u1")); !errors.Is(err, order.ErrTripStarted) {
		t.Fatalf("refund request: %v", err)
	}
	if _, err := f.Orders.ExchangeOwnOrder(ctx, orderscmd.ExchangeInput{OrderID: p.OrderID, Actor: me, Date: "2026-11-20", Time: "10:00"}, orderstest.UserMeta("u1")); !errors.Is(err, order.ErrTripStarted) {
		t.Fatalf("exchange: %v", err)
	}
	if _, err := f.Orders.QuoteOwnExchange(ctx, orderscmd.ExchangeInput{OrderID: p.OrderID, Actor: me, Date: "2026-11-20", Time: "10:00"}); !errors.Is(err, order.ErrTripStarted) {
		t.Fatalf("exchange quote: %v", err)
	}
	if s := f.Order(t, p.OrderID); s.Status() != order.StatusConfirmed || s.Refunded().Minor != 0 {
		t.Fatalf("after the refusals: %s, refunded %v", s.Status(), s.Refunded())
	}

	// Staff compensate, with a reason; the policy refunds nothing (they refund what they decide).
	staff := order.Actor{UserID: "admin", Staff: true}
	var ve *domain.ValidationError
	if _, err := f.Orders.CancelOrderAsStaff(ctx, p.OrderID, staff, "", "", orderstest.UserMeta("admin")); !errors.As(err, &ve) {
		t.Fatalf("a compensation without a reason: %v", err)
	}
	out, err := f.Orders.CancelOrderAsStaff(ctx, p.OrderID, staff, "car broke down", "", orderstest.UserMeta("admin"))
	if err != nil || out.Refunded.Minor != 0 {
		t.Fatalf("staff cancel: %+v %v", out, err)
	}
	if s := f.Order(t, p.OrderID); s.Status() != order.StatusCancelled || s.NeedsAttention() {
		t.Fatalf("after the compensation: %s attention %v", s.Status(), s.NeedsAttention())
	}
}

// The jobs of the order ↔ trip process record the trip on the order once, however often they run.
func TestTheTripIsRecordedOnTheOrderOnceHoweverOftenItsJobsRun(t *testing.T) {
	t.Parallel()
	f, p := paidOrderWithTrip(t)
	ctx := context.Background()
	started, ended := time.Date(2026, 11, 18, 9, 0, 0, 0, orderstest.Now.Location()), time.Date(2026, 11, 18, 15, 0, 0, 0, orderstest.Now.Location())
	start, complete := jobMeta(), jobMeta()
	for range 2 {
		if _, err := f.Orders.RecordTripStarted(ctx, p.OrderID, "d1", started, start); err != nil {
			t.Fatal(err)
		}
	}
	if s := f.Order(t, p.OrderID); s.Status() != order.StatusConfirmed || !s.TripStartedAt().Equal(started) {
		t.Fatalf("after the start: %s %v", s.Status(), s.TripStartedAt())
	}
	// Once the order knows, the traveller is refused without the trip's stream being asked.
	if _, err := f.Orders.CancelOwnOrder(ctx, p.OrderID, order.Actor{UserID: "u1"}, "x", orderstest.UserMeta("u1")); !errors.Is(err, order.ErrTripStarted) {
		t.Fatalf("cancel after the recorded start: %v", err)
	}
	var done eventstore.Position
	for range 2 {
		pos, err := f.Orders.RecordTripCompleted(ctx, p.OrderID, "d1", started, ended, complete)
		if err != nil {
			t.Fatal(err)
		}
		done = pos
	}
	// A second completion job (another command id, same facts) changes nothing either.
	if _, err := f.Orders.RecordTripCompleted(ctx, p.OrderID, "d1", started, ended, jobMeta()); err != nil {
		t.Fatal(err)
	}
	counts := map[string]int{}
	for _, e := range orderstest.Events[order.Event](t, f, orderscmd.OrderStream(p.OrderID)) {
		switch e.(type) {
		case order.TripStarted:
			counts["started"]++
		case order.TripCompleted:
			counts["trip completed"]++
		case order.OrderCompleted:
			counts["order completed"]++
		}
	}
	if counts["started"] != 1 || counts["trip completed"] != 1 || counts["order completed"] != 1 {
		t.Fatalf("events recorded %v, want one of each", counts)
	}
	s := f.Order(t, p.OrderID)
	if s.Status() != order.StatusCompleted || s.NeedsAttention() || s.Owed() != money.New(0, money.EGP) {
		t.Fatalf("after the completion: %s attention %v owed %v", s.Status(), s.NeedsAttention(), s.Owed())
	}
	f.WaitForOrders(t, done)
	o, err := f.Read.Order(ctx, p.OrderID)
	if err != nil {
		t.Fatal(err)
	}
	if o.Status != order.StatusCompleted || o.CompletedAt == nil || o.TripStartedAt == nil {
		t.Fatalf("the read model: %s %v %v", o.Status, o.CompletedAt, o.TripStartedAt)
	}
}

// A start whose job runs after the traveller's cancellation landed changes nothing on the order.
func TestAStartThatReachesACancelledOrderChangesNothing(t *testing.T) {
	t.Parallel()
	f, p := paidOrderWithTrip(t)
	ctx := context.Background()
	if _, err := f.Orders.CancelOwnOrder(ctx, p.OrderID, order.Actor{UserID: "u1"}, "plans changed", orderstest.UserMeta("u1")); err != nil {
		t.Fatal(err)
	}
	before := len(orderstest.Events[order.Event](t, f, orderscmd.OrderStream(p.OrderID)))
	if _, err := f.Orders.RecordTripStarted(ctx, p.OrderID, "d1", f.Clock.Now(), jobMeta()); err != nil {
		t.Fatal(err)
	}
	if after := len(orderstest.Events[order.Event](t, f, orderscmd.OrderStream(p.OrderID))); after != before {
		t.Fatalf("%d events after the late start, want %d", after, before)
	}
}
