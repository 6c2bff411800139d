package app

import (
	"context"
	"encoding/json"

	appdashboard "mishwar/commands/dashboard"
	"mishwar/httpapi/dashboard"
	insightsrm "mishwar/projections/insights"
	ordersrm "mishwar/projections/orders"
)

// dashboard builds the admin dashboard: the landing figures from the orders read model, the charts
// and the needs-attention queue from the insights read model, and the stuck process steps from the
// job queue; "today" by the commands' clock, trip days open or closed by the orders' service hours.
func (a *App) dashboard(orders *ordersrm.Reader, hours appdashboard.ServiceHours) *dashboard.Handler {
	return dashboard.New(appdashboard.New(appdashboard.Config{Orders: orders, Insights: insightsrm.NewReader(a.Pool),
		Hours: hours, Starts: orders, Stuck: stuckSteps{a}, Now: a.Commands.Now}))
}

// stuckSteps lists the job queue's stuck jobs as the dashboard's stuck process steps.
type stuckSteps struct{ a *App }

func (s stuckSteps) Stuck(ctx context.Context, limit int) ([]appdashboard.StuckStep, error) {
	jobs, err := s.a.jobQueue.Stuck(ctx, limit)
	if err != nil {
		return nil, err
	}
	out := make([]appdashboard.StuckStep, 0, len(jobs))
	for _, j := range jobs {
		var payload struct {
			OrderID string `json:"order_id"`
		}
		_ = json.Unmarshal(j.Payload, &payload) // a job without an order is still listed
		out = append(out, appdashboard.StuckStep{ID: j.ID.String(), Kind: j.Kind, OrderID: payload.OrderID, Attempts: j.Attempts,
			LastError: j.LastError, Since: j.CreatedAt})
	}
	return out, nil
}
