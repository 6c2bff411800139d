package order_test

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/google/uuid"

	"mishwar/domain/catalogue"
	"mishwar/domain/order"
)

var (
	offerID   = "0b0f2c56-8a4e-4f07-9c55-0d1f4b1c0a10"
	programID = uuid.MustParse("6a8e1c1f-6a55-4a5e-8b39-3c7d8f3e2b11")
)

// winter is a 10% offer behind WINTER10, valid through December 2026 (Cairo days).
func winter() order.Offer {
	return order.Offer{ID: offerID, Fields: catalogue.OfferFields{
		Title: catalogue.Text{En: "Winter", Ar: "شتاء"}, Kind: catalogue.DiscountPercent, PercentBasisPoints: 1000,
		PromoCode: "WINTER10", ValidFrom: "2026-11-16", ValidUntil: "2026-12-31", AppliesTo: catalogue.AppliesToAll, Active: true,
		LimitPerCustomer: 1, LimitTotal: 100,
	}}
}

// tenOff is WINTER10 applied to the test trip's 1,500 EGP.
var tenOff = order.Discount{Code: "WINTER10", OfferID: offerID, Kind: catalogue.DiscountPercent, BasisPoints: 1000,
	AmountOff: egp(15000), PriceBefore: price, PriceAfter: egp(135000), LimitPerCustomer: 1, LimitTotal: 100}

func TestAPromoCodeTakesItsOfferOffThePriceWhileItIsValid(t *testing.T) {
	offer := func(change func(*catalogue.OfferFields)) order.Offer {
		o := winter()
		change(&o.Fields)
		return o
	}
	onProgram := trip(startAt, price.Minor)
	onProgram.Itinerary.ProgramID = programID.String()
	cases := []struct {
		name  string
		offer order.Offer
		code  string
		trip  order.Trip
		at    time.Time
		want  order.Discount
		error error
	}{
		{name: "typed in any case, with spaces", offer: winter(), code: "  winter10 ", want: tenOff},
		{name: "on its first Cairo day (before midnight UTC)", offer: winter(), code: "WINTER10",
			at: time.Date(2026, 11, 16, 0, 30, 0, 0, catalogue.Cairo), want: tenOff},
		{name: "on its last Cairo day, late in the evening", offer: winter(), code: "WINTER10",
			at: time.Date(2026, 12, 31, 23, 30, 0, 0, catalogue.Cairo), want: tenOff},
		{name: "the day after its last Cairo day it has expired", offer: winter(), code: "WINTER10",
			at: time.Date(2027, 1, 1, 0, 30, 0, 0, catalogue.Cairo), error: order.ErrPromoExpired},
		{name: "before its first day it is not valid yet", offer: offer(func(f *catalogue.OfferFields) { f.ValidFrom = "2026-12-01" }), code: "WINTER10",
			error: order.ErrPromoNotYetValid},
		{name: "an inactive offer's code is unknown", offer: offer(func(f *catalogue.OfferFields) { f.Active = false }), code: "WINTER10",
			error: order.ErrPromoUnknown},
		{name: "another code is unknown", offer: winter(), code: "SUMMER10", error: order.ErrPromoUnknown},
		{name: "an offer on programs refuses a trip of one's own", offer: offer(func(f *catalogue.OfferFields) {
			f.AppliesTo, f.ProgramIDs = catalogue.AppliesToPrograms, []uuid.UUID{programID}
		}), code: "WINTER10", error: order.ErrPromoNotApplicable},
		{name: "an offer on programs takes its discount off the program", offer: offer(func(f *catalogue.OfferFields) {
			f.AppliesTo, f.ProgramIDs = catalogue.AppliesToPrograms, []uuid.UUID{programID}
		}), code: "WINTER10", trip: onProgram, want: func() order.Discount {
			d := tenOff
			d.AppliesTo, d.ProgramIDs = catalogue.AppliesToPrograms, []string{programID.String()}
			return d
		}()},
		{name: "an offer on another rate plan refuses this one", offer: offer(func(f *catalogue.OfferFields) {
			f.AppliesTo, f.RatePlanIDs = catalogue.AppliesToRatePlans, []uuid.UUID{uuid.New()}
		}), code: "WINTER10", error: order.ErrPromoNotApplicable},
		{name: "an amount offer takes its amount off", offer: offer(func(f *catalogue.OfferFields) {
			f.Kind, f.PercentBasisPoints, f.Amount = catalogue.DiscountAmount, 0, egp(20000)
		}), code: "WINTER10", want: order.Discount{Code: "WINTER10", OfferID: offerID, Kind: catalogue.DiscountAmount, Fixed: egp(20000),
			AmountOff: egp(20000), PriceBefore: price, PriceAfter: egp(130000), LimitPerCustomer: 1, LimitTotal: 100}},
		{name: "a discount never takes the whole price", offer: offer(func(f *catalogue.OfferFields) { f.PercentBasisPoints = 10000 }), code: "WINTER10",
			want: order.Discount{Code: "WINTER10", OfferID: offerID, Kind: catalogue.DiscountPercent, BasisPoints: 10000,
				AmountOff: egp(price.Minor - 100), PriceBefore: price, PriceAfter: egp(100), LimitPerCustomer: 1, LimitTotal: 100}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr := c.trip
			if tr.Quote.Total.Minor == 0 {
				tr = trip(startAt, price.Minor)
			}
			at := c.at
			if at.IsZero() {
				at = now
			}
			got, err := order.ApplyPromo(c.offer, c.code, tr, at)
			if !errors.Is(err, c.error) || (c.error == nil && err != nil) {
				t.Fatalf("error = %v, want %v", err, c.error)
			}
			if c.error == nil && !reflect.DeepEqual(got, c.want) {
				t.Fatalf("discount\n got %+v\nwant %+v", got, c.want)
			}
		})
	}
}

func discounted() order.OrderPlaced {
	p := placed()
	d := tenOff
	p.Promo = &d
	return p
}

func TestAnOrderPlacedWithAPromoCodeChargesAndRefundsWhatWasPaid(t *testing.T) {
	me := order.Actor{UserID: owner}
	after := tenOff.PriceAfter
	paid := []order.Event{discounted(), order.PaymentRequested{PaymentID: "p1", Purpose: order.PurposeOrder, Provider: "sandbox", Amount: after,
		RedirectURL: "/pay/sandbox/p1", ExpiresAt: now.Add(30 * time.Minute).UTC()}, received("p1", after)}
	withPromo := place()
	d := tenOff
	withPromo.Promo = &d
	forged := place()
	bad := tenOff
	bad.PriceAfter = egp(100)
	forged.Promo = &bad
	later := time.Date(2026, 11, 25, 11, 0, 0, 0, cairo)
	dearer := trip(later, 180000)
	dearerOff := tenOff.On(dearer.Quote.Total)
	run(t, []tc{
		{name: "the discount is recorded with the order", when: withPromo, then: []order.Event{discounted()}},
		{name: "a discount that is not the offer's on this price is refused", when: forged, wantErr: order.ErrInvalidOrder},
		{name: "the payment asked for is the price after the discount", given: []order.Event{discounted()},
			when: order.RequestPayment{PaymentID: "p1", Purpose: order.PurposeOrder, Provider: "sandbox", Amount: after, RedirectURL: "/pay/sandbox/p1"},
			then: []order.Event{order.PaymentRequested{PaymentID: "p1", Purpose: order.PurposeOrder, Provider: "sandbox", Amount: after, RedirectURL: "/pay/sandbox/p1"}}},
		{name: "the undiscounted price is not what is asked", given: []order.Event{discounted()},
			when:    order.RequestPayment{PaymentID: "p1", Purpose: order.PurposeOrder, Provider: "sandbox", Amount: price, RedirectURL: "/pay/sandbox/p1"},
			wantErr: order.ErrInvalidAmount},
		{name: "a free cancellation refunds what was paid", given: paid,
			when: order.CancelOrder{Actor: me, Reason: "plans changed", RefundID: "c1"},
			then: []order.Event{order.OrderCancelled{Reason: "plans changed", ByUserID: owner, Free: true, RefundBasisPoints: 10000, RefundDue: after, Kept: egp(0), Reservation: "res-1", InitiatedBy: order.InitiatedByTraveller},
				order.RefundOrdered{RefundID: "c1", PaymentID: "p1", Amount: after, Reason: "cancellation", ByUserID: owner}}},
		{name: "a late cancellation keeps the rest of the share of the price after the discount", given: paid, at: startAt.Add(-2 * time.Hour),
			when: order.CancelOrder{Actor: me, Reason: "plans changed", RefundID: "c1"},
			then: []order.Event{order.OrderCancelled{Reason: "plans changed", ByUserID: owner, RefundBasisPoints: 5000, RefundDue: egp(after.Minor / 2),
				Kept: egp(after.Minor - after.Minor/2), Reservation: "res-1", InitiatedBy: order.InitiatedByTraveller},
				order.RefundOrdered{RefundID: "c1", PaymentID: "p1", Amount: egp(after.Minor / 2), Reason: "cancellation", ByUserID: owner}}},
		{name: "an exchange keeps the discount: the difference is between discounted prices", given: paid,
			when: order.ExchangeOrder{ExchangeID: "x1", Actor: me, To: dearer, NewReservation: "res-2", Policy: policy, ServiceHours: hours},
			then: []order.Event{order.ExchangeRequested{ExchangeID: "x1", To: dearer, NewReservation: "res-2",
				Difference: egp(dearerOff.PriceAfter.Minor - after.Minor), HoldUntil: now.Add(30 * time.Minute).UTC(), Promo: &dearerOff}}},
	})
}

func TestAnExchangedDiscountedOrderOwesBackWhatItsNewPriceLeaves(t *testing.T) {
	me := order.Actor{UserID: owner}
	after := tenOff.PriceAfter
	paid := []order.Event{discounted(), order.PaymentRequested{PaymentID: "p1", Purpose: order.PurposeOrder, Provider: "sandbox", Amount: after,
		RedirectURL: "/pay/sandbox/p1"}, received("p1", after)}
	cheaper := trip(time.Date(2026, 11, 25, 11, 0, 0, 0, cairo), 120000)
	s := order.Decider.Fold(paid)
	if s.Price() != after || s.Owed().Minor != 0 {
		t.Fatalf("paid order: price %v owed %v", s.Price(), s.Owed())
	}
	evs, err := order.Decide(s, order.ExchangeOrder{ExchangeID: "x1", Actor: me, To: cheaper, NewReservation: "res-2", Policy: policy, ServiceHours: hours}, now)
	if err != nil {
		t.Fatal(err)
	}
	s = order.Decider.Fold(append(paid, evs...))
	// 1,200 EGP less 10% is 1,080 EGP; 1,350 EGP was paid: 270 EGP is owed back.
	if s.Price() != egp(108000) || s.Owed() != egp(27000) || s.Promo().AmountOff != egp(12000) {
		t.Fatalf("exchanged: price %v owed %v promo %+v", s.Price(), s.Owed(), s.Promo())
	}
}

// Given an order paid with a code whose offer names its rate plan, when the trip is exchanged for
// another rate plan, then the new trip is charged in full (the offer is not for it), and exchanged
// back to the offer's plan, the discount applies again.
func TestAnExchangeToARatePlanTheOfferDoesNotNameChargesTheFullPrice(t *testing.T) {
	me := order.Actor{UserID: owner}
	placedOn := discounted()
	d := *placedOn.Promo
	d.AppliesTo, d.RatePlanIDs = catalogue.AppliesToRatePlans, []string{placedOn.Trip.RatePlan.ID}
	placedOn.Promo = &d
	after := d.PriceAfter
	paid := []order.Event{placedOn, order.PaymentRequested{PaymentID: "p1", Purpose: order.PurposeOrder, Provider: "sandbox", Amount: after,
		RedirectURL: "/pay/sandbox/p1"}, received("p1", after)}
	premium := withPlan(trip(time.Date(2026, 11, 25, 11, 0, 0, 0, cairo), 180000), "premium")
	evs, err := order.Decide(order.Decider.Fold(paid), order.ExchangeOrder{ExchangeID: "x1", Actor: me, To: premium, NewReservation: "res-2", Policy: policy, ServiceHours: hours}, now)
	if err != nil {
		t.Fatal(err)
	}
	req, ok := evs[0].(order.ExchangeRequested)
	if !ok || req.Promo != nil || req.Difference != egp(180000-after.Minor) {
		t.Fatalf("exchange to another rate plan: %#v", evs)
	}
	back := withPlan(trip(time.Date(2026, 11, 25, 11, 0, 0, 0, cairo), 150000), placedOn.Trip.RatePlan.ID)
	evs, err = order.Decide(order.Decider.Fold(paid), order.ExchangeOrder{ExchangeID: "x2", Actor: me, To: back, NewReservation: "res-3", Policy: policy, ServiceHours: hours}, now)
	if err != nil {
		t.Fatal(err)
	}
	done, ok := evs[0].(order.OrderExchanged) // the same price after the discount: nothing to pay or give back
	if !ok || done.Promo == nil || done.Promo.PriceAfter != after {
		t.Fatalf("exchange on the offer's rate plan: %#v", evs)
	}
}

func redeem(id, customer string) order.Redeem {
	return order.Redeem{OrderID: id, Customer: customer, Code: "WINTER10", LimitPerCustomer: 2, LimitTotal: 3}
}

func TestAPromoCodeIsUsedWithinItsLimitsPerCustomerAndInTotal(t *testing.T) {
	used := func(id, customer string) order.PromoRedeemed {
		return order.PromoRedeemed{OrderID: id, Customer: customer, Code: "WINTER10"}
	}
	cases := []struct {
		name  string
		given []order.RedemptionsEvent
		when  order.RedemptionsCommand
		then  []order.RedemptionsEvent
		error error
	}{
		{name: "a first use counts", when: redeem("o1", "u1"), then: []order.RedemptionsEvent{used("o1", "u1")}},
		{name: "the same order again changes nothing", given: []order.RedemptionsEvent{used("o1", "u1")}, when: redeem("o1", "u1")},
		{name: "a customer at their limit is refused", given: []order.RedemptionsEvent{used("o1", "u1"), used("o2", "u1")},
			when: redeem("o3", "u1"), error: order.ErrPromoUsedByYou},
		{name: "another customer still may", given: []order.RedemptionsEvent{used("o1", "u1"), used("o2", "u1")},
			when: redeem("o3", "u2"), then: []order.RedemptionsEvent{used("o3", "u2")}},
		{name: "at the total limit everyone is refused", given: []order.RedemptionsEvent{used("o1", "u1"), used("o2", "u2"), used("o3", "u3")},
			when: redeem("o4", "u4"), error: order.ErrPromoUsedUp},
		{name: "a use given back frees its place", given: []order.RedemptionsEvent{used("o1", "u1"), used("o2", "u2"), used("o3", "u3"),
			order.PromoGivenBack{OrderID: "o2", Customer: "u2", Reason: order.PromoBackCancelled}},
			when: redeem("o4", "u4"), then: []order.RedemptionsEvent{used("o4", "u4")}},
		{name: "a cancelled order gives its use back", given: []order.RedemptionsEvent{used("o1", "u1")},
			when: order.GiveBack{OrderID: "o1", Reason: order.PromoBackCancelled},
			then: []order.RedemptionsEvent{order.PromoGivenBack{OrderID: "o1", Customer: "u1", Reason: order.PromoBackCancelled}}},
		{name: "a use given back twice is given back once", given: []order.RedemptionsEvent{used("o1", "u1"),
			order.PromoGivenBack{OrderID: "o1", Customer: "u1", Reason: order.PromoBackCancelled}},
			when: order.GiveBack{OrderID: "o1", Reason: order.PromoBackExpired}},
		{name: "a cancelled order's use is not counted again by a late follow-up of its payment", given: []order.RedemptionsEvent{used("o1", "u1"),
			order.PromoGivenBack{OrderID: "o1", Customer: "u1", Reason: order.PromoBackCancelled}},
			when: redeem("o1", "u1")},
		{name: "a failed payment's use is counted again once the order is paid", given: []order.RedemptionsEvent{used("o1", "u1"),
			order.PromoGivenBack{OrderID: "o1", Customer: "u1", Reason: order.PromoBackFailed}},
			when: redeem("o1", "u1"), then: []order.RedemptionsEvent{used("o1", "u1")}},
		{name: "no limits: any number of uses", given: []order.RedemptionsEvent{used("o1", "u1"), used("o2", "u1"), used("o3", "u1")},
			when: order.Redeem{OrderID: "o4", Customer: "u1", Code: "WINTER10"}, then: []order.RedemptionsEvent{used("o4", "u1")}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := order.Redemptions.Decide(order.Redemptions.Fold(c.given), c.when, now)
			if !errors.Is(err, c.error) || (c.error == nil && err != nil) {
				t.Fatalf("error = %v, want %v", err, c.error)
			}
			if len(got) != len(c.then) || (len(got) > 0 && !reflect.DeepEqual(got, c.then)) {
				t.Fatalf("events\n got %#v\nwant %#v", got, c.then)
			}
		})
	}
}

func TestAPromoCodesLimitPerCustomerCountsTheOrdersContactNotOnlyTheAccount(t *testing.T) {
	me := order.Contact{Email: "Mona.Adel+first@GMail.com ", Phone: "+201001234567"}
	first := order.PromoRedeemed{OrderID: "o1", Customer: "u1", Identities: order.CustomerIdentities(me), Code: "ONCE"}
	given := order.Redemptions.Fold([]order.RedemptionsEvent{first})
	once := func(id, customer string, c order.Contact) order.Redeem {
		return order.Redeem{OrderID: id, Customer: customer, Identities: order.CustomerIdentities(c), Code: "ONCE", LimitPerCustomer: 1}
	}
	cases := []struct {
		name    string
		contact order.Contact
		refused bool
	}{
		{name: "another account with the same mailbox spelt otherwise", contact: order.Contact{Email: "monaadel@googlemail.com", Phone: "+201119999999"}, refused: true},
		{name: "another account with the same phone", contact: order.Contact{Email: "someone@example.com", Phone: "+201001234567"}, refused: true},
		{name: "another person", contact: order.Contact{Email: "mona.adel@example.com", Phone: "+201119999999"}},
		{name: "dots count outside Gmail", contact: order.Contact{Email: "m.ona@example.com", Phone: "+201112222222"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := order.Redemptions.Decide(given, once("o2", "u2", c.contact), now)
			if c.refused != errors.Is(err, order.ErrPromoUsedByYou) || (!c.refused && err != nil) {
				t.Fatalf("error = %v, refused wanted: %v", err, c.refused)
			}
		})
	}
	// A use recorded before identities were (account only) still counts for its account.
	old := order.Redemptions.Fold([]order.RedemptionsEvent{order.PromoRedeemed{OrderID: "o1", Customer: "u1", Code: "ONCE"}})
	if _, err := order.Redemptions.Decide(old, once("o2", "u1", me), now); !errors.Is(err, order.ErrPromoUsedByYou) {
		t.Fatalf("the same account after an account-only use: %v", err)
	}
	if _, err := order.Redemptions.Decide(old, once("o2", "u2", me), now); err != nil {
		t.Fatalf("another account after an account-only use: %v", err)
	}
	// Given back, the mailbox and phone are free again.
	back := order.Redemptions.Fold([]order.RedemptionsEvent{first, order.PromoGivenBack{OrderID: "o1", Customer: "u1", Reason: order.PromoBackCancelled}})
	if _, err := order.Redemptions.Decide(back, once("o2", "u2", me), now); err != nil {
		t.Fatalf("after the use was given back: %v", err)
	}
}
