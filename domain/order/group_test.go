package order_test

import (
	"testing"

	"mishwar/domain/money"
	"mishwar/domain/order"
)

// seated is a trip whose rate plan's car has seats seats (0: recorded before seats were).
func seated(t order.Trip, seats int) order.Trip {
	t.RatePlan.Seats = seats
	return t
}

func TestAGroupMustFitTheCarItBooks(t *testing.T) {
	checkout := func(travellers, seats int) order.PlaceOrder {
		c := place()
		c.Contact.Travellers, c.Trip = travellers, seated(c.Trip, seats)
		return c
	}
	placedWith := func(travellers, seats int) order.OrderPlaced {
		p := placed()
		p.Contact.Travellers, p.Trip = travellers, seated(p.Trip, seats)
		return p
	}
	tooLarge := fieldErr(map[string][]string{"travellers": {order.KeyGroupTooLargeForCar}})
	run(t, []tc{
		{name: "a group as large as the car's seats is placed, the seats recorded", when: checkout(4, 4), then: []order.Event{placedWith(4, 4)}},
		{name: "a group smaller than the car is placed", when: checkout(2, 7), then: []order.Event{placedWith(2, 7)}},
		{name: "one traveller more than the car seats is refused on the group size", when: checkout(5, 4), wantErr: tooLarge},
		{name: "fifty travellers in a four-seat car are refused", when: checkout(order.MaxTravellers, 4), wantErr: tooLarge},
		{name: "a group size not given is not checked", when: checkout(0, 4), then: []order.Event{placedWith(0, 4)}},
		{name: "a plan whose seats are not known checks nothing", when: checkout(6, 0), then: []order.Event{placedWith(6, 0)}},
		{
			name:    "a group out of range is told its range, not the car's seats",
			when:    checkout(order.MaxTravellers+1, 4),
			wantErr: fieldErr(map[string][]string{"travellers": {order.KeyTravellersInvalid}}),
		},
		{
			name: "the car is told with the form's other faults at once",
			when: func() order.PlaceOrder { c := checkout(6, 4); c.TermsAgreed = false; return c }(),
			wantErr: fieldErr(map[string][]string{
				"travellers": {order.KeyGroupTooLargeForCar}, "terms": {order.KeyTermsRequired},
			}),
		},
	})
}

func TestAGroupOfNoTravellersGivenOnAFormIsRefusedWhileOneLeftOutIsNotGiven(t *testing.T) {
	given := func(n int) *int { return &n }
	from := func(n *int) order.PlaceOrder {
		c := place()
		c.Contact.Travellers = order.GroupSizeFrom(n)
		return c
	}
	placedWith := func(travellers int) order.OrderPlaced {
		p := placed()
		p.Contact.Travellers = travellers
		return p
	}
	outOfRange := fieldErr(map[string][]string{"travellers": {order.KeyTravellersInvalid}})
	run(t, []tc{
		{name: "a group size left out is not given", when: from(nil), then: []order.Event{placedWith(0)}},
		{name: "one traveller is a group", when: from(given(1)), then: []order.Event{placedWith(1)}},
		{name: "zero travellers given is told the range", when: from(given(0)), wantErr: outOfRange},
		{name: "minus one traveller given is told the range", when: from(given(-1)), wantErr: outOfRange},
	})
}

func TestAnExchangeMustKeepTheGroupInACarThatSeatsIt(t *testing.T) {
	me := order.Actor{UserID: owner}
	// The order's group of 6 was placed before seats were recorded: its snapshot has none.
	placedFor := func(travellers int) order.OrderPlaced {
		p := placed()
		p.Contact.Travellers = travellers
		return p
	}
	paid := func(travellers int) []order.Event {
		return []order.Event{placedFor(travellers), requested("p1"), received("p1", price)}
	}
	to := func(plan string, seats int) order.Trip { return seated(withPlan(trip(startAt, 120000), plan), seats) }
	exchange := func(x order.Trip) order.ExchangeOrder {
		return order.ExchangeOrder{ExchangeID: "x1", Actor: me, To: x, NewReservation: "res-1", Policy: policy, ServiceHours: hours}
	}
	exchanged := func(x order.Trip) order.OrderExchanged {
		return order.OrderExchanged{ExchangeID: "x1", From: trip(startAt, price.Minor), To: x, OldReservation: "res-1", NewReservation: "res-1",
			Difference: money.New(120000-price.Minor, money.EGP)}
	}
	run(t, []tc{
		{name: "a group of six moved to a four-seat car is refused on the rate plan", given: paid(6), when: exchange(to("rp2", 4)),
			wantErr: fieldErr(map[string][]string{"rate_plan_id": {order.KeyGroupTooLargeForCar}})},
		{name: "staff cannot move the group to a car too small either", given: paid(6),
			when: func() order.ExchangeOrder {
				x := exchange(to("rp2", 4))
				x.Actor = order.Actor{UserID: "admin", Staff: true}
				return x
			}(),
			wantErr: fieldErr(map[string][]string{"rate_plan_id": {order.KeyGroupTooLargeForCar}})},
		{name: "a group of six moved to a seven-seat car is exchanged", given: paid(6), when: exchange(to("rp2", 7)), then: []order.Event{exchanged(to("rp2", 7))}},
		{name: "an order without a group size moves to any car", given: paid(0), when: exchange(to("rp2", 4)), then: []order.Event{exchanged(to("rp2", 4))}},
		{name: "a car whose seats are not known checks nothing", given: paid(6), when: exchange(to("rp2", 0)), then: []order.Event{exchanged(to("rp2", 0))}},
	})
}
