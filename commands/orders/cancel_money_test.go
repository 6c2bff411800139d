package orders_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"mishwar/adapters/payments"
	orderscmd "mishwar/commands/orders"
	"mishwar/commands/orders/orderstest"
	"mishwar/domain"
	"mishwar/domain/money"
	"mishwar/domain/order"
	"mishwar/eventstore"
)

// The tester's MSH-GRPKMH: paid, changed to a dearer trip (the difference paid), changed back (the
// difference refunded), then cancelled 22 hours before the start. What the order page offers and what
// the cancellation sends back are the same: half the price, not half of everything ever paid.
func TestALateCancellationAfterAChangeAndBackOffersAndRefundsHalfThePrice(t *testing.T) {
	t.Parallel()
	f := orderstest.New(t, 2)
	f.FillCart(t, "u1")
	ctx := context.Background()
	me := order.Actor{UserID: "u1"}
	app := orderscmd.NewApplication(f.Orders, f.Read, orderscmd.CatalogueReader{Reader: f.Reader})

	p := f.Place(t, "u1", "2026-11-19")
	price := f.Order(t, p.OrderID).Price()
	f.Notify(t, orderstest.Notice(p, "n1", payments.OutcomeSucceeded, price))

	van := f.RatePlan(t, "Van", 2400, 10000, 2)
	if _, err := f.Orders.ExchangeOrder(ctx, orderscmd.ExchangeInput{OrderID: p.OrderID, Actor: me, Date: "2026-11-19", Time: "11:00", RatePlanID: van.String()}, orderstest.UserMeta("u1")); err != nil {
		t.Fatal(err)
	}
	x, _ := f.Order(t, p.OrderID).PendingExchange()
	if _, err := f.Orders.RecordNotice(ctx, "sandbox", payments.Notice{PaymentID: x.PaymentID, NoticeID: "n2", Outcome: payments.OutcomeSucceeded, Amount: x.Difference, ProviderRef: "t2"}); err != nil {
		t.Fatal(err)
	}
	back, err := f.Orders.ExchangeOrder(ctx, orderscmd.ExchangeInput{OrderID: p.OrderID, Actor: me, Date: "2026-11-19", Time: "10:00", RatePlanID: f.Plan.String()}, orderstest.UserMeta("u1"))
	if err != nil {
		t.Fatal(err)
	}
	// The cheaper trip's difference goes back (by the request, or by its job when the request lost a
	// race with the payment's follow-ups).
	for deadline := time.Now().Add(10 * time.Second); f.Order(t, p.OrderID).Refunded() != x.Difference && time.Now().Before(deadline); {
		time.Sleep(50 * time.Millisecond)
	}
	if s := f.Order(t, p.OrderID); s.Refunded() != x.Difference || s.Price() != price || s.Paid().Minor != price.Minor+x.Difference.Minor {
		t.Fatalf("changed back: price %v paid %v refunded %v", s.Price(), s.Paid(), s.Refunded())
	}
	back.Position = maxPos(t, f, p.OrderID)

	f.Clock.Set(time.Date(2026, 11, 18, 12, 0, 0, 0, orderstest.Now.Location())) // 22 hours before 10:00 on the 19th
	f.WaitForOrders(t, back.Position)
	view, err := app.Queries.OwnOrder.Handle(ctx, p.OrderID, "u1")
	want := price.Percent(5000)
	if err != nil || view.Cancellation.Refund != want || view.Cancellation.RefundPercent != 50 || view.Cancellation.Keep != money.New(price.Minor-want.Minor, money.EGP) {
		t.Fatalf("offered %+v (%v), want a refund of %v", view.Cancellation, err, want)
	}
	out, err := f.Orders.CancelOwnOrder(ctx, p.OrderID, me, "ill", orderstest.UserMeta("u1"))
	if err != nil || out.Refunded != want {
		t.Fatalf("the cancellation refunded %v (%v), want %v", out.Refunded, err, want)
	}
	if s := f.Order(t, p.OrderID); s.Refunded().Minor != x.Difference.Minor+want.Minor || s.NeedsAttention() {
		t.Fatalf("refunded %v in all, attention %v", s.Refunded(), s.NeedsAttention())
	}
}

// Staff cancelling late say who the cancellation is for: the business gives everything back, the
// traveller's request leaves the policy to apply; the order's page showed both amounts first.
func TestStaffCancellingLateSayWhetherTheBusinessOrTheTravellerCancels(t *testing.T) {
	t.Parallel()
	f := orderstest.New(t, 2)
	f.FillCart(t, "u1")
	f.FillCart(t, "u2")
	ctx := context.Background()
	staff := order.Actor{UserID: "admin", Staff: true}
	app := orderscmd.NewApplication(f.Orders, f.Read, orderscmd.CatalogueReader{Reader: f.Reader})
	pay := func(user string) (orderscmd.Placed, money.Money) {
		p := f.Place(t, user, "2026-11-19")
		price := f.Order(t, p.OrderID).Price()
		f.Notify(t, orderstest.Notice(p, "n-"+p.PaymentID, payments.OutcomeSucceeded, price))
		return p, price
	}
	ours, price := pay("u1")
	theirs, _ := pay("u2")
	f.Clock.Set(time.Date(2026, 11, 18, 12, 0, 0, 0, orderstest.Now.Location()))

	var ve *domain.ValidationError
	if _, err := f.Orders.CancelOrderAsStaff(ctx, ours.OrderID, staff, "No driver available, our fault", "", orderstest.UserMeta("admin")); !errors.As(err, &ve) || ve.Fields["initiated_by"] == nil {
		t.Fatalf("without saying who cancels: %v", err)
	}
	view, err := app.Queries.StaffOrder.Handle(ctx, ours.OrderID)
	if err != nil || view.Cancellation.RefundByBusiness != price || view.Cancellation.Refund != price.Percent(5000) {
		t.Fatalf("staff were offered %+v (%v)", view.Cancellation, err)
	}
	out, err := f.Orders.CancelOrderAsStaff(ctx, ours.OrderID, staff, "No driver available, our fault", order.InitiatedByBusiness, orderstest.UserMeta("admin"))
	if err != nil || out.Refunded != price {
		t.Fatalf("the business cancelling refunded %v (%v), want %v", out.Refunded, err, price)
	}
	out, err = f.Orders.CancelOrderAsStaff(ctx, theirs.OrderID, staff, "The traveller phoned", order.InitiatedByTraveller, orderstest.UserMeta("admin"))
	if err != nil || out.Refunded != price.Percent(5000) {
		t.Fatalf("the traveller's request refunded %v (%v)", out.Refunded, err)
	}
	for id, by := range map[string]string{ours.OrderID: order.InitiatedByBusiness, theirs.OrderID: order.InitiatedByTraveller} {
		events := orderstest.Events[order.Event](t, f, orderscmd.OrderStream(id))
		found := false
		for _, e := range events {
			if c, ok := e.(order.OrderCancelled); ok {
				found = c.InitiatedBy == by
			}
		}
		if !found {
			t.Fatalf("%s: the cancellation does not record it was the %s's", id, by)
		}
	}
}

// A staff refund that names no amount sends back what the order owes; on an order that owes nothing,
// staff are asked for the amount.
func TestAStaffRefundWithoutAnAmountOnAnOrderThatOwesNothingAsksForOne(t *testing.T) {
	t.Parallel()
	f := orderstest.New(t, 1)
	f.FillCart(t, "u1")
	p := f.Place(t, "u1", "2026-11-19")
	f.Notify(t, orderstest.Notice(p, "n1", payments.OutcomeSucceeded, f.Order(t, p.OrderID).Price()))
	var ve *domain.ValidationError
	_, err := f.Orders.IssueRefundAsStaff(context.Background(), p.OrderID, order.Actor{UserID: "admin", Staff: true}, "goodwill", nil, orderstest.UserMeta("admin"))
	if !errors.As(err, &ve) || len(ve.Fields["amount"]) != 1 || ve.Fields["amount"][0] != order.KeyAmountRequired {
		t.Fatalf("a refund without an amount: %v", err)
	}
}

// maxPos is where the order's stream ends, for a read-your-writes wait.
func maxPos(t *testing.T, f *orderstest.Fixture, orderID string) eventstore.Position {
	t.Helper()
	hist, err := f.Store.ReadStream(context.Background(), orderscmd.OrderStream(orderID), 0)
	if err != nil || len(hist) == 0 {
		t.Fatalf("read %s: %v", orderID, err)
	}
	return hist[len(hist)-1].Position
}
