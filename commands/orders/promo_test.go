package orders_test

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"sync"
	"testing"
	"time"

	"mishwar/adapters/payments"
	"mishwar/commands"
	orderscmd "mishwar/commands/orders"
	"mishwar/commands/orders/orderstest"
	"mishwar/domain"
	"mishwar/domain/order"
)

func withCode(in orderscmd.PlaceOrderInput, code string) orderscmd.PlaceOrderInput {
	in.PromoCode = code
	return in
}

func TestACheckoutWithAPromoCodeRecordsTheDiscountAndAsksForThePriceAfterIt(t *testing.T) {
	t.Parallel()
	f := orderstest.New(t, 2)
	offer := f.Offer(t, "WINTER10", "2026-11-01", "2026-12-31", 1, 10)
	f.FillCart(t, "u1")
	ctx := context.Background()
	quote, err := f.Orders.QuotePromo(ctx, orderscmd.PromoQuery{UserID: "u1", Code: "winter10", RatePlanID: f.Plan.String(), Date: "2026-11-18", Time: "10:00"})
	if err != nil {
		t.Fatal(err)
	}
	placed, err := f.Orders.PlaceOrder(ctx, withCode(f.Input("u1", "2026-11-18"), " winter10"), orderstest.UserMeta("u1"))
	if err != nil {
		t.Fatal(err)
	}
	evs := orderstest.Events[order.Event](t, f, orderscmd.OrderStream(placed.OrderID))
	p := evs[0].(order.OrderPlaced)
	d := p.Promo
	total := p.Trip.Quote.Total
	if d == nil || d.Code != "WINTER10" || d.OfferID != offer.String() || d.BasisPoints != 1000 || d.PriceBefore != total ||
		d.AmountOff != total.Percent(1000) || d.PriceAfter.Minor != total.Minor-d.AmountOff.Minor {
		t.Fatalf("recorded discount %+v of %v", d, total)
	}
	if !reflect.DeepEqual(quote.Discount, *d) {
		t.Fatalf("the quote before paying %+v differs from what was placed %+v", quote.Discount, *d)
	}
	if ord := evs[1].(order.PaymentSessionOrdered); ord.Amount != d.PriceAfter {
		t.Fatalf("payment asked for %v, want %v", ord.Amount, d.PriceAfter)
	}
	uses := order.Redemptions.Fold(orderstest.Events[order.RedemptionsEvent](t, f, orderscmd.PromoStream(offer.String())))
	if uses.Used() != 1 || !uses.Counts(placed.OrderID) {
		t.Fatalf("uses %+v", uses)
	}
	// The traveller pays what was asked; a cancellation refunds what was paid.
	f.Place(t, "u1", "2026-11-19") // a second order without a code is unaffected
	f.Notify(t, orderstest.Notice(placed, "n1", payments.OutcomeSucceeded, d.PriceAfter))
	if s := f.Order(t, placed.OrderID); s.Status() != order.StatusConfirmed || s.Paid() != d.PriceAfter || s.Price() != d.PriceAfter {
		t.Fatalf("paid order: status %s paid %v price %v", s.Status(), s.Paid(), s.Price())
	}
	out, err := f.Orders.CancelOrder(ctx, placed.OrderID, order.Actor{UserID: "u1"}, "plans changed", orderstest.UserMeta("u1"))
	if err != nil {
		t.Fatal(err)
	}
	if got := out.Refunded.Minor + out.RefundPending.Minor; got != d.PriceAfter.Minor {
		t.Fatalf("refunded %v + pending %v, want what was paid %v", out.Refunded, out.RefundPending, d.PriceAfter)
	}
	// The cancelled order gave its use back: the same customer may use the code again.
	uses = order.Redemptions.Fold(orderstest.Events[order.RedemptionsEvent](t, f, orderscmd.PromoStream(offer.String())))
	if uses.Used() != 0 {
		t.Fatalf("uses after cancelling %+v", uses)
	}
	if _, err := f.Orders.QuotePromo(ctx, orderscmd.PromoQuery{UserID: "u1", Code: "WINTER10", RatePlanID: f.Plan.String(), Date: "2026-11-20", Time: "10:00"}); err != nil {
		t.Fatalf("the code after its use was given back: %v", err)
	}
}

func TestAPromoCodeUsedUpByItsCustomerIsRefusedBeforeACarIsHeld(t *testing.T) {
	t.Parallel()
	f := orderstest.New(t, 3)
	f.Offer(t, "ONCE", "2026-11-01", "2026-12-31", 1, 0)
	f.FillCart(t, "u1")
	ctx := context.Background()
	if _, err := f.Orders.PlaceOrder(ctx, withCode(f.Input("u1", "2026-11-18"), "ONCE"), orderstest.UserMeta("u1")); err != nil {
		t.Fatal(err)
	}
	_, err := f.Orders.QuotePromo(ctx, orderscmd.PromoQuery{UserID: "u1", Code: "ONCE", RatePlanID: f.Plan.String(), Date: "2026-11-19", Time: "10:00"})
	if !errors.Is(err, order.ErrPromoUsedByYou) {
		t.Fatalf("quote: error = %v, want used by you", err)
	}
	_, err = f.Orders.PlaceOrder(ctx, withCode(f.Input("u1", "2026-11-19"), "ONCE"), orderstest.UserMeta("u1"))
	if !errors.Is(err, order.ErrPromoUsedByYou) {
		t.Fatalf("place: error = %v, want used by you", err)
	}
	if held := f.Day(t, "2026-11-19").Taken(); held != 0 {
		t.Fatalf("a refused code held %d cars", held)
	}
}

func TestAnExpiredOrUnknownCodeIsRefusedOnThePromoField(t *testing.T) {
	t.Parallel()
	f := orderstest.New(t, 1)
	f.Offer(t, "AUTUMN", "2026-09-01", "2026-11-15", 0, 0) // the fixture's today is 16 November
	f.Offer(t, "SPRING", "2027-03-01", "2027-05-31", 0, 0)
	f.FillCart(t, "u1")
	for code, key := range map[string]string{"AUTUMN": "promo.expired", "SPRING": "promo.not_yet_valid", "NOSUCH": "promo.unknown"} {
		_, err := f.Orders.PlaceOrder(context.Background(), withCode(f.Input("u1", "2026-11-18"), code), orderstest.UserMeta("u1"))
		var v *domain.ValidationError
		if !errors.As(err, &v) || len(v.Fields["promo_code"]) != 1 || v.Fields["promo_code"][0] != key {
			t.Fatalf("%s: error = %v, want %s on promo_code", code, err, key)
		}
	}
}

// N travellers race for a code that K may use: exactly K orders are placed with it, the others are
// refused on the offer's stream, and no car is held for them.
func TestConcurrentOrdersOnALimitedCodePlaceExactlyItsLimit(t *testing.T) {
	t.Parallel()
	const n, k = 8, 3
	f := orderstest.New(t, n)
	offer := f.Offer(t, "FEW", "2026-11-01", "2026-12-31", 0, k)
	for i := range n {
		f.FillCart(t, fmt.Sprintf("u%d", i))
	}
	var (
		wg      sync.WaitGroup
		mu      sync.Mutex
		placed  []string
		refused int
		other   []error
	)
	start := make(chan struct{})
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			user := fmt.Sprintf("u%d", i)
			<-start
			p, err := f.Orders.PlaceOrder(context.Background(), withCode(f.Input(user, "2026-11-18"), "FEW"), orderstest.UserMeta(user))
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				placed = append(placed, p.OrderID)
			case errors.Is(err, order.ErrPromoUsedUp):
				refused++
			default:
				other = append(other, err)
			}
		}()
	}
	close(start)
	wg.Wait()
	if len(other) > 0 || len(placed) != k || refused != n-k {
		t.Fatalf("placed %d, refused %d, other errors %v", len(placed), refused, other)
	}
	uses := order.Redemptions.Fold(orderstest.Events[order.RedemptionsEvent](t, f, orderscmd.PromoStream(offer.String())))
	if uses.Used() != k {
		t.Fatalf("uses counted %d, want %d", uses.Used(), k)
	}
	for _, id := range placed {
		if s := f.Order(t, id); s.Placed().Promo == nil || !uses.Counts(id) {
			t.Fatalf("order %s: promo %+v counted %v", id, s.Placed().Promo, uses.Counts(id))
		}
	}
	if held := f.Day(t, "2026-11-18").Taken(); held != k {
		t.Fatalf("cars held %d, want %d", held, k)
	}
}

// A use counted for an order that was never placed (the process died between the code's use and the
// order) is given back once it is older than a placing takes: the code's last use goes to the next
// traveller instead of being lost for good.
func TestAUseWhoseOrderWasNeverPlacedIsGivenBackWhenTheCodeIsAtItsLimit(t *testing.T) {
	t.Parallel()
	f := orderstest.NewWith(t, 3, orderstest.Options{OrphanUseGrace: 3 * time.Second})
	offer := f.Offer(t, "LAST", "2026-11-01", "2026-12-31", 0, 1)
	ctx := context.Background()
	f.FillCart(t, "u1")
	if _, err := commands.Execute(ctx, f.Runner, order.Redemptions, orderscmd.PromoStream(offer.String()),
		order.RedemptionsCommand(order.Redeem{OrderID: "MSH-GONE22", Customer: "u9", Code: "LAST", LimitTotal: 1}),
		orderstest.UserMeta("u9"), commands.Options{}); err != nil {
		t.Fatal(err)
	}
	// A moment later the order could still be on its way: the use stands.
	if _, err := f.Orders.PlaceOrder(ctx, withCode(f.Input("u1", "2026-11-18"), "LAST"), orderstest.UserMeta("u1")); domain.KindOf(err) != domain.KindConflict {
		t.Fatalf("while the use is fresh: %v, want the code used up", err)
	}
	time.Sleep(3500 * time.Millisecond)
	if _, err := f.Orders.PlaceOrder(ctx, withCode(f.Input("u1", "2026-11-18"), "LAST"), orderstest.UserMeta("u1")); err != nil {
		t.Fatalf("once the orphan use is old: %v", err)
	}
	var back []order.PromoGivenBack
	for _, e := range orderstest.Events[order.RedemptionsEvent](t, f, orderscmd.PromoStream(offer.String())) {
		if g, ok := e.(order.PromoGivenBack); ok {
			back = append(back, g)
		}
	}
	if len(back) != 1 || back[0].OrderID != "MSH-GONE22" || back[0].Reason != order.PromoBackNotPlaced {
		t.Fatalf("given back: %+v", back)
	}
}

func TestAPromoCodeUsedOnceIsRefusedToASecondAccountWithTheSameContact(t *testing.T) {
	t.Parallel()
	f := orderstest.New(t, 3)
	f.Offer(t, "ONCE", "2026-11-01", "2026-12-31", 1, 0)
	f.FillCart(t, "u1")
	f.FillCart(t, "u2")
	ctx := context.Background()
	if _, err := f.Orders.PlaceOrder(ctx, withCode(f.Input("u1", "2026-11-18"), "ONCE"), orderstest.UserMeta("u1")); err != nil {
		t.Fatal(err)
	}
	again := withCode(f.Input("u2", "2026-11-19"), "ONCE")
	again.Contact.Email, again.EmailConfirmation = "MONA+again@example.com", "MONA+again@example.com"
	again.Contact.Phone = "+201119999999"
	if _, err := f.Orders.PlaceOrder(ctx, again, orderstest.UserMeta("u2")); !errors.Is(err, order.ErrPromoUsedByYou) {
		t.Fatalf("a second account, the same mailbox: error = %v, want used by you", err)
	}
	if held := f.Day(t, "2026-11-19").Taken(); held != 0 {
		t.Fatalf("a refused code held %d cars", held)
	}
	other := withCode(f.Input("u2", "2026-11-19"), "ONCE")
	other.Contact.Email, other.EmailConfirmation, other.Contact.Phone = "karim@example.com", "karim@example.com", "+201119999999"
	if _, err := f.Orders.PlaceOrder(ctx, other, orderstest.UserMeta("u2")); err != nil {
		t.Fatalf("another person: %v", err)
	}
}
