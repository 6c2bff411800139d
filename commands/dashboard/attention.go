package dashboard

import (
	"context"
	"fmt"
	"time"

	"mishwar/domain/availability"
	"mishwar/domain/catalogue"
	"mishwar/domain/order"
	"mishwar/projections/insights"
	ordersrm "mishwar/projections/orders"
)

// KindStuckStep is a process step (a refund asked of the provider, a payment page being opened, ...)
// that failed for good or was retried too often.
const KindStuckStep = "stuck_step"

// KindQuoteOnClosedDay is an open quote whose start the office's settings now refuse (a holiday or
// closed weekday added, hours changed since it was quoted): its traveller cannot pay it until staff
// quote it again with a new date. KindTripOnClosedDay is an order (waiting for payment, or paid)
// whose trip now falls on such a day or hour: staff decide whether it still runs, move it or cancel it.
const (
	KindQuoteOnClosedDay = "quote_on_closed_day"
	KindTripOnClosedDay  = "trip_on_closed_day"
)

// DatedStarts lists the quotes and orders whose trip day is from on (ordersrm.Reader.DatedStarts).
type DatedStarts interface {
	DatedStarts(ctx context.Context, from availability.Day, limit int) ([]ordersrm.DatedStart, error)
}

// StuckStep is a process step waiting for an operator.
type StuckStep struct {
	ID        string
	Kind      string
	OrderID   string
	Attempts  int
	LastError string
	Since     time.Time
}

// StuckSteps lists the process steps that need an operator, oldest first (the job queue).
type StuckSteps interface {
	Stuck(ctx context.Context, limit int) ([]StuckStep, error)
}

// AttentionLimit is how many items of each source the queue shows.
const AttentionLimit = 100

// AttentionItem is one thing to settle: an order's (insights.AttentionItem) or a stuck step (Step).
type AttentionItem struct {
	insights.AttentionItem
	Step *StuckStep
}

// Attention is the queue, with the Cairo day it calls tomorrow.
type Attention struct {
	Tomorrow string
	Items    []AttentionItem
}

// AttentionHandler answers the needs-attention queue.
type AttentionHandler struct {
	insights Insights
	stuck    StuckSteps
	starts   DatedStarts
	hours    ServiceHours
	now      func() time.Time
}

// Handle lists the orders' open items (refund requests, money that differs from what was asked,
// failed refunds, paid orders without a car, ...), tomorrow's confirmed trips without a driver and
// the stuck process steps.
func (h AttentionHandler) Handle(ctx context.Context) (Attention, error) {
	tomorrow := h.now().In(catalogue.Cairo).AddDate(0, 0, 1).Format(time.DateOnly)
	items, err := h.insights.Attention(ctx, tomorrow, AttentionLimit)
	if err != nil {
		return Attention{}, fmt.Errorf("dashboard: attention: %w", err)
	}
	out := Attention{Tomorrow: tomorrow, Items: make([]AttentionItem, 0, len(items))}
	for _, it := range items {
		out.Items = append(out.Items, AttentionItem{AttentionItem: it})
	}
	closed, err := h.closedStarts(ctx)
	if err != nil {
		return Attention{}, err
	}
	out.Items = append(out.Items, closed...)
	if h.stuck == nil {
		return out, nil
	}
	steps, err := h.stuck.Stuck(ctx, AttentionLimit)
	if err != nil {
		return Attention{}, fmt.Errorf("dashboard: stuck steps: %w", err)
	}
	for _, s := range steps {
		out.Items = append(out.Items, AttentionItem{AttentionItem: insights.AttentionItem{Kind: KindStuckStep, OrderID: s.OrderID, Since: s.Since}, Step: &s})
	}
	return out, nil
}

// closedStarts are the quotes and orders ahead whose start the office's settings refuse today, by
// checkout's rule for a start (order.ClosedStart).
func (h AttentionHandler) closedStarts(ctx context.Context) ([]AttentionItem, error) {
	if h.starts == nil || h.hours == nil {
		return nil, nil
	}
	hours, err := h.hours.ServiceHours(ctx)
	if err != nil {
		return nil, fmt.Errorf("dashboard: office hours: %w", err)
	}
	starts, err := h.starts.DatedStarts(ctx, availability.DayOf(h.now().In(catalogue.Cairo)), 10*AttentionLimit)
	if err != nil {
		return nil, fmt.Errorf("dashboard: dated starts: %w", err)
	}
	var out []AttentionItem
	for _, s := range starts {
		if field, _ := order.ClosedStart(s.StartAt, hours); field == "" {
			continue
		}
		kind := KindTripOnClosedDay
		if s.Kind == ordersrm.StartOfQuote {
			kind = KindQuoteOnClosedDay
		}
		out = append(out, AttentionItem{AttentionItem: insights.AttentionItem{Kind: kind, OrderID: s.ID, Since: s.Since, Day: s.Day}})
		if len(out) == AttentionLimit {
			break
		}
	}
	return out, nil
}
