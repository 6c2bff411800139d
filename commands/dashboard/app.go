// Package dashboard is the application of the admin area's landing page: the figures an operator
// reads first. It only reads; the figures come from read models rebuilt from the events.
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
	Figures FiguresHandler
}

// New wires the dashboard's application to its read models.
func New(orders OrderFigures, now func() time.Time) Application {
	if now == nil {
		now = time.Now
	}
	return Application{Queries: Queries{Figures: FiguresHandler{orders: orders, now: now, cairo: catalogue.Cairo}}}
}
