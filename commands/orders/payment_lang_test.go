package orders_test

import (
	"context"
	"sync"
	"testing"

	"mishwar/adapters/payments"
	orderscmd "mishwar/commands/orders"
	"mishwar/commands/orders/orderstest"
	"mishwar/domain/order"
	"mishwar/domain/payment"
)

// langProvider is the sandbox behind a port that keeps the language each session was opened in.
type langProvider struct {
	*payments.Sandbox
	mu    sync.Mutex
	langs []string
}

func (l *langProvider) CreateSession(ctx context.Context, req payment.SessionRequest) (payment.Session, error) {
	l.mu.Lock()
	l.langs = append(l.langs, req.Lang+" "+req.Description)
	l.mu.Unlock()
	return l.Sandbox.CreateSession(ctx, req)
}

func (l *langProvider) last() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.langs) == 0 {
		return ""
	}
	return l.langs[len(l.langs)-1]
}

// A traveller who booked in English and now reads Arabic pays an exchange's difference on an Arabic
// payment page; a session asked for without a language keeps the order's.
func TestAPaymentPageSpeaksTheLanguageTheTravellerAsksToPayIn(t *testing.T) {
	t.Parallel()
	lp := &langProvider{}
	f := orderstest.NewWith(t, 1, orderstest.Options{Provider: func(sb *payments.Sandbox) orderscmd.PaymentProvider {
		lp.Sandbox = sb
		return lp
	}})
	f.FillCart(t, "u1")
	ctx := context.Background()

	// Given an order placed in English and paid,
	p := paidOrder(t, f, "u1", "2026-11-18")
	if got := lp.last(); got != "en Mishwar trip "+p.OrderID {
		t.Fatalf("the order's own session opened as %q", got)
	}
	// when the traveller, now reading Arabic, moves it to a dearer car class,
	van := f.RatePlan(t, "Van", 2400, 10000, 2)
	meta := orderstest.UserMeta("u1")
	meta.Lang = "ar"
	out, err := f.Orders.ExchangeOrder(ctx, orderscmd.ExchangeInput{OrderID: p.OrderID, Actor: order.Actor{UserID: "u1"}, Date: "2026-11-20", Time: "10:00", RatePlanID: van.String()}, meta)
	if err != nil || out.PaymentURL == "" {
		t.Fatalf("dearer exchange: %+v %v", out, err)
	}
	// then the difference's payment page is opened in Arabic, and the order remembers it so.
	if got := lp.last(); got != "ar رحلة مشوار "+p.OrderID {
		t.Fatalf("the exchange's session opened as %q", got)
	}
	x, _ := f.Order(t, p.OrderID).PendingExchange()
	if sess, ok := f.Order(t, p.OrderID).Session(x.PaymentID); !ok || sess.Lang != "ar" {
		t.Fatalf("session %+v", sess)
	}
}
