package dashboard

import (
	"context"
	"fmt"
	"time"

	"mishwar/domain/catalogue"
	"mishwar/projections/insights"
)

// KindStuckStep is a process step (a refund asked of the provider, a payment page being opened, ...)
// that failed for good or was retried too often.
const KindStuckStep = "stuck_step"

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
