package orders_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"mishwar/adapters/payments"
	orderscmd "mishwar/commands/orders"
	"mishwar/commands/orders/orderstest"
	"mishwar/domain/availability"
	cat "mishwar/domain/catalogue"
	"mishwar/domain/enquiry"
	"mishwar/domain/money"
	"mishwar/domain/order"
)

// failedU1Order places u1's order for 18 November and has its payment declined: the car is let go.
func failedU1Order(t *testing.T, f *orderstest.Fixture) orderscmd.Placed {
	t.Helper()
	f.FillCart(t, "u1")
	p := f.Place(t, "u1", "2026-11-18")
	f.Notify(t, orderstest.Notice(p, "declined-1", payments.OutcomeFailed, f.Order(t, p.OrderID).Price()))
	if s := f.Order(t, p.OrderID); s.Status() != order.StatusPaymentFailed || f.Day(t, "2026-11-18").Taken() != 0 {
		t.Fatalf("after the decline: %s, %d cars taken", s.Status(), f.Day(t, "2026-11-18").Taken())
	}
	return p
}

func heldAgainEvents(t *testing.T, f *orderstest.Fixture, id string) int {
	n := 0
	for _, e := range orderstest.Events[order.Event](t, f, orderscmd.OrderStream(id)) {
		if _, ok := e.(order.OrderHeldAgain); ok {
			n++
		}
	}
	return n
}

func TestPayingAgainAfterADeclineKeepsTheTripNumberAndConfirms(t *testing.T) {
	t.Parallel()
	f := orderstest.New(t, 1)
	p := failedU1Order(t, f)
	ctx := context.Background()
	again, err := f.Orders.PayOwnOrder(ctx, p.OrderID, "u1", orderstest.UserMeta("u1"))
	if err != nil {
		t.Fatal(err)
	}
	if again.OrderID != p.OrderID || again.PaymentID == "" || again.PaymentID == p.PaymentID || again.PaymentURL == "" || again.Status != order.StatusAwaitingPayment {
		t.Fatalf("paid again: %+v (first %+v)", again, p)
	}
	s := f.Order(t, p.OrderID)
	if s.Reservation() == "" || f.Day(t, "2026-11-18").StatusOf(s.Reservation()) != availability.Held || f.Day(t, "2026-11-18").Taken() != 1 {
		t.Fatalf("the car is not held again: %s %d", s.Reservation(), f.Day(t, "2026-11-18").Taken())
	}
	f.Notify(t, orderstest.Notice(again, "paid-2", payments.OutcomeSucceeded, s.Price()))
	s = f.Order(t, p.OrderID)
	if s.Status() != order.StatusConfirmed || f.Day(t, "2026-11-18").StatusOf(s.Reservation()) != availability.Confirmed {
		t.Fatalf("after paying again: %s", s.Status())
	}
	if _, err := f.Orders.PayOwnOrder(ctx, p.OrderID, "u1", orderstest.UserMeta("u1")); !errors.Is(err, order.ErrNotAwaitingPayment) {
		t.Fatalf("paying a paid order again: %v", err)
	}
}

func TestPayingAgainAfterTheHoldExpired(t *testing.T) {
	t.Parallel()
	f := orderstest.New(t, 1)
	f.FillCart(t, "u1")
	p := f.Place(t, "u1", "2026-11-18")
	s := f.Order(t, p.OrderID)
	f.Clock.Set(orderstest.Now.Add(31 * time.Minute))
	ctx := context.Background()
	if err := f.Orders.ExpireHold(ctx, orderscmd.Hold{Day: "2026-11-18", Reservation: s.Reservation(), OrderID: p.OrderID, HeldUntil: s.HoldUntil()}); err != nil {
		t.Fatal(err)
	}
	again, err := f.Orders.PayOwnOrder(ctx, p.OrderID, "u1", orderstest.UserMeta("u1"))
	if err != nil || again.OrderID != p.OrderID || again.PaymentURL == "" {
		t.Fatalf("paid again: %+v %v", again, err)
	}
	s = f.Order(t, p.OrderID)
	if s.Status() != order.StatusAwaitingPayment || !s.HoldUntil().Equal(orderstest.Now.Add(61*time.Minute)) || f.Day(t, "2026-11-18").Taken() != 1 {
		t.Fatalf("after paying again: %s until %s, %d cars taken", s.Status(), s.HoldUntil(), f.Day(t, "2026-11-18").Taken())
	}
	// The new hold lapses like the first: the expiry job lets the new car go.
	f.Clock.Set(orderstest.Now.Add(62 * time.Minute))
	if err := f.Orders.ExpireHold(ctx, orderscmd.Hold{Day: "2026-11-18", Reservation: s.Reservation(), OrderID: p.OrderID, HeldUntil: s.HoldUntil()}); err != nil {
		t.Fatal(err)
	}
	if f.Order(t, p.OrderID).Status() != order.StatusExpired || f.Day(t, "2026-11-18").Taken() != 0 {
		t.Fatal("the hold taken again did not expire")
	}
}

func TestPayingAgainIsRefusedWhenTheDayIsFull(t *testing.T) {
	t.Parallel()
	f := orderstest.New(t, 1)
	p := failedU1Order(t, f)
	f.FillCart(t, "u2")
	f.Place(t, "u2", "2026-11-18") // the day's only car
	_, err := f.Orders.PayOwnOrder(context.Background(), p.OrderID, "u1", orderstest.UserMeta("u1"))
	if !errors.Is(err, order.ErrDayFullToPayAgain) {
		t.Fatalf("paying again on a full day: %v", err)
	}
	if s := f.Order(t, p.OrderID); s.Status() != order.StatusPaymentFailed || f.Day(t, "2026-11-18").Taken() != 1 {
		t.Fatalf("after the refusal: %s, %d cars taken", s.Status(), f.Day(t, "2026-11-18").Taken())
	}
}

func TestPayingAgainIsRefusedInsideTheBookingLead(t *testing.T) {
	t.Parallel()
	f := orderstest.New(t, 1)
	p := failedU1Order(t, f)
	// 18 November 10:00 is eleven hours away: inside the twelve-hour lead.
	f.Clock.Set(time.Date(2026, 11, 17, 23, 0, 0, 0, cat.Cairo))
	if _, err := f.Orders.PayOwnOrder(context.Background(), p.OrderID, "u1", orderstest.UserMeta("u1")); !errors.Is(err, order.ErrTooLateToPayAgain) {
		t.Fatalf("paying again inside the lead: %v", err)
	}
	if f.Day(t, "2026-11-18").Taken() != 0 {
		t.Fatal("a car was held for a refused payment")
	}
}

func TestPayingAgainIsRefusedOnACancelledOrderAndToStrangers(t *testing.T) {
	t.Parallel()
	f := orderstest.New(t, 1)
	p := failedU1Order(t, f)
	ctx := context.Background()
	if _, err := f.Orders.PayOwnOrder(ctx, p.OrderID, "u2", orderstest.UserMeta("u2")); !errors.Is(err, order.ErrOrderNotFound) {
		t.Fatalf("someone else paying again: %v", err)
	}
	// Paid again, it waits for payment and can be cancelled; then it cannot be paid again.
	if _, err := f.Orders.PayOwnOrder(ctx, p.OrderID, "u1", orderstest.UserMeta("u1")); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Orders.CancelOwnOrder(ctx, p.OrderID, order.Actor{UserID: "u1"}, "changed plans", orderstest.UserMeta("u1")); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Orders.PayOwnOrder(ctx, p.OrderID, "u1", orderstest.UserMeta("u1")); !errors.Is(err, order.ErrNotAwaitingPayment) {
		t.Fatalf("paying a cancelled order again: %v", err)
	}
}

// Two "pay again" at once on one failed order hold one car and open one session with the provider:
// the second answers the first's.
func TestTwoConcurrentPayAgainsOpenOneProviderSession(t *testing.T) {
	t.Parallel()
	c, opts := counting(orderstest.Options{})
	f := orderstest.NewWith(t, 2, opts)
	p := failedU1Order(t, f)
	before := c.sessionCalls.Load()
	ctx := context.Background()
	var wg sync.WaitGroup
	got := make([]orderscmd.Placed, 2)
	errs := make([]error, 2)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i], errs[i] = f.Orders.PayOwnOrder(ctx, p.OrderID, "u1", orderstest.UserMeta("u1"))
		}()
	}
	wg.Wait()
	for i := range got {
		if errs[i] != nil || got[i].OrderID != p.OrderID || got[i].PaymentURL == "" || got[i].PaymentID != got[0].PaymentID || got[i].PaymentURL != got[0].PaymentURL {
			t.Fatalf("pay again %d: %+v %v (first %+v)", i, got[i], errs[i], got[0])
		}
	}
	if n := c.sessionCalls.Load() - before; n != 1 {
		t.Fatalf("%d provider sessions opened", n)
	}
	if n := heldAgainEvents(t, f, p.OrderID); n != 1 {
		t.Fatalf("the order was held again %d times", n)
	}
	if n := f.Day(t, "2026-11-18").Taken(); n != 1 {
		t.Fatalf("%d cars held for one order", n)
	}
}

// A guest who paid a quote without an account pays again through the quote's link (its secret): the
// same trip number, confirmed by the second payment. Its e-mail, which is no secret, opens nothing.
func TestAGuestPaysAQuoteAgainThroughItsLink(t *testing.T) {
	t.Parallel()
	f := orderstest.New(t, 1)
	ctx := context.Background()
	in := orderscmd.EnquiryInput{
		Lang: "en", ProgramID: f.Program(t, "Giza day", true, f.Sights...).String(),
		Contact:           order.Contact{FirstName: "Omar", LastName: "Fathy", Email: "omar@example.com", Phone: "+201001234567", Country: "EG"},
		EmailConfirmation: "omar@example.com", TermsAgreed: true, Date: "2026-11-18", Time: "10:00", RatePlanID: f.Plan.String(),
		Start: &orderscmd.PointRequest{PickupPointID: f.Pickup.String()},
	}
	sub, err := f.Orders.SubmitEnquiry(ctx, in, orderstest.UserMeta(""))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Orders.QuoteEnquiry(ctx, sub.TripNumber, money.New(160000, money.EGP), "tickets included", nil, "", "", orderstest.UserMeta("admin")); err != nil {
		t.Fatal(err)
	}
	guest := orderstest.UserMeta("")
	guest.ClientIP = "203.0.113.7"
	if _, err := f.Orders.PayEnquiryLink(ctx, sub.TripNumber, "omar@example.com", guest); !errors.Is(err, orderscmd.ErrTripNotFound) {
		t.Fatalf("the quote paid with its e-mail instead of its link's secret: %v", err)
	}
	token := linkToken(t, f, sub.TripNumber)
	p, err := f.Orders.PayEnquiryByLink(ctx, sub.TripNumber, token, guest)
	if err != nil {
		t.Fatal(err)
	}
	f.Notify(t, orderstest.Notice(p, "declined", payments.OutcomeFailed, money.New(160000, money.EGP)))
	if _, err := f.Orders.PayEnquiryByLink(ctx, sub.TripNumber, token[1:]+"A", guest); !errors.Is(err, orderscmd.ErrLinkNotFound) {
		t.Fatalf("the link with another secret: %v", err)
	}
	again, err := f.Orders.PayEnquiryByLink(ctx, sub.TripNumber, token, guest)
	if err != nil || again.OrderID != sub.TripNumber || again.PaymentID == p.PaymentID || again.PaymentURL == "" {
		t.Fatalf("paying the quote again: %+v %v", again, err)
	}
	f.Notify(t, orderstest.Notice(again, "paid", payments.OutcomeSucceeded, money.New(160000, money.EGP)))
	if s := f.Order(t, sub.TripNumber); s.Status() != order.StatusConfirmed || s.Price() != money.New(160000, money.EGP) {
		t.Fatalf("after paying again: %s %v", s.Status(), s.Price())
	}
}

// linkToken is the secret an enquiry's link carries (its e-mails' links), as recorded on submission.
func linkToken(t *testing.T, f *orderstest.Fixture, tripNumber string) string {
	t.Helper()
	for _, e := range orderstest.Events[enquiry.Event](t, f, orderscmd.EnquiryStream(tripNumber)) {
		if s, ok := e.(enquiry.EnquirySubmitted); ok && s.LinkToken != "" {
			return s.LinkToken
		}
	}
	t.Fatalf("enquiry %s has no link secret", tripNumber)
	return ""
}

// A failed order the traveller gives up instead of paying again: cancelled with nothing to refund,
// and it can no longer be paid.
func TestAFailedOrderCanBeCancelledAndThenNotPaidAgain(t *testing.T) {
	t.Parallel()
	f := orderstest.New(t, 1)
	p := failedU1Order(t, f)
	ctx := context.Background()
	if _, err := f.Orders.CancelOwnOrder(ctx, p.OrderID, order.Actor{UserID: "u1"}, "changed plans", orderstest.UserMeta("u1")); err != nil {
		t.Fatalf("cancelling a failed order: %v", err)
	}
	if _, err := f.Orders.PayOwnOrder(ctx, p.OrderID, "u1", orderstest.UserMeta("u1")); !errors.Is(err, order.ErrNotAwaitingPayment) {
		t.Fatalf("paying a cancelled order again: %v", err)
	}
	if f.Day(t, "2026-11-18").Taken() != 0 {
		t.Fatal("the cancelled order still takes a car")
	}
}
