package orders

import (
	"context"
	"time"

	"mishwar/domain"
	"mishwar/domain/availability"
	"mishwar/domain/order"
	"mishwar/domain/trip"
	ordersrm "mishwar/projections/orders"
)

// PickupTimesQuery asks which pickup times of Date ("YYYY-MM-DD", Cairo) fit UserID's cart.
type PickupTimesQuery struct {
	UserID string
	Date   string
}

// PickupTime is a start offered, with when the trip is back (Cairo).
type PickupTime struct {
	Time   string
	Finish time.Time
}

// PickupTimes are the pickup times of a day at which the cart's trip fits one day (trip.FitOneDay)
// as well as the service hours, lead time and capacity: order.OfferDay's starts, the rule the cart's
// calendar (CartCalendarHandler) shows the day by. Day is the calendar's day before any trip; when
// no time fits, the cart's calendar shows it blocked and Verdict says why (the trip's verdict at the
// day's first pickup) and what to do.
type PickupTimes struct {
	Day     ordersrm.CalendarDay
	Times   []PickupTime
	Verdict trip.Verdict
}

// PickupTimesHandler offers the pickup times of a day for the traveller's cart. It shows; checkout
// decides again (PlaceOrder asks the same rule at the chosen start).
type PickupTimesHandler struct {
	calendar CalendarHandler
	pricer   Pricer
}

// Handle answers the pickup times of q.Date. Each time is judged on a quote of its own: traffic, and
// so the day's length and when each stop is reached, differ by the hour.
func (h PickupTimesHandler) Handle(ctx context.Context, q PickupTimesQuery) (PickupTimes, error) {
	return fittingTimes(ctx, h.calendar, CalendarQuery{From: q.Date, Days: "1"}, func(starts []time.Time) ([]trip.Quote, error) {
		return h.pricer.QuoteCartAt(ctx, CartPricing{UserID: q.UserID}, starts)
	})
}

// ExchangeTimesQuery asks which pickup times of Date ("YYYY-MM-DD", Cairo) the traveller UserID's
// order OrderID could be moved to.
type ExchangeTimesQuery struct {
	OrderID, UserID string
	Date            string
	// Staff asks for any order (a staff change for the traveller), not UserID's own.
	Staff bool
}

// ExchangeTimesHandler offers the pickup times of a day for an exchange of the traveller's own order:
// the order's itinerary judged by the same one-day rule as the checkout's cart (trip.FitOneDay, through
// the same quoter), on a calendar where the order's own car counts as free on its own day. It shows;
// ExchangeOrder decides again.
type ExchangeTimesHandler struct {
	commands *Handlers
	calendar CalendarHandler
}

// Handle answers the pickup times of q.Date for moving the order.
func (h ExchangeTimesHandler) Handle(ctx context.Context, q ExchangeTimesQuery) (PickupTimes, error) {
	s, err := h.commands.changedOrder(ctx, q.OrderID, q.UserID, q.Staff)
	if err != nil {
		return PickupTimes{}, err
	}
	return fittingTimes(ctx, h.calendar, exchangeCalendar(s, q.Date, "1"), h.commands.changeQuote(ctx, s.Trip()))
}

// exchangeCalendar asks the calendar for days days from from as the order's exchange sees them: a
// confirmed order's own car counts as free on its own day.
func exchangeCalendar(s order.State, from, days string) CalendarQuery {
	cq := CalendarQuery{From: from, Days: days}
	if s.Reservation() != "" && s.Status() == order.StatusConfirmed {
		cq.Own = s.Trip().Day
	}
	return cq
}

// ExchangeCalendarQuery asks for the calendar of an exchange of the traveller UserID's order OrderID:
// Days days (at most MaxCartCalendarDays) from From, as CalendarQuery.
type ExchangeCalendarQuery struct {
	OrderID, UserID string
	From, Days      string
	// Staff asks for any order (a staff change for the traveller), not UserID's own.
	Staff bool
}

// ExchangeCalendarHandler says for each day whether the traveller's own order could be moved to it:
// the calendar's day (the order's own car free on its own day), and of an available day whether the
// order's trip, priced as the exchange prices it, fits one day at one of its starts at least
// (order.OfferDay, the rule ExchangeTimesHandler offers the day's times by). It shows; ExchangeOrder
// decides again.
type ExchangeCalendarHandler struct {
	commands *Handlers
	calendar CalendarHandler
}

// Handle returns the calendar of the order's exchange, each available day judged a few starts at a
// time until one fits (as the cart's calendar).
func (h ExchangeCalendarHandler) Handle(ctx context.Context, q ExchangeCalendarQuery) ([]CalendarDay, error) {
	s, err := h.commands.changedOrder(ctx, q.OrderID, q.UserID, q.Staff)
	if err != nil {
		return nil, err
	}
	if err := tripCalendarDays(q.Days); err != nil {
		return nil, err
	}
	days, err := h.calendar.Handle(ctx, exchangeCalendar(s, q.From, q.Days))
	if err != nil {
		return nil, err
	}
	return offerDays(days, h.commands.changeQuote(ctx, s.Trip()))
}

// fittingTimes lists the times of the calendar's day at which the trip quote quotes fits one day; when
// none does, the verdict at the day's first pickup says why.
func fittingTimes(ctx context.Context, calendar CalendarHandler, cq CalendarQuery, quote func([]time.Time) ([]trip.Quote, error)) (PickupTimes, error) {
	if _, err := availability.ParseDay(cq.From); err != nil {
		return PickupTimes{}, &domain.ValidationError{Fields: map[string][]string{"date": {trip.KeyInvalidDate}}}
	}
	days, err := calendar.Handle(ctx, cq)
	if err != nil {
		return PickupTimes{}, err
	}
	out := PickupTimes{Day: days[0], Times: []PickupTime{}}
	if out.Day.Status != order.DayAvailable {
		return out, nil
	}
	starts := order.DayStarts(out.Day.Date, out.Day.Earliest, out.Day.Latest)
	if len(starts) == 0 {
		return out, nil
	}
	quotes, err := quote(starts)
	if err != nil {
		return PickupTimes{}, err
	}
	fits := make([]trip.DayFit, len(quotes))
	finish := make(map[time.Time]time.Time, len(quotes))
	for i, q := range quotes {
		fits[i] = q.Calc.Fit
		finish[starts[i]] = q.Calc.Finish
	}
	// The one rule the cart's calendar shows the day by (order.OfferDay): the times offered are
	// exactly those, and none means the calendar shows the day blocked for this trip.
	for _, s := range order.OfferDay(out.Day.Status, out.Day.Reason, starts, fits).Starts {
		out.Times = append(out.Times, PickupTime{Time: s.Format("15:04"), Finish: finish[s]})
	}
	if len(out.Times) == 0 && len(quotes) > 0 {
		first := quotes[0]
		first.Calc.Fit = first.Calc.Fit.NotBefore(starts[0])
		out.Verdict = first.Verdict()
	}
	return out, nil
}

// changedOrder is the order a change's calendar or times are asked for: the traveller's own, or any
// order for staff.
func (h *Handlers) changedOrder(ctx context.Context, tripNumber, userID string, staff bool) (order.State, error) {
	if staff {
		return h.anyOrder(ctx, tripNumber)
	}
	return h.ownOrder(ctx, tripNumber, userID)
}
