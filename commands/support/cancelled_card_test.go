package support_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	"mishwar/commands/support"
	"mishwar/domain/account"
	"mishwar/domain/money"
	"mishwar/domain/order"
	"mishwar/eventstore"
	"mishwar/internal/i18n"
)

// cancelledOrder is a paid order of EGP 770.40 then cancelled with cancel; its events are recorded
// a minute apart from 06:01 UTC on 2 Dec 2026 (08:0x in Cairo), the cancellation the fourth.
func cancelledOrder(t *testing.T, cancel order.OrderCancelled, actor, role string) support.Application {
	t.Helper()
	r := registry()
	eventstore.Register[order.OrderCancelled](r, "OrderCancelled", 1)
	l := &log{streams: map[string][]eventstore.RecordedEvent{}}
	const num = "MSH-7K3Q9P"
	ord := eventstore.StreamID("order", num)
	start := time.Date(2026, 12, 9, 7, 0, 0, 0, time.UTC)
	price := money.New(77040, money.EGP)
	l.append(t, r, ord, order.OrderPlaced{OrderID: num, Lang: "en", Source: order.SourceCart,
		Contact: order.Contact{FirstName: "Mona", LastName: "Hassan", Email: "mona@example.com", Phone: "+201001234567", Country: "EG"},
		Trip: order.Trip{StartAt: start, Day: "2026-12-09", Quote: order.Quote{Total: price},
			Itinerary: order.Itinerary{Start: order.Point{Name: "Tahrir"}, End: order.Point{Name: "Tahrir"}}},
		Cancellation:    order.Cancellation{FreeBefore: 24 * time.Hour, LateRefundBasisPoints: 5000},
		DisplayCurrency: money.EGP, Reservation: "r1", HoldUntil: start, PlacedAt: start.Add(-48 * time.Hour)}, "", "user")
	l.append(t, r, ord, order.PaymentRequested{PaymentID: "p1", Purpose: order.PurposeOrder, Provider: "sandbox", Amount: price, RedirectURL: "/pay/p1", ExpiresAt: start}, "", "user")
	l.append(t, r, ord, order.PaymentReceived{PaymentID: "p1", Purpose: order.PurposeOrder, Provider: "sandbox", ProviderRef: "ref", Amount: price, Confirms: true}, "system", "system")
	l.append(t, r, ord, cancel, actor, role)
	return support.New(support.Config{Events: l, Registry: r, Accounts: accounts{}})
}

func line(fields []support.Field, key string) (support.Field, int) {
	for i, f := range fields {
		if f.Key == key {
			return f, i
		}
	}
	return support.Field{}, -1
}

// A cancelled order's card says who cancelled it (the traveller, staff at their request, the
// business), when on Cairo's clock, and what the business kept of what was paid, in English and
// Arabic, right under its status; before the cancellation (replayed) the card has no such line.
func TestACancelledOrdersCardSaysWhoCancelledItWhenAndWhatTheBusinessKept(t *testing.T) {
	t.Parallel()
	egp := func(minor int64) money.Money { return money.New(minor, money.EGP) }
	traveller := uuid.New().String()
	staff := uuid.New().String()
	for _, c := range []struct {
		name        string
		cancel      order.OrderCancelled
		actor, role string
		lang        i18n.Lang
		want        string
	}{
		{"late, by the traveller", order.OrderCancelled{Reason: "ill", ByUserID: traveller, InitiatedBy: order.InitiatedByTraveller, RefundBasisPoints: 5000, RefundDue: egp(38520), Kept: egp(38520)},
			traveller, account.RoleUser, i18n.En, "Cancelled by the traveller on Wed 2 Dec 2026, 08:04 Cairo time — the business kept EGP 385.20"},
		{"late, by the traveller, in Arabic", order.OrderCancelled{Reason: "ill", ByUserID: traveller, InitiatedBy: order.InitiatedByTraveller, RefundBasisPoints: 5000, RefundDue: egp(38520), Kept: egp(38520)},
			traveller, account.RoleUser, i18n.Ar, "ألغاه المسافر في الأربعاء ٢ ديسمبر ٢٠٢٦، ٨:٠٤ ص بتوقيت القاهرة — احتفظت الشركة بـ٣٨٥٫٢٠ ج.م"},
		{"by staff at the traveller's request", order.OrderCancelled{Reason: "phoned", ByStaff: true, InitiatedBy: order.InitiatedByTraveller, RefundBasisPoints: 5000, RefundDue: egp(38520), Kept: egp(38520)},
			staff, account.RoleSupport, i18n.En, "Cancelled by staff at the traveller's request on Wed 2 Dec 2026, 08:04 Cairo time — the business kept EGP 385.20"},
		{"by the business", order.OrderCancelled{Reason: "no driver", ByStaff: true, InitiatedBy: order.InitiatedByBusiness, Free: true, RefundBasisPoints: 10000, RefundDue: egp(77040), Kept: egp(0)},
			staff, account.RoleAdmin, i18n.En, "Cancelled by the business on Wed 2 Dec 2026, 08:04 Cairo time — the business kept EGP 0.00"},
		{"by the business, in Arabic", order.OrderCancelled{Reason: "no driver", ByStaff: true, InitiatedBy: order.InitiatedByBusiness, Free: true, RefundBasisPoints: 10000, RefundDue: egp(77040), Kept: egp(0)},
			staff, account.RoleAdmin, i18n.Ar, "ألغته الشركة في الأربعاء ٢ ديسمبر ٢٠٢٦، ٨:٠٤ ص بتوقيت القاهرة — احتفظت الشركة بـ٠٫٠٠ ج.م"},
		// Recorded before cancellations said what they kept: what was paid less what it refunded.
		{"recorded before kept was", order.OrderCancelled{Reason: "ill", ByUserID: traveller, RefundBasisPoints: 5000, RefundDue: egp(38520)},
			traveller, account.RoleUser, i18n.En, "Cancelled by the traveller on Wed 2 Dec 2026, 08:04 Cairo time — the business kept EGP 385.20"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			app := cancelledOrder(t, c.cancel, c.actor, c.role)
			h, err := app.Queries.OrderHistory.Handle(context.Background(), "MSH-7K3Q9P", "", c.lang)
			if err != nil {
				t.Fatal(err)
			}
			got, at := line(h.Card, "cancelled")
			if got.Value != c.want {
				t.Fatalf("the card's cancellation line:\n got %q\nwant %q", got.Value, c.want)
			}
			if _, status := line(h.Card, "status"); at != status+1 {
				t.Fatalf("the line is at %d, the status at %d: it belongs right under the status", at, status)
			}
			if got.Label == "" || got.Label == "support.field.cancelled" {
				t.Fatalf("the line has no label: %q", got.Label)
			}
			// The cancellation's own event carries the line in its card (the console's "what it changed").
			if f, _ := line(h.Events[3].Fields, "cancelled"); f.Value != c.want {
				t.Fatalf("the cancellation's card: %q", f.Value)
			}
			// As the order was before it was cancelled, nothing says it was.
			before, err := app.Queries.OrderHistory.Handle(context.Background(), "MSH-7K3Q9P", "2", c.lang)
			if err != nil {
				t.Fatal(err)
			}
			if f, at := line(before.Card, "cancelled"); at >= 0 {
				t.Fatalf("replayed before the cancellation, the card says %q", f.Value)
			}
		})
	}
}
