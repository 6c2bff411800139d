// Package dashboard is the application of the admin area's landing page: the figures an operator
// reads first, the charts of the last 30 or 90 days and the weeks ahead, and the queue of what needs
// an operator. It only reads; the figures come from read models rebuilt from the events (the stuck
// process steps from the job queue).
package dashboard

import (
	"time"

	"mishwar/domain/catalogue"
)

// Application is everything the dashboard's HTTP layer may call.
type Application struct {
	Commands Commands
	Queries  Queries
}

// Commands: the dashboard changes nothing.
type Commands struct{}

// Queries are the dashboard's reads, one file each.
type Queries struct {
	Figures   FiguresHandler
	Insights  InsightsHandler
	Attention AttentionHandler
}

// Config is what the dashboard reads from.
type Config struct {
	Orders   OrderFigures
	Insights Insights
	// Hours are the service hours the booking calendar reads: a day they close has no capacity.
	Hours ServiceHours
	// Starts lists the quotes and orders ahead, judged against the service hours for the queue
	// (nil: none are shown).
	Starts DatedStarts
	// Stuck lists the process steps that need an operator (nil: none are shown).
	Stuck StuckSteps
	// Now is the clock (nil: time.Now).
	Now func() time.Time
}

// New wires the dashboard's application to its read models.
func New(c Config) Application {
	if c.Now == nil {
		c.Now = time.Now
	}
	return Application{Queries: Queries{
		Figures:   FiguresHandler{orders: c.Orders, now: c.Now, cairo: catalogue.Cairo},
		Insights:  InsightsHandler{insights: c.Insights, hours: c.Hours, now: c.Now},
		Attention: AttentionHandler{insights: c.Insights, stuck: c.Stuck, starts: c.Starts, hours: c.Hours, now: c.Now},
	}}
}
