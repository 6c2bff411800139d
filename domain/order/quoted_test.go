package order_test

import (
	"testing"
	"time"

	"mishwar/domain/money"
	"mishwar/domain/order"
)

// quotedOrder is a paid order staff priced: an enquiry quoted at 5,000 EGP whose catalogue estimate
// was 1,500.
func quotedOrder() []order.Event {
	p := placed()
	p.Source = order.SourceEnquiry
	p.Trip = trip(startAt, 500000)
	return []order.Event{p, requested("p1"), received("p1", money.New(500000, money.EGP))}
}

func TestAQuotedOrderMovedInTimeKeepsItsQuotedPrice(t *testing.T) {
	me := order.Actor{UserID: owner}
	later := time.Date(2026, 11, 25, 11, 0, 0, 0, cairo)
	// The catalogue prices the trip at 770.40 (or 6,319) at the new start; the order keeps its 5,000.
	moved, movedDear := trip(later, 77040), trip(later, 631900)
	kept := trip(later, 500000)
	run(t, []tc{
		{name: "a later start at a lower catalogue price refunds nothing", given: quotedOrder(),
			when: order.ExchangeOrder{ExchangeID: "x1", Actor: me, To: moved, NewReservation: "res-2", Policy: policy, ServiceHours: hours},
			then: []order.Event{order.OrderExchanged{ExchangeID: "x1", From: trip(startAt, 500000), To: kept,
				OldReservation: "res-1", NewReservation: "res-2", Difference: money.New(0, money.EGP)}}},
		{name: "a later start at a higher catalogue price charges nothing", given: quotedOrder(),
			when: order.ExchangeOrder{ExchangeID: "x1", Actor: me, To: movedDear, NewReservation: "res-2", Policy: policy, ServiceHours: hours},
			then: []order.Event{order.OrderExchanged{ExchangeID: "x1", From: trip(startAt, 500000), To: kept,
				OldReservation: "res-1", NewReservation: "res-2", Difference: money.New(0, money.EGP)}}},
		{name: "the trip's own rules still apply to the new start", given: quotedOrder(),
			when:    order.ExchangeOrder{ExchangeID: "x1", Actor: me, To: trip(time.Date(2026, 11, 25, 3, 0, 0, 0, cairo), 77040), NewReservation: "res-2", Policy: policy, ServiceHours: hours},
			wantErr: fieldErr(map[string][]string{"time": {order.KeyOutsideServiceHours}})},
		{name: "another car class is refused: staff price it", given: quotedOrder(),
			when:    order.ExchangeOrder{ExchangeID: "x1", Actor: me, To: withPlan(moved, "rp2"), NewReservation: "res-2", Policy: policy, ServiceHours: hours},
			wantErr: order.ErrQuotedChangeNeedsStaff},
		{name: "other stops are refused: staff price them", given: quotedOrder(),
			when: order.ExchangeOrder{ExchangeID: "x1", Actor: me, To: func() order.Trip {
				x := moved
				x.Itinerary.Stops = x.Itinerary.Stops[:1]
				return x
			}(), NewReservation: "res-2", Policy: policy, ServiceHours: hours},
			wantErr: order.ErrQuotedChangeNeedsStaff},
		{name: "a catalogue-priced order moved in time is priced again as before", given: paidOrder,
			when: order.ExchangeOrder{ExchangeID: "x1", Actor: me, To: moved, NewReservation: "res-2", Policy: policy, ServiceHours: hours},
			then: []order.Event{order.OrderExchanged{ExchangeID: "x1", From: trip(startAt, price.Minor), To: moved,
				OldReservation: "res-1", NewReservation: "res-2", Difference: money.New(77040-price.Minor, money.EGP)}}},
	})
}

func TestAChangeIsPricedByWhoPricedTheOrder(t *testing.T) {
	later := time.Date(2026, 11, 25, 11, 0, 0, 0, cairo)
	quoted := order.Decider.Fold(quotedOrder())
	catalogue := order.Decider.Fold(paidOrder)
	if !quoted.Quoted() || catalogue.Quoted() {
		t.Fatalf("quoted: %v and %v, want true and false", quoted.Quoted(), catalogue.Quoted())
	}
	// Given a quoted order, when the traveller asks what moving it costs, then it costs its quote.
	got, err := quoted.ChangeTo(trip(later, 77040))
	if err != nil || got.Quote.Total != money.New(500000, money.EGP) || quoted.PriceFor(got) != quoted.Price() {
		t.Fatalf("quoted change %+v (%v), want its quoted 5,000", got.Quote, err)
	}
	if _, err := quoted.ChangeTo(withPlan(trip(later, 77040), "rp2")); err != order.ErrQuotedChangeNeedsStaff {
		t.Fatalf("another car on a quoted order: %v, want ErrQuotedChangeNeedsStaff", err)
	}
	got, err = catalogue.ChangeTo(withPlan(trip(later, 77040), "rp2"))
	if err != nil || got.Quote.Total != money.New(77040, money.EGP) {
		t.Fatalf("catalogue change %+v (%v), want the catalogue's price", got.Quote, err)
	}
}
