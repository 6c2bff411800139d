package order_test

import (
	"errors"
	"testing"
	"time"

	"mishwar/domain"
	"mishwar/domain/order"
)

// placedAs is an order of the owner for trip t, placed as placed() is.
func placedAs(id string, t order.Trip, c order.Contact, promo *order.Discount) order.OrderPlaced {
	p := placed()
	p.OrderID, p.Trip, p.Contact, p.Promo = id, t, c, promo
	return p
}

func checkoutOf(t order.Trip) order.PlaceOrder {
	c := place()
	c.OrderID, c.Reservation, c.Trip = "", "", t
	return c
}

func TestACheckoutOfATripTheTravellerAlreadyOrderedResumesOrRefusesIt(t *testing.T) {
	same := trip(startAt, price.Minor)
	otherTime := trip(startAt.Add(time.Hour), price.Minor)
	reordered := trip(startAt, price.Minor)
	reordered.Itinerary.Stops = []order.Stop{same.Itinerary.Stops[1], same.Itinerary.Stops[0]}
	otherEnd := trip(startAt, price.Minor)
	otherEnd.Itinerary.End = order.Point{Name: "Zamalek", Lat: 30.0609, Lng: 31.2197}
	dearer := trip(startAt, price.Minor+5000) // the catalogue's rates moved: the same trip
	failed := func(id string) []order.Event {
		return []order.Event{placedAs(id, same, contact, nil), requested("p-" + id), order.PaymentFailed{PaymentID: "p-" + id, Purpose: order.PurposeOrder, Reason: "card_declined"}}
	}
	waiting := func(id string) []order.Event {
		return []order.Event{placedAs(id, same, contact, nil), requested("p-" + id)}
	}
	confirmed := func(id string) []order.Event { return with(waiting(id), received("p-"+id, price)) }
	cancelled := func(id string) []order.Event {
		return with(waiting(id), order.OrderCancelled{Reason: "plans changed", ByUserID: owner, Free: true, RefundBasisPoints: 10000, RefundDue: egp(0), Reservation: "res-1"})
	}
	moreTravellers := contact
	moreTravellers.Travellers = 4
	commented := contact
	commented.Comments = "A child seat, please"
	retyped := contact
	retyped.Email, retyped.FirstName = "  MONA@example.com ", " Mona "

	for _, tt := range []struct {
		name    string
		given   [][]order.Event
		when    order.PlaceOrder
		promo   string
		at      time.Time
		resume  string
		wantErr error
	}{
		{name: "with no order of the trip, a new order is placed", when: checkoutOf(same)},
		{name: "an order awaiting payment for the same trip is resumed", given: [][]order.Event{waiting("MSH-AAAAAA")}, when: checkoutOf(same), resume: "MSH-AAAAAA"},
		{name: "the same details typed again (spaces, capitals) are the same details", given: [][]order.Event{waiting("MSH-AAAAAA")},
			when: func() order.PlaceOrder { c := checkoutOf(same); c.Contact = retyped; return c }(), resume: "MSH-AAAAAA"},
		{name: "a trip priced anew by moved rates is the same trip", given: [][]order.Event{waiting("MSH-AAAAAA")}, when: checkoutOf(dearer), resume: "MSH-AAAAAA"},
		{name: "an order whose payment failed is resumed (paid again)", given: [][]order.Event{failed("MSH-AAAAAA")}, when: checkoutOf(same), at: later, resume: "MSH-AAAAAA"},
		{name: "an order whose hold lapsed is resumed (paid again)", given: [][]order.Event{waiting("MSH-AAAAAA")}, when: checkoutOf(same), at: later, resume: "MSH-AAAAAA"},
		{name: "a failed order that can no longer be paid again is no obstacle", given: [][]order.Event{failed("MSH-AAAAAA")}, when: checkoutOf(same), at: tooLate},
		{name: "a cancelled order is no obstacle", given: [][]order.Event{cancelled("MSH-AAAAAA")}, when: checkoutOf(same)},
		{name: "a confirmed order of the same trip refuses the checkout, naming it", given: [][]order.Event{confirmed("MSH-AAAAAA")}, when: checkoutOf(same),
			wantErr: order.TripAlreadyBooked("MSH-AAAAAA")},
		{name: "a confirmed order wins over one waiting for the same trip", given: [][]order.Event{waiting("MSH-BBBBBB"), confirmed("MSH-AAAAAA")}, when: checkoutOf(same),
			wantErr: order.TripAlreadyBooked("MSH-AAAAAA")},
		{name: "another start is another trip", given: [][]order.Event{confirmed("MSH-AAAAAA")}, when: checkoutOf(otherTime)},
		{name: "the stops in another order are another trip", given: [][]order.Event{waiting("MSH-AAAAAA")}, when: checkoutOf(reordered)},
		{name: "another end point is another trip", given: [][]order.Event{waiting("MSH-AAAAAA")}, when: checkoutOf(otherEnd)},
		{name: "another rate plan is another trip", given: [][]order.Event{waiting("MSH-AAAAAA")}, when: checkoutOf(withPlan(same, "rp2"))},
		{name: "another traveller's order of the same trip is theirs", given: [][]order.Event{waiting("MSH-AAAAAA")},
			when: func() order.PlaceOrder { c := checkoutOf(same); c.UserID = "user-2"; return c }()},
		{name: "another group size refuses the checkout, naming the waiting order", given: [][]order.Event{waiting("MSH-AAAAAA")},
			when: func() order.PlaceOrder { c := checkoutOf(same); c.Contact = moreTravellers; return c }(), wantErr: order.TripWaitingWithOtherDetails("MSH-AAAAAA")},
		{name: "other comments refuse the checkout", given: [][]order.Event{failed("MSH-AAAAAA")}, at: later,
			when: func() order.PlaceOrder { c := checkoutOf(same); c.Contact = commented; return c }(), wantErr: order.TripWaitingWithOtherDetails("MSH-AAAAAA")},
		{name: "a promo code typed now refuses the checkout", given: [][]order.Event{waiting("MSH-AAAAAA")}, when: checkoutOf(same), promo: "NILE10",
			wantErr: order.ErrTripWaitingWithOtherDetails},
		{name: "the order's own promo code, typed in small letters, is the same detail",
			given: [][]order.Event{{placedAs("MSH-AAAAAA", same, contact, &order.Discount{Code: "NILE10"}), requested("p1")}},
			when:  checkoutOf(same), promo: " nile10", resume: "MSH-AAAAAA"},
		{name: "of two orders waiting (placed before the rule), the one still held is resumed", at: now.Add(20 * time.Minute),
			given: [][]order.Event{failed("MSH-AAAAAA"), waiting("MSH-BBBBBB")}, when: checkoutOf(same), resume: "MSH-BBBBBB"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			at := tt.at
			if at.IsZero() {
				at = now
			}
			var mine []order.State
			for _, events := range tt.given {
				mine = append(mine, order.Decider.Fold(events))
			}
			resume, err := order.DecideCheckout(mine, tt.when, tt.promo, at)
			checkErr(t, err, tt.wantErr)
			if resume != tt.resume {
				t.Fatalf("resume = %q, want %q", resume, tt.resume)
			}
			var de *domain.Error
			if want := (*domain.Error)(nil); errors.As(tt.wantErr, &want) && len(want.Args) > 0 {
				if !errors.As(err, &de) || len(de.Args) != 1 || de.Args[0] != want.Args[0] {
					t.Fatalf("refusal %#v does not name %v", err, want.Args)
				}
			}
		})
	}
}

func TestTheTripKeyIsTheSameTripRule(t *testing.T) {
	a := trip(startAt, price.Minor)
	b := trip(startAt, price.Minor+1) // another price, the same trip
	if order.TripKey(a) != order.TripKey(b) {
		t.Fatal("the same trip at another price has another key")
	}
	for name, other := range map[string]order.Trip{
		"start":     trip(startAt.Add(15*time.Minute), price.Minor),
		"rate plan": withPlan(a, "rp2"),
		"stops": func() order.Trip {
			c := trip(startAt, price.Minor)
			c.Itinerary.Stops = c.Itinerary.Stops[:1]
			return c
		}(),
		"start point": func() order.Trip {
			c := trip(startAt, price.Minor)
			c.Itinerary.Start.PickupPointID = "pp-1"
			return c
		}(),
		"program": func() order.Trip { c := trip(startAt, price.Minor); c.Itinerary.ProgramID = "prog-1"; return c }(),
	} {
		if order.TripKey(a) == order.TripKey(other) {
			t.Errorf("another %s has the same key", name)
		}
	}
}

func TestTwoHoldsForOneTripAreNeverTakenUnseen(t *testing.T) {
	until := now.Add(30 * time.Minute)
	key := order.TripKey(trip(startAt, price.Minor))
	heldA := order.UnpaidHoldTaken{OrderID: "A", HeldUntil: until.UTC(), Trip: key}
	for _, tt := range []struct {
		name  string
		given []order.HoldsEvent
		when  order.TakeHold
		want  []order.HoldsEvent
		err   error
	}{
		{"the first hold of a trip records it", nil, order.TakeHold{OrderID: "A", Until: until, Limit: 3, Trip: key},
			[]order.HoldsEvent{heldA}, nil},
		{"a hold of the same trip the checkout did not judge refuses it", []order.HoldsEvent{heldA},
			order.TakeHold{OrderID: "B", Until: until, Limit: 3, Trip: key}, nil, order.ErrSameTripHeld},
		{"even without a bound on unpaid orders", []order.HoldsEvent{heldA},
			order.TakeHold{OrderID: "B", Until: until, Trip: key}, nil, order.ErrSameTripHeld},
		{"a released one too: the checkout must judge its order", []order.HoldsEvent{heldA, order.UnpaidHoldReleased{OrderID: "A", Reason: order.HoldReleasedPaid}},
			order.TakeHold{OrderID: "B", Until: until, Limit: 3, Trip: key}, nil, order.ErrSameTripHeld},
		{"one the checkout judged does not", []order.HoldsEvent{heldA},
			order.TakeHold{OrderID: "B", Until: until, Limit: 3, Trip: key, Seen: []string{"A"}},
			[]order.HoldsEvent{order.UnpaidHoldTaken{OrderID: "B", HeldUntil: until.UTC(), Trip: key}}, nil},
		{"another trip's hold does not", []order.HoldsEvent{heldA},
			order.TakeHold{OrderID: "B", Until: until, Limit: 3, Trip: "other"},
			[]order.HoldsEvent{order.UnpaidHoldTaken{OrderID: "B", HeldUntil: until.UTC(), Trip: "other"}}, nil},
		{"a hold taken again (paid again) keeps its trip", []order.HoldsEvent{heldA, order.UnpaidHoldReleased{OrderID: "A", Reason: order.HoldReleasedFailed}},
			order.TakeHold{OrderID: "A", Until: later, Limit: 3},
			[]order.HoldsEvent{order.UnpaidHoldTaken{OrderID: "A", HeldUntil: later.UTC(), Trip: key}}, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := order.Holds.Fold(tt.given)
			got, err := order.Holds.Decide(s, tt.when, now)
			checkErr(t, err, tt.err)
			if len(got) != len(tt.want) || (len(got) > 0 && got[0] != tt.want[0]) {
				t.Fatalf("events %#v, want %#v", got, tt.want)
			}
		})
	}
	s := order.Holds.Fold([]order.HoldsEvent{heldA, order.UnpaidHoldTaken{OrderID: "B", HeldUntil: until.UTC()}})
	if ids := s.SameTrip(key); len(ids) != 1 || ids[0] != "A" {
		t.Fatalf("SameTrip = %v, want [A]", ids)
	}
}
