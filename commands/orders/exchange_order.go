package orders

import (
	"context"

	"github.com/google/uuid"

	"mishwar/commands"
	"mishwar/domain/availability"
	"mishwar/domain/money"
	"mishwar/domain/order"
	"mishwar/domain/trip"
)

// ExchangeInput asks to move an order to another date and time, and optionally another rate plan.
type ExchangeInput struct {
	OrderID    string
	Actor      order.Actor
	Date, Time string
	// RatePlanID empty keeps the order's plan.
	RatePlanID string
}

// ExchangeOrder moves an order. The itinerary is priced again for the new start (traffic differs by
// hour), except on an order staff quoted, which keeps its quote and only moves in time
// (order.State.ChangeTo); a cheaper trip is exchanged at once and the difference refunded, a dearer
// one waits for the difference to be paid (the answer carries the payment URL) while a car is held on the new day.
func (h *Handlers) ExchangeOrder(ctx context.Context, in ExchangeInput, meta commands.Meta) (Outcome, error) {
	return h.exchange(ctx, in, nil, meta)
}

// staffTerms are what staff add to a change they make for the traveller (ChangeOrderAsStaff).
type staffTerms struct {
	reason    string
	keepPrice bool
}

// exchange moves the order as the traveller's exchange does, or, with staff terms, as staff do for
// the traveller (order.ChangeOrderAsStaff): the same lookups, the same car held on the new day, the
// same settling of a cheaper change and payment of a dearer one.
func (h *Handlers) exchange(ctx context.Context, in ExchangeInput, staff *staffTerms, meta commands.Meta) (Outcome, error) {
	if meta.CommandID == uuid.Nil {
		meta.CommandID = uuid.New()
	}
	out := Outcome{OrderID: in.OrderID}
	s, _, err := h.LoadOrder(ctx, in.OrderID)
	if err != nil {
		return out, err
	}
	startAt, err := trip.ParseStart(in.Date, in.Time)
	if err != nil {
		return out, err
	}
	plan := in.RatePlanID
	if plan == "" {
		plan = s.Trip().RatePlan.ID
	}
	priced, err := h.pricer.PriceChange(ctx, s.Trip(), startAt, plan)
	if err != nil {
		return out, err
	}
	if priced.Trip.RatePlan.ID == "" {
		return out, rateUnavailable()
	}
	// A quoted order's car or stops are staff's to change: say so before judging the day plan.
	if _, err := s.ChangeTo(priced.Trip); err != nil {
		return out, err
	}
	hours, err := h.catalogue.ServiceHours(ctx)
	if err != nil {
		return out, err
	}
	// The new start must fit one day as checkout's does (the driver's day); a staff change for the
	// traveller too. Staff's other exchanges may move a trip as they see fit.
	if !in.Actor.Staff || staff != nil {
		if err := h.oneDay(priced, startAt, hours, h.changeQuote(ctx, s.Trip())); err != nil {
			return out, err
		}
	}
	started, err := h.tripStarted(ctx, s.ID())
	if err != nil {
		return out, err
	}
	x := order.ExchangeOrder{ExchangeID: meta.CommandID.String(), Actor: in.Actor, To: priced.Trip, NewReservation: s.Reservation(),
		Policy: h.settings.Policy(), ServiceHours: hours, TripStarted: started}
	decide := func(reservation string) order.Command {
		x.NewReservation = reservation
		if staff == nil {
			return x
		}
		return order.ChangeOrderAsStaff{ExchangeID: x.ExchangeID, Actor: x.Actor, To: x.To, NewReservation: reservation, Policy: x.Policy,
			ServiceHours: x.ServiceHours, TripStarted: x.TripStarted, Reason: staff.reason, KeepPrice: staff.keepPrice}
	}
	// Refuse what the decider would refuse before holding a car on the new day.
	if _, err := order.Decide(s, decide(x.NewReservation), h.now()); err != nil {
		return out, err
	}
	newDay := priced.Trip.Day
	holding := newDay != s.Trip().Day
	if holding {
		capacity, err := h.catalogue.DayCapacity(ctx, newDay)
		if err != nil {
			return out, err
		}
		reserveMeta := sub(meta, "reserve")
		x.NewReservation = reserveMeta.CommandID.String()
		if _, err := execDay(ctx, h, newDay, availability.ReserveCapacity{Reservation: x.NewReservation, OrderID: s.ID(), Day: newDay,
			Capacity: capacity, HoldUntil: h.now().Add(h.settings.Hold)}, reserveMeta); err != nil {
			return out, wrap("reserve", err)
		}
	}
	exchange := sub(meta, "exchange")
	res, err := execOrder(ctx, h, s.ID(), decide(x.NewReservation), exchange)
	if err != nil {
		if holding {
			h.release(ctx, newDay, x.NewReservation, availability.ReasonPlacingFailed, false, sub(meta, "compensate"))
		}
		return out, wrap("exchange", err)
	}
	out.Position = res.Position
	for _, e := range res.Events {
		switch e.(type) {
		case order.OrderExchanged:
			// The old car is given back and what a cheaper trip owes ordered refunded (settle.go);
			// the answer waits a little for the provider's word on the refund.
			h.settleAll(ctx, s.ID(), res.Events, exchange)
			return h.refundOutcome(ctx, s.ID(), refundIDOf(sub(exchange, "refund")), out.Position)
		case order.ExchangeRequested:
			p, err := h.PayOrder(ctx, s.ID(), sub(meta, "pay"))
			out.PaymentURL = p.PaymentURL
			out.Position = maxPosition(out.Position, p.Position)
			return out, err
		}
	}
	return out, nil
}

// QuoteExchange prices an exchange without making it: the new trip and the difference (positive: to
// pay; negative: to be refunded). It refuses what ExchangeOrder would refuse.
func (h *Handlers) QuoteExchange(ctx context.Context, in ExchangeInput) (order.Trip, money.Money, error) {
	return h.quoteExchange(ctx, in, nil)
}

// quoteExchange prices an exchange, or with staff terms a staff change (as exchange makes them).
func (h *Handlers) quoteExchange(ctx context.Context, in ExchangeInput, staff *staffTerms) (order.Trip, money.Money, error) {
	s, _, err := h.LoadOrder(ctx, in.OrderID)
	if err != nil {
		return order.Trip{}, money.Money{}, err
	}
	startAt, err := trip.ParseStart(in.Date, in.Time)
	if err != nil {
		return order.Trip{}, money.Money{}, err
	}
	plan := in.RatePlanID
	if plan == "" {
		plan = s.Trip().RatePlan.ID
	}
	priced, err := h.pricer.PriceChange(ctx, s.Trip(), startAt, plan)
	if err != nil {
		return order.Trip{}, money.Money{}, err
	}
	if priced.Trip.RatePlan.ID == "" {
		return order.Trip{}, money.Money{}, rateUnavailable()
	}
	to, err := s.ChangeTo(priced.Trip)
	if err != nil {
		return order.Trip{}, money.Money{}, err
	}
	hours, err := h.catalogue.ServiceHours(ctx)
	if err != nil {
		return order.Trip{}, money.Money{}, err
	}
	if !in.Actor.Staff || staff != nil {
		if err := h.oneDay(priced, startAt, hours, h.changeQuote(ctx, s.Trip())); err != nil {
			return order.Trip{}, money.Money{}, err
		}
	}
	started, err := h.tripStarted(ctx, s.ID())
	if err != nil {
		return order.Trip{}, money.Money{}, err
	}
	var cmd order.Command = order.ExchangeOrder{ExchangeID: "quote", Actor: in.Actor, To: priced.Trip, NewReservation: "quote",
		Policy: h.settings.Policy(), ServiceHours: hours, TripStarted: started}
	if staff != nil {
		// Judged without keeping the price: the quote says what the change costs; keeping it is
		// staff's choice after reading it.
		cmd = order.ChangeOrderAsStaff{ExchangeID: "quote", Actor: in.Actor, To: priced.Trip, NewReservation: "quote",
			Policy: h.settings.Policy(), ServiceHours: hours, TripStarted: started, Reason: staff.reason}
	}
	if _, err := order.Decide(s, cmd, h.now()); err != nil {
		return order.Trip{}, money.Money{}, err
	}
	// Priced as the exchange books it (a quoted order keeps its quote).
	return to, money.New(s.PriceFor(to).Minor-s.Price().Minor, money.EGP), nil
}

// ExchangeOwnOrder is the traveller moving their own order (in.OrderID as the path names it).
func (h *Handlers) ExchangeOwnOrder(ctx context.Context, in ExchangeInput, meta commands.Meta) (Outcome, error) {
	s, err := h.ownOrder(ctx, in.OrderID, in.Actor.UserID)
	if err != nil {
		return Outcome{}, err
	}
	in.OrderID = s.ID()
	return h.ExchangeOrder(ctx, in, meta)
}

// ExchangeQuote is what an exchange would make of an order: the new trip, the difference (positive:
// to pay; negative: to be refunded) and the currency rates the order was shown in.
type ExchangeQuote struct {
	Trip order.Trip
	// Total is what the order would cost on Trip: its price less the order's promo code, if any.
	Total      money.Money
	Difference money.Money
	Rates      []money.Rate
}

// QuoteOwnExchange prices an exchange of the traveller's own order without making it.
func (h *Handlers) QuoteOwnExchange(ctx context.Context, in ExchangeInput) (ExchangeQuote, error) {
	s, err := h.ownOrder(ctx, in.OrderID, in.Actor.UserID)
	if err != nil {
		return ExchangeQuote{}, err
	}
	in.OrderID = s.ID()
	trip, diff, err := h.QuoteExchange(ctx, in)
	if err != nil {
		return ExchangeQuote{}, err
	}
	return ExchangeQuote{Trip: trip, Total: s.PriceFor(trip), Difference: diff, Rates: s.Placed().Rates}, nil
}
