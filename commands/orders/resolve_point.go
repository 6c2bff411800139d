package orders

import (
	"context"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"

	"mishwar/domain"
	"mishwar/domain/cart"
	"mishwar/domain/order"
)

// PointRequest is a start or end as a checkout or enquiry form sends it: a pickup point's id, or a
// place of the traveller's own by name and coordinates.
type PointRequest struct {
	PickupPointID string
	Name          string
	Lat, Lng      float64
}

// PickupPoints finds the admin's pickup points (the catalogue read model answers it).
type PickupPoints interface {
	// PickupPoint is the point with id as a cart point; ok is false for one that is unknown,
	// inactive or archived.
	PickupPoint(ctx context.Context, id uuid.UUID) (p cart.Point, ok bool, err error)
}

// resolvePoint turns a requested point into a cart point: a pickup point by id from the catalogue
// (never the client's coordinates), a place of one's own by name and coordinates inside the
// service area (domain/cart's, the one definition of where Mishwar drives).
func (h *Handlers) resolvePoint(ctx context.Context, field string, p *PointRequest) (*cart.Point, error) {
	if p == nil {
		return nil, nil
	}
	refuse := func(key string) error { return &domain.ValidationError{Fields: map[string][]string{field: {key}}} }
	if id := strings.TrimSpace(p.PickupPointID); id != "" {
		uid, err := uuid.Parse(id)
		if err != nil || h.pickupPoints == nil {
			return nil, refuse(cart.KeyPickupPointUnavailable)
		}
		pp, ok, err := h.pickupPoints.PickupPoint(ctx, uid)
		switch {
		case err != nil:
			return nil, fmt.Errorf("orders: pickup point %s: %w", uid, err)
		case !ok:
			return nil, refuse(cart.KeyPickupPointUnavailable)
		}
		return &pp, nil
	}
	name := strings.TrimSpace(p.Name)
	switch {
	case name == "":
		return nil, refuse(order.KeyPickupRequired)
	case utf8.RuneCountInString(name) > cart.MaxPointNameLength:
		return nil, refuse(cart.KeyPointNameTooLong)
	case !domain.ServiceArea.Contains(p.Lat, p.Lng):
		return nil, refuse(cart.KeyOutsideServiceArea)
	}
	return &cart.Point{Kind: cart.CustomPoint, Name: name, Lat: p.Lat, Lng: p.Lng}, nil
}

// resolvePoints resolves a form's start and end.
func (h *Handlers) resolvePoints(ctx context.Context, start, end *PointRequest) (*cart.Point, *cart.Point, error) {
	s, err := h.resolvePoint(ctx, "pickup", start)
	if err != nil {
		return nil, nil, err
	}
	e, err := h.resolvePoint(ctx, "end", end)
	if err != nil {
		return nil, nil, err
	}
	return s, e, nil
}
