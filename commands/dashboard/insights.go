package dashboard

import (
	"context"
	"fmt"
	"time"

	"mishwar/domain"
	"mishwar/domain/catalogue"
	"mishwar/projections/insights"
)

// Insights is the part of the insights read model the dashboard reads.
type Insights interface {
	Overview(ctx context.Context, from, to, capFrom, capTo string, limit int) (insights.Overview, error)
	Attention(ctx context.Context, noDriverDay string, limit int) ([]insights.AttentionItem, error)
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
	now      func() time.Time
}

// Handle returns the figures of the last days Cairo days (30 or 90, today included) and of the
// CapacityDays trip days from today.
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
