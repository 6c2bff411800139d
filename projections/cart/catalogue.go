package cart

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"

	"mishwar/domain/cart"
	cat "mishwar/domain/catalogue"
	"mishwar/domain/money"
	"mishwar/domain/trip"
	"mishwar/projections/catalogue"
)

// CatalogueAdapter answers the cart's questions (commands/cart.Catalogue and this package's
// Catalogue) from the catalogue read model.
type CatalogueAdapter struct {
	Reader *catalogue.Reader
}

// NewCatalogue adapts r.
func NewCatalogue(r *catalogue.Reader) *CatalogueAdapter { return &CatalogueAdapter{Reader: r} }

// Destination implements commands/cart.Catalogue.
func (a *CatalogueAdapter) Destination(ctx context.Context, id string) (cart.FoundDestination, bool, error) {
	uid, err := uuid.Parse(id)
	if err != nil {
		return cart.FoundDestination{}, false, nil
	}
	d, err := a.Reader.Destination(ctx, uid)
	if errors.Is(err, cat.ErrDestinationNotFound) {
		return cart.FoundDestination{}, false, nil
	}
	if err != nil {
		return cart.FoundDestination{}, false, err
	}
	return foundDestination(d), true, nil
}

func foundDestination(d catalogue.Destination) cart.FoundDestination {
	return cart.FoundDestination{
		Destination: cart.Destination{
			ID: d.ID.String(), Slug: d.Slug, NameEN: d.Name.En, NameAR: d.Name.Ar,
			Lat: d.Lat, Lng: d.Lng, VisitMinutes: d.VisitMinutes,
		},
		Published: d.Visible(),
	}
}

// Program implements commands/cart.Catalogue; ref is the program's id or slug.
func (a *CatalogueAdapter) Program(ctx context.Context, ref string) (cart.Program, bool, error) {
	p, err := a.Reader.ProgramByRef(ctx, ref)
	if errors.Is(err, cat.ErrProgramNotFound) {
		return cart.Program{}, false, nil
	}
	if err != nil {
		return cart.Program{}, false, err
	}
	dests, err := a.Reader.Destinations(ctx, p.DestinationIDs)
	if err != nil {
		return cart.Program{}, false, err
	}
	byID := make(map[uuid.UUID]catalogue.Destination, len(dests))
	for _, d := range dests {
		byID[d.ID] = d
	}
	out := cart.Program{ID: p.ID.String(), NameEN: p.Name.En, Published: p.Visible()}
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

// PickupPoint implements commands/cart.Catalogue.
func (a *CatalogueAdapter) PickupPoint(ctx context.Context, id string) (cart.FoundPoint, bool, error) {
	uid, err := uuid.Parse(id)
	if err != nil {
		return cart.FoundPoint{}, false, nil
	}
	p, err := a.Reader.PickupPoint(ctx, uid)
	if errors.Is(err, cat.ErrPickupPointNotFound) {
		return cart.FoundPoint{}, false, nil
	}
	if err != nil {
		return cart.FoundPoint{}, false, err
	}
	return cart.FoundPoint{Point: pickupPoint(p), Available: p.Active && !p.Archived}, true, nil
}

func pickupPoint(p catalogue.PickupPoint) cart.Point {
	return cart.Point{Kind: cart.PickupPoint, PickupPointID: p.ID.String(), Name: p.Name.En, NameAR: p.Name.Ar, Lat: p.Lat, Lng: p.Lng}
}

// Destinations implements Catalogue: only destinations visitors may see.
func (a *CatalogueAdapter) Destinations(ctx context.Context, ids []string) (map[string]Destination, error) {
	uids := make([]uuid.UUID, 0, len(ids))
	for _, id := range ids {
		if uid, err := uuid.Parse(id); err == nil {
			uids = append(uids, uid)
		}
	}
	out := make(map[string]Destination, len(uids))
	if len(uids) == 0 {
		return out, nil
	}
	dests, err := a.Reader.Destinations(ctx, uids)
	if err != nil {
		return nil, err
	}
	for _, d := range dests {
		if !d.Visible() {
			continue
		}
		hours, err := openingHours(d.OpeningHours)
		if err != nil {
			return nil, fmt.Errorf("destination %s: %w", d.ID, err)
		}
		photo := ""
		if len(d.Photos) > 0 {
			photo = d.Photos[0]
		}
		// Keyed by the id as asked, so a client's upper-case id still finds its destination.
		for _, id := range ids {
			if uid, err := uuid.Parse(id); err == nil && uid == d.ID {
				out[id] = Destination{
					ID: d.ID.String(), Slug: d.Slug, NameEN: d.Name.En, NameAR: d.Name.Ar,
					Lat: d.Lat, Lng: d.Lng, Photo: photo, VisitMinutes: d.VisitMinutes, Hours: hours,
				}
			}
		}
	}
	return out, nil
}

// openingHours converts the catalogue's weekly hours. A destination with no hours at all is taken as
// "hours unknown" rather than "closed every day", which would flag every trip.
func openingHours(w cat.WeeklyHours) (trip.OpeningHours, error) {
	if len(w) == 0 {
		return nil, nil
	}
	h := trip.OpeningHours{}
	for _, d := range w {
		open, err := cat.Minutes(d.Open)
		if err != nil {
			return nil, err
		}
		closing, err := cat.Minutes(d.Close)
		if err != nil {
			return nil, err
		}
		h[d.Day] = append(h[d.Day], trip.Span{Open: open, Close: closing})
	}
	return h, nil
}

// ActiveRatePlans implements Catalogue.
func (a *CatalogueAdapter) ActiveRatePlans(ctx context.Context) ([]RatePlan, error) {
	plans, err := a.Reader.ActiveRatePlans(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]RatePlan, len(plans))
	for i, p := range plans {
		out[i] = RatePlan{
			RatePlan: trip.RatePlan{ID: p.ID.String(), Name: p.Name.En, PricePerKm: p.PricePerKm, WaitingPerHour: p.WaitingPerHour},
			NameAR:   p.Name.Ar,
		}
	}
	return out, nil
}

// DefaultPickupPoint implements Catalogue.
func (a *CatalogueAdapter) DefaultPickupPoint(ctx context.Context) (cart.Point, bool, error) {
	p, err := a.Reader.DefaultPickupPoint(ctx)
	if errors.Is(err, catalogue.ErrNoDefaultPickupPoint) {
		return cart.Point{}, false, nil
	}
	if err != nil {
		return cart.Point{}, false, err
	}
	return pickupPoint(p), true, nil
}

// CurrencyRates implements Catalogue.
func (a *CatalogueAdapter) CurrencyRates(ctx context.Context) ([]money.Rate, error) {
	rates, _, err := a.Reader.CurrencyRates(ctx)
	return rates, err
}
