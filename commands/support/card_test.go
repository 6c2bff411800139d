package support

import (
	"context"
	"testing"
	"time"

	"mishwar/domain/money"
	"mishwar/domain/order"
	"mishwar/internal/i18n"
)

// A flag an order raised stays on its card once settled, but no longer as "needs attention": the
// card follows the order's own rule, as the staff's order page does.
func TestTheCardSaysAFlagWasSettledOnceItWas(t *testing.T) {
	t.Parallel()
	price := money.New(150000, money.EGP)
	start := time.Date(2026, 12, 2, 8, 0, 0, 0, time.UTC)
	flagged := []order.Event{
		order.OrderPlaced{OrderID: "MSH-AAAAAA", UserID: "u1", Lang: "en", Source: order.SourceCart,
			Contact: order.Contact{FirstName: "Mona", LastName: "Hassan", Email: "mona@example.com", Phone: "+201001234567", Country: "EG"},
			Trip: order.Trip{StartAt: start, Day: "2026-12-02", Quote: order.Quote{Total: price},
				Itinerary: order.Itinerary{Start: order.Point{Name: "Tahrir"}, End: order.Point{Name: "Tahrir"}}},
			DisplayCurrency: money.EGP, Reservation: "r1", HoldUntil: start, PlacedAt: start.Add(-48 * time.Hour)},
		order.PaymentRequested{PaymentID: "p1", Purpose: order.PurposeOrder, Provider: "sandbox", Amount: price, RedirectURL: "/pay/p1", ExpiresAt: start},
		order.PaymentReceived{PaymentID: "p1", Purpose: order.PurposeOrder, Provider: "sandbox", ProviderRef: "ref-p1", Amount: price, Confirms: true},
		order.PaymentRequested{PaymentID: "p2", Purpose: order.PurposeOrder, Provider: "sandbox", Amount: price, RedirectURL: "/pay/p2", ExpiresAt: start},
		order.PaymentReceived{PaymentID: "p2", Purpose: order.PurposeOrder, Provider: "sandbox", ProviderRef: "ref-p2", Amount: price},
		order.OrderNeedsAttention{Reason: order.AttentionDuplicatePayment, PaymentID: "p2", Amount: price},
	}
	settled := append(append([]order.Event(nil), flagged...),
		order.RefundOrdered{RefundID: "r1", PaymentID: "p2", Amount: price, Reason: "duplicate", ByStaff: true},
		order.RefundIssued{RefundID: "r1", PaymentID: "p2", Amount: price, ProviderRef: "rf-1"})
	keys := func(events []order.Event) map[string]string {
		s := order.Decider.Fold(events)
		fields, err := card(i18n.En, s, newPeople(context.Background(), nil, i18n.En))
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]string{}
		for _, f := range fields {
			out[f.Key] = f.Label + ": " + f.Value
		}
		return out
	}
	if got := keys(flagged); got["attention"] != "Needs attention: paid twice" || got["attention_settled"] != "" {
		t.Fatalf("while it waits: %q / %q", got["attention"], got["attention_settled"])
	}
	if got := keys(settled); got["attention"] != "" || got["attention_settled"] != "Flagged, now settled: paid twice" {
		t.Fatalf("once refunded: %q / %q", got["attention"], got["attention_settled"])
	}
}
