package orders

import (
	"context"
	"strconv"
	"strings"
	"time"

	"mishwar/domain"
	"mishwar/domain/availability"
	cat "mishwar/domain/catalogue"
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
