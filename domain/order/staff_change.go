package order

import (
	"time"

	"mishwar/domain"
	"mishwar/domain/catalogue"
	"mishwar/domain/money"
)

// ChangeOrderAsStaff is staff moving a paid order to another date and/or time for the traveller (a
// traveller who phoned the office). It is the traveller's exchange (ExchangeOrder) under the same
// rules — a confirmed order, a trip not under way, a bookable day, the lead time, the office hours, a
// car booked on the new day by the caller, the group seated — with these differences, the product's
// rules for staff:
//
//   - staff may move a trip after the traveller's change cut-off (Cancellation.Changeable), until it
//     starts: the office decides, on the phone, what the traveller can no longer do alone;
//   - only the start moves: the car class and the itinerary stay the order's (To must differ from the
//     order's trip in its start only);
//   - staff say why (Reason, required); the events record it with the staff member as actor;
//   - a cheaper start owes the difference back (refunded through the refund process, as the
//     traveller's is); a dearer one either waits for the traveller to pay the difference (an
//     ExchangeRequested: the traveller is e-mailed a link to pay), or, with KeepPrice, goes ahead at
//     the order's price: the business waives the difference (OrderExchanged.Waived), recorded as a
//     goodwill gesture. KeepPrice changes nothing on a start that costs the same or less.
type ChangeOrderAsStaff struct {
	ExchangeID     string
	Actor          Actor
	To             Trip
	NewReservation string
	Policy         Policy
	ServiceHours   catalogue.BusinessHours
	Reason         string
	KeepPrice      bool
	// TripStarted is what the trip's stream says: a trip under way is not moved.
	TripStarted bool
}

func (ChangeOrderAsStaff) isOrderCommand() {}

// ErrStaffChangeMovesStartOnly: a staff change asks for another car class or itinerary; staff move
// the start only (the traveller's exchange changes the rest).
var ErrStaffChangeMovesStartOnly = domain.Invalid("orders.staff_change_start_only")

// WaiverFor is what keeping the order's price waives when its trip moves to to: the difference a
// dearer start would cost (nothing for a start that costs the same or less). to is priced as the
// exchange books it (ChangeTo).
func (s State) WaiverFor(to Trip) money.Money {
	booked, err := s.ChangeTo(to)
	if err != nil {
		return money.New(0, money.EGP)
	}
	return money.New(max(s.PriceFor(booked).Minor-s.price.Minor, 0), money.EGP)
}

func decideStaffChange(s State, c ChangeOrderAsStaff, now time.Time) ([]Event, error) {
	if !c.Actor.Staff {
		return nil, ErrNotYourOrder
	}
	if s.exchanges[c.ExchangeID] || (s.exchange != nil && s.exchange.id == c.ExchangeID) {
		return nil, nil
	}
	reason, err := domain.Reason("reason", c.Reason, KeyReasonRequired)
	if err != nil {
		return nil, err
	}
	if ch := ChangeOf(s.trip, c.To); ch.RatePlan || ch.Itinerary {
		return nil, ErrStaffChangeMovesStartOnly
	}
	to := c.To
	var waived money.Money
	if c.KeepPrice {
		if waived = s.WaiverFor(to); waived.Minor > 0 {
			// Kept at the order's price as a quoted order's move is (ChangeTo): the new start's
			// distance and durations, the booked costs and total.
			booked := s.trip.Quote
			to.Quote.DistanceCost, to.Quote.WaitingCost, to.Quote.Total = booked.DistanceCost, booked.WaitingCost, booked.Total
		}
	}
	events, err := decideExchange(s, ExchangeOrder{ExchangeID: c.ExchangeID, Actor: c.Actor, To: to, NewReservation: c.NewReservation,
		Policy: c.Policy, ServiceHours: c.ServiceHours, TripStarted: c.TripStarted}, now)
	if err != nil {
		return nil, err
	}
	for i, e := range events {
		switch ev := e.(type) {
		case OrderExchanged:
			ev.ByStaff, ev.ByUserID, ev.Reason = true, c.Actor.UserID, reason
			if waived.Minor > 0 {
				w := waived
				ev.Waived = &w
			}
			events[i] = ev
		case ExchangeRequested:
			ev.ByStaff, ev.ByUserID, ev.Reason = true, c.Actor.UserID, reason
			events[i] = ev
		}
	}
	return events, nil
}
