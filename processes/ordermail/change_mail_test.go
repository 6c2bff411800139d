package ordermail_test

import (
	"strings"
	"testing"
	"time"

	"mishwar/domain/money"
	"mishwar/domain/order"
	"mishwar/processes/ordermail"
)

var (
	economy = order.RatePlan{ID: "economy", Name: "Economy", NameAR: "اقتصادية"}
	minivan = order.RatePlan{ID: "minivan", Name: "Family minivan", NameAR: "ميني فان عائلية"}
	// 10:00 in Cairo.
	tripStart = time.Date(2026, 12, 14, 8, 0, 0, 0, time.UTC)
)

func tripOf(start time.Time, plan order.RatePlan, total int64) order.Trip {
	return order.Trip{StartAt: start, Day: "2026-12-14", RatePlan: plan, Quote: order.Quote{Total: money.New(total, money.EGP)},
		Itinerary: order.Itinerary{Start: order.Point{Name: "Tahrir"}, End: order.Point{Name: "Tahrir"}}}
}

// paidOrder is an order for trip, in lang, paid in full under a 24-hour, 50% cancellation policy.
func paidOrder(lang string, trip order.Trip) []order.Event {
	price := trip.Quote.Total
	return []order.Event{
		order.OrderPlaced{OrderID: "MSH-AAAAAA", UserID: "u1", Lang: lang, Source: order.SourceCart,
			Contact: order.Contact{FirstName: "Mona", LastName: "Hassan", Email: "mona@example.com"},
			Trip:    trip, DisplayCurrency: money.EGP, Reservation: "r1", HoldUntil: tripStart.Add(-47 * time.Hour), PlacedAt: tripStart.Add(-48 * time.Hour),
			Cancellation: order.Cancellation{FreeBefore: 24 * time.Hour, LateRefundBasisPoints: 5000}},
		order.PaymentRequested{PaymentID: "p1", Purpose: order.PurposeOrder, Provider: "sandbox", Amount: price, ExpiresAt: tripStart},
		order.PaymentReceived{PaymentID: "p1", Purpose: order.PurposeOrder, Provider: "sandbox", Amount: price, Confirms: true},
	}
}

// mailOf is the one e-mail e sends after history, its paragraphs as one text.
func mailOf(t *testing.T, history []order.Event, e order.Event) string {
	t.Helper()
	before := order.Decider.Fold(history)
	mails := ordermail.OrderMails(before, order.Evolve(before, e), e)
	if len(mails) != 1 {
		t.Fatalf("%T sends %d e-mails, want 1", e, len(mails))
	}
	return mails[0].Subject + "\n" + strings.Join(mails[0].Paragraphs, "\n")
}

// "Your trip has changed" says what changed: a change of car alone reads as one (the new car and the
// one it replaces, in the traveller's language), not as a trip that starts when it always did; and
// the difference says which way it went.
func TestTheChangeMailSaysWhatChangedAndWhichWayTheMoneyWent(t *testing.T) {
	t.Parallel()
	from := tripOf(tripStart, economy, 150000)
	for _, c := range []struct {
		name, lang string
		e          order.OrderExchanged
		want       []string
	}{
		{"a cheaper car at the same time", "en",
			order.OrderExchanged{From: from, To: tripOf(tripStart, minivan, 67960), Difference: money.New(-82040, money.EGP)},
			[]string{"keeps its time and now goes in another car. New total: 679.60 EGP.", "Your car: Family minivan (instead of Economy).",
				"The new trip costs less: 820.40 EGP will be refunded to your card."}},
		{"a cheaper car at the same time, in Arabic", "ar",
			order.OrderExchanged{From: from, To: tripOf(tripStart, minivan, 67960), Difference: money.New(-82040, money.EGP)},
			[]string{"في موعدها نفسه، وصارت بسيارة أخرى", "سيارتك: ميني فان عائلية (بدلًا من اقتصادية).", "سيتم استرداد ٨٢٠٫٤٠ ج.م"}},
		{"another time and a dearer car", "en",
			order.OrderExchanged{From: from, To: tripOf(tripStart.Add(24*time.Hour), minivan, 175460), Difference: money.New(25460, money.EGP)},
			[]string{"Your trip now starts on ", "Your car: Family minivan (instead of Economy).", "You paid 254.60 EGP for the change."}},
	} {
		got := mailOf(t, paidOrder(c.lang, from), c.e)
		for _, want := range c.want {
			if !strings.Contains(got, want) {
				t.Errorf("%s: lacks %q:\n%s", c.name, want, got)
			}
		}
	}
}

// A late cancellation's e-mail says the policy keeps its share of the trip's price and refunds the
// rest of what was paid, and why: after a goodwill refund the refund is less than half the price.
func TestALateCancellationsMailSaysThePolicyKeepsAShareOfThePrice(t *testing.T) {
	t.Parallel()
	trip := tripOf(tripStart, economy, 150000)
	late := order.OrderCancelled{Reason: "plans changed", ByUserID: "u1", InitiatedBy: order.InitiatedByTraveller, RefundBasisPoints: 5000,
		RefundDue: money.New(75000, money.EGP), Kept: money.New(75000, money.EGP), Reservation: "r1"}
	for lang, want := range map[string]string{
		"en": "750.00 EGP will be refunded to your card. Our cancellation policy keeps 50% of the trip's price when it is cancelled less than 24 hours before it starts, and refunds the rest of what you paid.",
		"ar": "تحتفظ سياسة الإلغاء لدينا بـ٥٠٪ من سعر الرحلة عند إلغائها قبل موعدها بأقل من ٢٤ ساعة، وتردّ إليك باقي ما دفعته.",
	} {
		if got := mailOf(t, paidOrder(lang, trip), late); !strings.Contains(got, want) {
			t.Errorf("%s: lacks %q:\n%s", lang, want, got)
		}
	}
	goodwill := append(paidOrder("en", trip),
		order.RefundOrdered{RefundID: "g1", PaymentID: "p1", Amount: money.New(20000, money.EGP), Reason: "goodwill", ByStaff: true, Concedes: money.New(20000, money.EGP)},
		order.RefundIssued{RefundID: "g1", PaymentID: "p1", Amount: money.New(20000, money.EGP), Reason: "goodwill", ProviderRef: "rf"})
	afterGoodwill := late
	afterGoodwill.RefundDue = money.New(55000, money.EGP)
	if got, want := mailOf(t, goodwill, afterGoodwill), "550.00 EGP will be refunded to your card. Our cancellation policy keeps 50% of the trip's price"; !strings.Contains(got, want) {
		t.Errorf("after a goodwill refund: lacks %q:\n%s", want, got)
	}
	// A goodwill refund larger than the policy's share: nothing more goes back, and the mail says why.
	bigGoodwill := append(paidOrder("en", trip),
		order.RefundOrdered{RefundID: "g2", PaymentID: "p1", Amount: money.New(100000, money.EGP), Reason: "goodwill", ByStaff: true, Concedes: money.New(100000, money.EGP)},
		order.RefundIssued{RefundID: "g2", PaymentID: "p1", Amount: money.New(100000, money.EGP), Reason: "goodwill", ProviderRef: "rf2"})
	nothing := late
	nothing.RefundDue, nothing.Kept = money.New(0, money.EGP), money.New(50000, money.EGP)
	if got, want := mailOf(t, bigGoodwill, nothing), "Nothing more comes back to you: what you still had paid, 500.00 EGP, is within what the policy keeps. Our cancellation policy keeps 50% of the trip's price"; !strings.Contains(got, want) {
		t.Errorf("late with nothing to refund: lacks %q:\n%s", want, got)
	}
	free := order.OrderCancelled{Reason: "plans changed", ByUserID: "u1", Free: true, RefundBasisPoints: 10000, RefundDue: money.New(150000, money.EGP), Reservation: "r1"}
	if got := mailOf(t, paidOrder("en", trip), free); strings.Contains(got, "cancellation policy") {
		t.Errorf("a free cancellation speaks of a share:\n%s", got)
	}
}

// The business cancelling (no driver, a fault of ours) tells the traveller we cancelled and everything
// they paid comes back, never the policy's share, however late.
func TestTheBusinessCancellingsMailSaysWeCancelledAndEverythingPaidGoesBack(t *testing.T) {
	t.Parallel()
	trip := tripOf(tripStart, economy, 150000)
	ours := order.OrderCancelled{Reason: "No driver available, our fault", ByStaff: true, InitiatedBy: order.InitiatedByBusiness, Free: true, RefundBasisPoints: 10000,
		RefundDue: money.New(150000, money.EGP), Kept: money.New(0, money.EGP), Reservation: "r1"}
	for lang, want := range map[string][]string{
		"en": {"We had to cancel your trip on ", "Everything you paid comes back to you: 1,500.00 EGP will be refunded to your card."},
		"ar": {"اضطررنا إلى إلغاء رحلتك يوم ", "يعود إليك كل ما دفعته: سيتم استرداد ١٬٥٠٠٫٠٠ ج.م إلى بطاقتك."},
	} {
		got := mailOf(t, paidOrder(lang, trip), ours)
		for _, w := range want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: lacks %q:\n%s", lang, w, got)
			}
		}
		if strings.Contains(got, "policy") || strings.Contains(got, "سياسة") || strings.Contains(got, "has been cancelled") {
			t.Errorf("%s: the business's cancellation reads as the traveller's:\n%s", lang, got)
		}
	}
	// After a goodwill refund, "everything you paid" names the refund made before beside the rest.
	goodwill := append(paidOrder("en", trip),
		order.RefundOrdered{RefundID: "g1", PaymentID: "p1", Amount: money.New(10000, money.EGP), Reason: "goodwill", ByStaff: true, Concedes: money.New(10000, money.EGP)},
		order.RefundIssued{RefundID: "g1", PaymentID: "p1", Amount: money.New(10000, money.EGP), Reason: "goodwill", ProviderRef: "rf"})
	rest := ours
	rest.RefundDue = money.New(140000, money.EGP)
	if got, want := mailOf(t, goodwill, rest), "Everything you paid comes back to you: 1,400.00 EGP will be refunded to your card, besides the 100.00 EGP refunded before."; !strings.Contains(got, want) {
		t.Errorf("after a goodwill refund: lacks %q:\n%s", want, got)
	}
}

// A traveller who asks for a refund is told the request arrived: how much, and the words they gave.
func TestARefundRequestIsAcknowledgedByMail(t *testing.T) {
	t.Parallel()
	trip := tripOf(tripStart, economy, 150000)
	asked := order.RefundRequested{Reason: "Driver was late by an hour", Amount: money.New(30000, money.EGP), ByUserID: "u1"}
	for lang, want := range map[string][]string{
		"en": {"We received your refund request for MSH-AAAAAA", "a refund of 300.00 EGP", "What you told us: Driver was late by an hour"},
		"ar": {"استلمنا طلب الاسترداد للطلب MSH-AAAAAA", "استرداد ٣٠٠٫٠٠ ج.م", "ما ذكرته لنا: Driver was late by an hour"},
	} {
		got := mailOf(t, paidOrder(lang, trip), asked)
		for _, w := range want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: lacks %q:\n%s", lang, w, got)
			}
		}
	}
}
