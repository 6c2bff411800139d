package orders

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"mishwar/domain"
	"mishwar/domain/availability"
	cat "mishwar/domain/catalogue"
	"mishwar/domain/order"
	"mishwar/domain/trip"
	ordersrm "mishwar/projections/orders"
)

// TakenDays is the part of the orders read model the calendar needs: the cars held or confirmed
// on each day.
type TakenDays interface {
	Taken(ctx context.Context, first, last availability.Day) (map[availability.Day]int, error)
}

// CalendarCatalogue is the part of the catalogue the calendar needs.
type CalendarCatalogue interface {
	ServiceHours(ctx context.Context) (cat.BusinessHours, error)
	WeekdayCapacity(ctx context.Context) (func(time.Weekday) int, error)
}

// CalendarQuery asks for Days days (a number from 1 to 400; "" for DefaultCalendarDays) from From
// ("YYYY-MM-DD", Cairo; "" for today), as the query string says them.
type CalendarQuery struct {
	From string
	Days string
	// Own, when set, is a day on which the asker already holds a car (an order being exchanged):
	// that car counts as free for them, so their own day is not "fully booked" to them.
	Own availability.Day
}

// DefaultCalendarDays is the calendar's length when the query does not say (six weeks);
// MaxCalendarDays the most it may be asked for.
const (
	DefaultCalendarDays = 42
	MaxCalendarDays     = 400
)

// CalendarHandler says for each day whether it can be booked. It shows; the day's stream decides.
type CalendarHandler struct {
	taken     TakenDays
	catalogue CalendarCatalogue
	settings  Settings
	now       func() time.Time
}

// Handle returns the calendar.
func (h CalendarHandler) Handle(ctx context.Context, q CalendarQuery) ([]CalendarDay, error) {
	now := h.now()
	from := availability.DayOf(now.In(cat.Cairo))
	if q.From != "" {
		d, err := availability.ParseDay(q.From)
		if err != nil {
			return nil, &domain.ValidationError{Fields: map[string][]string{"from": {trip.KeyInvalidDate}}}
		}
		// A calendar starts within a calendar's length of today: year 9999's days are nobody's
		// booking, and their answer would name a year 10000.
		start, _ := d.Time(cat.Cairo)
		if gap := start.Sub(now).Hours() / 24; gap > MaxCalendarDays || gap < -MaxCalendarDays {
			return nil, domain.InvalidWith("orders.calendar_from", MaxCalendarDays)
		}
		from = d
	}
	days := DefaultCalendarDays
	if q.Days != "" {
		n, err := strconv.Atoi(strings.TrimSpace(q.Days))
		if days = n; err != nil || days < 1 || days > MaxCalendarDays {
			return nil, domain.InvalidWith("orders.calendar_days", MaxCalendarDays)
		}
	}
	hours, err := h.catalogue.ServiceHours(ctx)
	if err != nil {
		return nil, err
	}
	capacity, err := h.catalogue.WeekdayCapacity(ctx)
	if err != nil {
		return nil, err
	}
	fromT, _ := from.Time(cat.Cairo)
	last := availability.DayOf(fromT.AddDate(0, 0, days-1))
	taken, err := h.taken.Taken(ctx, from, last)
	if err != nil {
		return nil, err
	}
	if q.Own != "" && taken[q.Own] > 0 {
		taken[q.Own]--
	}
	return ordersrm.BuildCalendar(ordersrm.CalendarInput{
		From: from, Days: days, Now: now, Policy: h.settings.Policy(), Hours: hours, Capacity: capacity, Taken: taken,
	}), nil
}

// MaxCartCalendarDays is the most days the cart's calendar may be asked for at once: each day is
// judged on quotes of the cart (two months of a month view).
const MaxCartCalendarDays = 62

// CartCalendarQuery asks for the calendar of UserID's cart: Days days from From, as CalendarQuery.
type CartCalendarQuery struct {
	UserID string
	From   string
	Days   string
}

// CartCalendarHandler says for each day whether the traveller's cart can be booked on it: the
// calendar's day, and of an available day whether the cart fits one day at one of its starts at
// least (order.OfferDay, the rule the pickup times of the day are offered by). A day at none of whose
// starts the cart fits is blocked with order.ReasonNoStartFits, so a day shown available always
// offers a pickup time. It shows; checkout decides again.
type CartCalendarHandler struct {
	calendar CalendarHandler
	pricer   Pricer
}

// Handle returns the calendar of the cart. Each available day is judged from its first start on,
// on quotes of a few starts at a time, until one fits: a day usually fits at its first start.
func (h CartCalendarHandler) Handle(ctx context.Context, q CartCalendarQuery) ([]CalendarDay, error) {
	if err := tripCalendarDays(q.Days); err != nil {
		return nil, err
	}
	days, err := h.calendar.Handle(ctx, CalendarQuery{From: q.From, Days: q.Days})
	if err != nil {
		return nil, err
	}
	return offerDays(days, func(starts []time.Time) ([]trip.Quote, error) {
		return h.pricer.QuoteCartAt(ctx, CartPricing{UserID: q.UserID}, starts)
	})
}

// tripCalendarDays refuses a calendar of one trip asked for more than MaxCartCalendarDays days: each
// of its days is judged on quotes of the trip.
func tripCalendarDays(days string) error {
	if days == "" {
		return nil
	}
	if n, err := strconv.Atoi(strings.TrimSpace(days)); err != nil || n < 1 || n > MaxCartCalendarDays {
		return domain.InvalidWith("orders.calendar_days", MaxCartCalendarDays)
	}
	return nil
}

// offerDays judges one trip (quoted by quote) on each day the calendar finds available, by
// order.OfferDay, the rule its pickup times are offered by: a day at none of whose starts the trip
// fits is blocked with order.ReasonNoStartFits. The calendar of the cart, of an exchange and of an
// enquiry are shown by it.
func offerDays(days []CalendarDay, quote tripQuote) ([]CalendarDay, error) {
	for i, d := range days {
		if d.Status != order.DayAvailable {
			continue
		}
		offer, err := offerDay(d, quote)
		if err != nil {
			return nil, err
		}
		if offer.Status != order.DayAvailable {
			days[i].Status, days[i].Reason, days[i].Earliest, days[i].Latest = offer.Status, offer.Why, "", ""
		}
	}
	return days, nil
}

// offerDay judges the trip on day d's starts, a growing batch at a time (one, two, four...), until
// the day is available to it or every start was judged.
func offerDay(d CalendarDay, quote tripQuote) (order.TripDay, error) {
	starts := order.DayStarts(d.Date, d.Earliest, d.Latest)
	fits := make([]trip.DayFit, 0, len(starts))
	offer := order.OfferDay(d.Status, d.Reason, nil, nil)
	for batch := 1; len(fits) < len(starts); batch *= 2 {
		next := starts[len(fits):min(len(fits)+batch, len(starts))]
		quotes, err := quote(next)
		if err != nil {
			return order.TripDay{}, err
		}
		if len(quotes) != len(next) {
			return order.TripDay{}, fmt.Errorf("orders: trip calendar: %d quotes for %d starts", len(quotes), len(next))
		}
		for _, quote := range quotes {
			fits = append(fits, quote.Calc.Fit)
		}
		if offer = order.OfferDay(d.Status, d.Reason, starts[:len(fits)], fits); offer.Status == order.DayAvailable {
			break
		}
	}
	return offer, nil
}
