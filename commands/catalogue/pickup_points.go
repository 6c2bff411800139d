package catalogue

import (
	"context"
	"errors"

	"github.com/google/uuid"

	catrm "mishwar/projections/catalogue"
)

// PickupPointsReader is the part of the read model the pickup point list needs.
type PickupPointsReader interface {
	PickupPoints(ctx context.Context) ([]catrm.PickupPoint, error)
	DefaultPickupPoint(ctx context.Context) (catrm.PickupPoint, error)
}

// PickupPoints are the points a trip may start from, and the default one (nil when none is set).
type PickupPoints struct {
	Points    []PickupPoint
	DefaultID *uuid.UUID
}

// PickupPointsHandler lists the pickup points.
type PickupPointsHandler struct {
	rm PickupPointsReader
}

// Handle lists the pickup points with the default.
func (h PickupPointsHandler) Handle(ctx context.Context) (PickupPoints, error) {
	points, err := h.rm.PickupPoints(ctx)
	if err != nil {
		return PickupPoints{}, err
	}
	out := PickupPoints{Points: points}
	if def, err := h.rm.DefaultPickupPoint(ctx); err == nil {
		out.DefaultID = &def.ID
	} else if !errors.Is(err, catrm.ErrNoDefaultPickupPoint) {
		return PickupPoints{}, err
	}
	return out, nil
}
