package dashboard

import (
	"context"
	"fmt"
	"time"

	ordersrm "mishwar/projections/orders"
)

// OrderFigures is the part of the orders read model the landing figures need.
type OrderFigures interface {
	Dashboard(ctx context.Context, now time.Time, cairo *time.Location) (ordersrm.Dashboard, error)
}

// FiguresHandler answers the landing figures as of now, with days and months as Cairo lives them.
type FiguresHandler struct {
	orders OrderFigures
	now    func() time.Time
	cairo  *time.Location
}

// Handle returns today's figures.
func (h FiguresHandler) Handle(ctx context.Context) (ordersrm.Dashboard, error) {
	d, err := h.orders.Dashboard(ctx, h.now(), h.cairo)
	if err != nil {
		return ordersrm.Dashboard{}, fmt.Errorf("dashboard: figures: %w", err)
	}
	return d, nil
}
