package cart

import (
	"context"
	"fmt"

	"mishwar/commands"
	"mishwar/domain/cart"
)

// PointChoice is a start or end point as a client names it: a pickup point by id, or a place of its
// own (a saved address, a spot on the map) by name and coordinates.
type PointChoice struct {
	PickupPointID string
	Name          string
	Lat, Lng      float64
}

// ChoosePoints sets the route's start (nil: the default pickup point) and end (nil with
// endSameAsStart: back to the start).
func (h *Handlers) ChoosePoints(ctx context.Context, userID string, start, end *PointChoice, endSameAsStart bool, meta commands.Meta) (Result, error) {
	cmd := cart.ChooseCartPoints{EndSameAsStart: endSameAsStart}
	var err error
	if cmd.Start, err = h.resolve(ctx, start); err != nil {
		return Result{}, err
	}
	if !endSameAsStart {
		if cmd.End, err = h.resolve(ctx, end); err != nil {
			return Result{}, err
		}
	}
	return h.execute(ctx, userID, cmd, meta)
}

func (h *Handlers) resolve(ctx context.Context, c *PointChoice) (*cart.FoundPoint, error) {
	if c == nil {
		return nil, nil
	}
	if c.PickupPointID == "" {
		return &cart.FoundPoint{Point: cart.Point{Kind: cart.CustomPoint, Name: c.Name, Lat: c.Lat, Lng: c.Lng}}, nil
	}
	p, found, err := h.catalogue.PickupPoint(ctx, c.PickupPointID)
	if err != nil {
		return nil, fmt.Errorf("cart: look up pickup point %s: %w", c.PickupPointID, err)
	}
	if !found {
		// The decider refuses it on the field: unavailable.
		return &cart.FoundPoint{Point: cart.Point{Kind: cart.PickupPoint, PickupPointID: c.PickupPointID}}, nil
	}
	return &p, nil
}
