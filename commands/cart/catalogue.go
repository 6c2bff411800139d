package cart

import (
	"context"
	"errors"

	"github.com/google/uuid"

	"mishwar/domain/cart"
	cat "mishwar/domain/catalogue"
	catrm "mishwar/projections/catalogue"
)

// Catalogue is the part of the catalogue read model (projections/catalogue.Reader) the cart's
// commands look up: what the user adds and the pickup points they choose.
type Catalogue interface {
	Destination(ctx context.Context, id uuid.UUID) (catrm.Destination, error)
	Destinations(ctx context.Context, ids []uuid.UUID) ([]catrm.Destination, error)
	ProgramByRef(ctx context.Context, ref string) (catrm.Program, error)
	PickupPoint(ctx context.Context, id uuid.UUID) (catrm.PickupPoint, error)
}

// lookup finds what a cart command refers to, as the facts the decider takes (domain/cart). Each
// answers found=false for an id it does not know; a destination or program that exists but is not
// published comes back with Published false, so the decider says why it refuses.
type lookup struct{ catalogue Catalogue }

func (l lookup) Destination(ctx context.Context, id string) (cart.FoundDestination, bool, error) {
	uid, err := uuid.Parse(id)
	if err != nil {
		return cart.FoundDestination{}, false, nil
	}
	d, err := l.catalogue.Destination(ctx, uid)
	if errors.Is(err, cat.ErrDestinationNotFound) {
		return cart.FoundDestination{}, false, nil
	}
	if err != nil {
		return cart.FoundDestination{}, false, err
	}
	return foundDestination(d), true, nil
}

func foundDestination(d catrm.Destination) cart.FoundDestination {
	return cart.FoundDestination{
		Destination: cart.Destination{
			ID: d.ID.String(), Slug: d.Slug, NameEN: d.Name.En, NameAR: d.Name.Ar,
			Lat: d.Lat, Lng: d.Lng, VisitMinutes: d.VisitMinutes,
		},
		Published: d.Visible(),
	}
}

// Program finds a program by id or slug, with its destinations in the program's order.
func (l lookup) Program(ctx context.Context, ref string) (cart.Program, bool, error) {
	p, err := l.catalogue.ProgramByRef(ctx, ref)
	if errors.Is(err, cat.ErrProgramNotFound) {
		return cart.Program{}, false, nil
	}
	if err != nil {
		return cart.Program{}, false, err
	}
	dests, err := l.catalogue.Destinations(ctx, p.DestinationIDs)
	if err != nil {
		return cart.Program{}, false, err
	}
	byID := make(map[uuid.UUID]catrm.Destination, len(dests))
	for _, d := range dests {
		byID[d.ID] = d
	}
	out := cart.Program{ID: p.ID.String(), NameEN: p.Name.En, NameAR: p.Name.Ar, Published: p.Visible()}
	for _, id := range p.DestinationIDs {
		d, ok := byID[id]
		if !ok {
			out.Destinations = append(out.Destinations, cart.FoundDestination{Destination: cart.Destination{ID: id.String()}})
			continue
		}
		out.Destinations = append(out.Destinations, foundDestination(d))
	}
	return out, true, nil
}

func (l lookup) PickupPoint(ctx context.Context, id string) (cart.FoundPoint, bool, error) {
	uid, err := uuid.Parse(id)
	if err != nil {
		return cart.FoundPoint{}, false, nil
	}
	p, err := l.catalogue.PickupPoint(ctx, uid)
	if errors.Is(err, cat.ErrPickupPointNotFound) {
		return cart.FoundPoint{}, false, nil
	}
	if err != nil {
		return cart.FoundPoint{}, false, err
	}
	point := cart.Point{Kind: cart.PickupPoint, PickupPointID: p.ID.String(), Name: p.Name.En, NameAR: p.Name.Ar, Lat: p.Lat, Lng: p.Lng}
	return cart.FoundPoint{Point: point, Available: p.Active && !p.Archived}, true, nil
}
