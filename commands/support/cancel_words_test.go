package support

import (
	"context"
	"testing"
	"time"

	"mishwar/domain/money"
	"mishwar/domain/order"
	"mishwar/internal/i18n"
)

// paidAt is an order of price placed under a policy free until 24 hours before, refunding 50% of
// the price after that, and paid in full.
func paidAt(price int64) []order.Event {
	placed := placedOn(tripOn(monday, economy, price), nil)
	placed.Cancellation = order.Cancellation{FreeBefore: 24 * time.Hour, LateRefundBasisPoints: 5000}
	amount := money.New(price, money.EGP)
	return []order.Event{placed,
		order.PaymentRequested{PaymentID: "p1", Purpose: order.PurposeOrder, Provider: "sandbox", Amount: amount, ExpiresAt: monday},
		order.PaymentReceived{PaymentID: "p1", Purpose: order.PurposeOrder, Provider: "sandbox", ProviderRef: "ref", Amount: amount, Confirms: true},
	}
}

func egp(minor int64) money.Money { return money.New(minor, money.EGP) }

// A cancellation says what it did with the money as the event recorded it: late, the policy keeps
// its share of the price and the rest of what was paid goes back (not a share of what was paid);
// the business cancelling gives everything back; one recorded before cancellations said what they
// keep reads as it was decided then, a share of what was paid.
func TestACancellationSaysWhoItWasForAndWhatThePolicyKept(t *testing.T) {
	t.Parallel()
	paid := paidAt(77040)
	// A goodwill refund of 500 came first: of the 270.40 still paid the policy keeps all.
	goodwill := append(append([]order.Event(nil), paid...),
		order.RefundOrdered{RefundID: "g1", PaymentID: "p1", Amount: egp(50000), Reason: "goodwill", ByStaff: true, Concedes: egp(50000)},
		order.RefundIssued{RefundID: "g1", PaymentID: "p1", Amount: egp(50000), Reason: "goodwill", ProviderRef: "rf"})
	late := order.OrderCancelled{Reason: "ill", ByUserID: "u1", InitiatedBy: order.InitiatedByTraveller, RefundBasisPoints: 5000,
		RefundDue: egp(38520), Kept: egp(38520), Reservation: "r1"}
	for _, c := range []struct {
		name    string
		lang    i18n.Lang
		history []order.Event
		e       order.OrderCancelled
		want    string
	}{
		{"late, by the traveller", i18n.En, paid, late,
			"Cancelled late by Traveller (ill): the policy keeps 50% of the price, EGP 385.20, and refunds the rest of what was paid: EGP 385.20."},
		{"late, by the traveller, in Arabic", i18n.Ar, paid, late,
			"ألغاه مسافر متأخرًا (ill): تحتفظ السياسة بـ٥٠٪ من السعر، ٣٨٥٫٢٠ ج.م، ويُسترد باقي ما دُفع: ٣٨٥٫٢٠ ج.م."},
		{"late, after a goodwill refund larger than what goes back", i18n.En, goodwill,
			order.OrderCancelled{Reason: "ill", ByUserID: "u1", InitiatedBy: order.InitiatedByTraveller, RefundBasisPoints: 5000, RefundDue: egp(0), Kept: egp(27040)},
			"Cancelled late by Traveller (ill): the policy keeps 50% of the price; EGP 270.40 was still paid and is all kept: nothing to refund."},
		{"late, by the traveller, who gave no reason", i18n.En, paid,
			order.OrderCancelled{ByUserID: "u1", InitiatedBy: order.InitiatedByTraveller, RefundBasisPoints: 5000, RefundDue: egp(38520), Kept: egp(38520)},
			"Cancelled late by Traveller (no reason given): the policy keeps 50% of the price, EGP 385.20, and refunds the rest of what was paid: EGP 385.20."},
		{"late, staff at the traveller's request", i18n.En, paid,
			order.OrderCancelled{Reason: "phoned", ByStaff: true, InitiatedBy: order.InitiatedByTraveller, RefundBasisPoints: 5000, RefundDue: egp(38520), Kept: egp(38520)},
			"Cancelled late by staff at the traveller's request (phoned): the policy keeps 50% of the price, EGP 385.20, and refunds the rest of what was paid: EGP 385.20."},
		{"late, for the business", i18n.En, paid,
			order.OrderCancelled{Reason: "no driver", ByStaff: true, InitiatedBy: order.InitiatedByBusiness, Free: true, RefundBasisPoints: 10000, RefundDue: egp(77040), Kept: egp(0)},
			"Cancelled by staff for the business (no driver): everything still paid goes back, EGP 770.40 to refund."},
		{"late, for the business, in Arabic", i18n.Ar, paid,
			order.OrderCancelled{Reason: "no driver", ByStaff: true, InitiatedBy: order.InitiatedByBusiness, Free: true, RefundBasisPoints: 10000, RefundDue: egp(77040), Kept: egp(0)},
			"ألغاه فريق العمل باسم الشركة (no driver): يُردّ كل ما بقي مدفوعًا، ويُسترد ٧٧٠٫٤٠ ج.م."},
		{"free, by the traveller", i18n.En, paid,
			order.OrderCancelled{Reason: "plans changed", ByUserID: "u1", InitiatedBy: order.InitiatedByTraveller, Free: true, RefundBasisPoints: 10000, RefundDue: egp(77040), Kept: egp(0)},
			"Cancelled by Traveller (plans changed), free of charge: EGP 770.40 to refund."},
		{"late, recorded before cancellations said what they keep", i18n.En, paid,
			order.OrderCancelled{Reason: "ill", ByUserID: "u1", RefundBasisPoints: 5000, RefundDue: egp(38520)},
			"Cancelled by Traveller (ill): EGP 385.20 to refund (50% of what was paid)."},
		{"under way", i18n.En, paid,
			order.OrderCancelled{Reason: "breakdown", ByStaff: true, Underway: true, RefundDue: egp(0)},
			"Cancelled by staff (breakdown) after the trip had started: the policy refunds nothing; any refund is staff's own."},
	} {
		if got := saying(t, c.lang, c.history, c.e); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, c.want)
		}
	}
}

// The card says the late cancellation as the policy has it: a share of the price kept, the rest of
// what was paid refunded; not a share of what was paid.
func TestTheCardSaysALateCancellationKeepsAShareOfThePrice(t *testing.T) {
	t.Parallel()
	for lang, want := range map[i18n.Lang]string{
		i18n.En: "Late cancellation: 50% of the price is kept, the rest of what was paid refunded",
		i18n.Ar: "الإلغاء المتأخر: يُحتفظ بـ٥٠٪ من السعر ويُسترد باقي ما دُفع",
	} {
		s := order.Decider.Fold(paidAt(77040))
		fields, err := card(lang, s, newPeople(context.Background(), nil, lang))
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		for _, f := range fields {
			if f.Key == "late_refund" {
				got = f.Label + ": " + f.Value
			}
		}
		if got != want {
			t.Errorf("%s: got %q, want %q", lang, got, want)
		}
	}
}
