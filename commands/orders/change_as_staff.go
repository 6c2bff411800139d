package orders

import (
	"context"

	"mishwar/commands"
	"mishwar/domain/money"
	"mishwar/domain/order"
)

// StaffChangeInput is staff moving an order's date and/or time for the traveller (a traveller who
// phoned the office): the car class and the itinerary stay the order's.
type StaffChangeInput struct {
	OrderID    string
	Actor      order.Actor
	Date, Time string
	// Reason is why, recorded with the staff member on the order's events.
	Reason string
	// KeepPrice waives what a dearer start would cost (a goodwill gesture recorded on the event);
	// without it the traveller is e-mailed a link to pay the difference.
	KeepPrice bool
}

// ChangeOrderAsStaff moves any order's start as staff (order.ChangeOrderAsStaff), through the
// traveller's exchange: the same pricing, day plan and car held on the new day; a cheaper start is
// moved at once and the difference refunded, a dearer one waits for the traveller's payment (the
// e-mail of ExchangeRequested carries the link) unless staff keep the price.
func (h *Handlers) ChangeOrderAsStaff(ctx context.Context, in StaffChangeInput, meta commands.Meta) (Outcome, error) {
	s, err := h.anyOrder(ctx, in.OrderID)
	if err != nil {
		return Outcome{}, err
	}
	return h.exchange(ctx, ExchangeInput{OrderID: s.ID(), Actor: in.Actor, Date: in.Date, Time: in.Time},
		&staffTerms{reason: in.Reason, keepPrice: in.KeepPrice}, meta)
}

// StaffChangeQuote is what a staff change would make of an order, before staff confirm it.
type StaffChangeQuote struct {
	Trip order.Trip
	// Total is what the order would cost at the new start (its promo taken off), Difference that less
	// its price now: negative is refunded, positive is for the traveller to pay or for staff to waive
	// (Waivable, the same amount).
	Total, Difference, Waivable money.Money
	// Refundable is what a cheaper start would send back (the negative difference as a positive amount).
	Refundable money.Money
	// PastTravellerCutoff: the traveller could no longer make this change alone.
	PastTravellerCutoff bool
}

// QuoteStaffChange prices a staff change without making it. It refuses what ChangeOrderAsStaff would
// refuse, except a missing reason (staff type it after reading the price).
func (h *Handlers) QuoteStaffChange(ctx context.Context, in StaffChangeInput) (StaffChangeQuote, error) {
	s, err := h.anyOrder(ctx, in.OrderID)
	if err != nil {
		return StaffChangeQuote{}, err
	}
	reason := in.Reason
	if reason == "" {
		reason = "quote"
	}
	to, diff, err := h.quoteExchange(ctx, ExchangeInput{OrderID: s.ID(), Actor: in.Actor, Date: in.Date, Time: in.Time}, &staffTerms{reason: reason})
	if err != nil {
		return StaffChangeQuote{}, err
	}
	q := StaffChangeQuote{Trip: to, Total: s.PriceFor(to), Difference: diff, Waivable: s.WaiverFor(to),
		Refundable: money.New(max(-diff.Minor, 0), money.EGP), PastTravellerCutoff: !s.Cancellation().Changeable(s.Trip().StartAt, h.now())}
	return q, nil
}
