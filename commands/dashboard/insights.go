package dashboard

import (
	"context"
	"fmt"
	"time"

	"mishwar/domain"
	"mishwar/domain/catalogue"
	"mishwar/domain/order"
	"mishwar/projections/insights"
)

// Insights is the part of the insights read model the dashboard reads.
type Insights interface {
	Overview(ctx context.Context, from, to, capFrom, capTo string, limit int) (insights.Overview, error)
	Attention(ctx context.Context, noDriverDay string, limit int) ([]insights.AttentionItem, error)
}

// ServiceHours are when trips can be booked (commands/orders.CatalogueReader answers them, the
// spec's hours before the admin sets any), as the booking calendar reads them.
type ServiceHours interface {
	ServiceHours(ctx context.Context) (catalogue.BusinessHours, error)
}

// Periods the charts look back over, in Cairo days (today included).
var Periods = []int{30, 90}

// CapacityDays is how many trip days, from today, the capacity chart shows (four weeks).
const CapacityDays = 28

// TopLimit is how many destinations and programs the rankings show.
const TopLimit = 5

// ErrBadPeriod: the charts look back 30 or 90 days, nothing else.
var ErrBadPeriod = domain.Invalid("dashboard.bad_period")

// InsightsHandler answers the charts as of now, in Cairo days.
type InsightsHandler struct {
	insights Insights
	hours    ServiceHours
	now      func() time.Time
}

// Handle returns the figures of the last days Cairo days (30 or 90, today included) and of the
// CapacityDays trip days from today. A trip day's capacity is the booking calendar's
// (order.DayCapacity): the drivers' trips that weekday, none on a day the service is closed.
func (h InsightsHandler) Handle(ctx context.Context, days int) (insights.Overview, error) {
	if days != Periods[0] && days != Periods[1] {
		return insights.Overview{}, ErrBadPeriod
	}
	today := h.now().In(catalogue.Cairo)
	day := func(n int) string { return today.AddDate(0, 0, n).Format(time.DateOnly) }
	o, err := h.insights.Overview(ctx, day(1-days), day(0), day(0), day(CapacityDays-1), TopLimit)
	if err != nil {
		return insights.Overview{}, fmt.Errorf("dashboard: insights: %w", err)
	}
	hours, err := h.hours.ServiceHours(ctx)
	if err != nil {
		return insights.Overview{}, fmt.Errorf("dashboard: insights: %w", err)
	}
	for i, d := range o.Capacity {
		t, err := time.ParseInLocation(time.DateOnly, d.Day, catalogue.Cairo)
		if err != nil {
			return insights.Overview{}, fmt.Errorf("dashboard: insights: capacity day %q: %w", d.Day, err)
		}
		o.Capacity[i].Capacity = order.DayCapacity(hours, t, d.Capacity)
	}
	return o, nil
}

// The read model's answers, as the HTTP layer encodes them.
type (
	Overview    = insights.Overview
	Named       = insights.Named
	Ranked      = insights.Ranked
	DayBookings = insights.DayBookings
	DayCount    = insights.DayCount
	DayCapacity = insights.DayCapacity
	Enquiries   = insights.Enquiries
)
