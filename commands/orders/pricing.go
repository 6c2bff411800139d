package orders

import (
	"context"
	"fmt"
	"time"

	"mishwar/commands"
	"mishwar/commands/pricing"
	"mishwar/domain"
	"mishwar/domain/availability"
	"mishwar/domain/cart"
	"mishwar/domain/catalogue"
	"mishwar/domain/money"
	"mishwar/domain/order"
	"mishwar/domain/trip"
	catrm "mishwar/projections/catalogue"
)

// CartPricing asks for the price of a user's cart as an order.
type CartPricing struct {
	UserID     string
	StartAt    time.Time
	RatePlanID string
	// Start and End, when set, replace the cart's points (the checkout's choice).
	Start, End *cart.Point
}

// Priced is a trip as an order records it, with the currency rates it was shown in.
type Priced struct {
	Trip  order.Trip
	Rates []money.Rate
	// Quote is the trip priced and timed from its start: its Calc.Fit is the one-day rule's verdict.
	Quote trip.Quote
}

// Pricer prices itineraries for orders with the trip calculation (domain/trip).
type Pricer interface {
	PriceCart(ctx context.Context, p CartPricing) (Priced, error)
	// PriceChange prices an order's trip (booked) again for another start or rate plan (an
	// exchange): its own stops and rate plan as it recorded them where the catalogue has archived
	// them since (pricing.Quoter.QuoteBookedEach), another plan as the catalogue offers it now.
	PriceChange(ctx context.Context, booked order.Trip, startAt time.Time, ratePlanID string) (Priced, error)
	// QuoteChangeAt quotes an order's trip once for each start as PriceChange prices it (the pickup
	// times of an exchange).
	QuoteChangeAt(ctx context.Context, booked order.Trip, starts []time.Time) ([]trip.Quote, error)
	// PriceItinerary prices an itinerary from the catalogue as it is now (an enquiry's).
	PriceItinerary(ctx context.Context, itin order.Itinerary, startAt time.Time, ratePlanID string) (Priced, error)
	// PriceProgram prices a catalogue program as an itinerary from the chosen start (an enquiry).
	PriceProgram(ctx context.Context, p ProgramPricing) (Priced, error)
	// QuoteCartAt quotes a user's cart (p.UserID, with p.Start and p.End over its points when set)
	// once for each start (the pickup times of a day).
	QuoteCartAt(ctx context.Context, p CartPricing, starts []time.Time) ([]trip.Quote, error)
	// ProgramItinerary is the itinerary PriceProgram prices for p (its start and end resolved as
	// PriceProgram resolves them), for quoting it at other starts.
	ProgramItinerary(ctx context.Context, p ProgramPricing) (order.Itinerary, error)
	// QuoteItineraryAt quotes an itinerary once for each start as PriceItinerary prices it.
	QuoteItineraryAt(ctx context.Context, itin order.Itinerary, starts []time.Time) ([]trip.Quote, error)
}

// ProgramPricing asks for the estimate of a program.
type ProgramPricing struct {
	ProgramID string
	// UserID, when set, lends the start and end of the user's cart when none is given.
	UserID     string
	StartAt    time.Time
	RatePlanID string
	Start, End *cart.Point
}

// KeyRateUnavailable: the chosen rate plan cannot price this itinerary (inactive, or bad data).
const KeyRateUnavailable = "orders.rate_unavailable"

// CartPricer prices the cart as its own stream holds it (never a read model that may lag), with the
// quoter the cart shows its prices with (commands/pricing): the same calculation the traveller saw in
// the cart, for the chosen departure and rate plan.
type CartPricer struct {
	// Carts loads carts from their streams.
	Carts  *commands.Runner
	Quoter *pricing.Quoter
	// Catalogue finds programs and their destinations (for enquiries about a program).
	Catalogue *catrm.Reader
}

// PriceCart implements Pricer. A start point that is the admin's default (none chosen) is left empty,
// so the order decider asks for a pickup point.
func (p *CartPricer) PriceCart(ctx context.Context, req CartPricing) (Priced, error) {
	v, err := pricing.CartFromStream(ctx, p.Carts, req.UserID)
	if err != nil {
		return Priced{}, fmt.Errorf("orders: %w", err)
	}
	if req.Start != nil {
		v.Start = req.Start
	}
	if req.End != nil {
		v.End = req.End
	}
	q, err := p.Quoter.Quote(ctx, v, req.StartAt)
	if err != nil {
		return Priced{}, fmt.Errorf("orders: price cart: %w", err)
	}
	rates, err := p.Quoter.CurrencyRates(ctx)
	if err != nil {
		return Priced{}, fmt.Errorf("orders: %w", err)
	}
	return Priced{Trip: TripFromQuote(q, req.StartAt, req.RatePlanID), Rates: rates, Quote: q}, nil
}

// QuoteCartAt implements Pricer, from the cart's own stream as PriceCart does.
func (p *CartPricer) QuoteCartAt(ctx context.Context, req CartPricing, starts []time.Time) ([]trip.Quote, error) {
	v, err := pricing.CartFromStream(ctx, p.Carts, req.UserID)
	if err != nil {
		return nil, fmt.Errorf("orders: %w", err)
	}
	if req.Start != nil {
		v.Start = req.Start
	}
	if req.End != nil {
		v.End = req.End
	}
	qs, err := p.Quoter.QuoteEach(ctx, v, starts)
	if err != nil {
		return nil, fmt.Errorf("orders: quote cart: %w", err)
	}
	return qs, nil
}

// TripFromQuote maps a quote to the trip an order records. A plan the quote could not price leaves
// the rate plan empty, which the caller reports.
func TripFromQuote(q trip.Quote, startAt time.Time, planID string) order.Trip {
	t := order.Trip{StartAt: startAt.UTC(), Day: availability.DayOf(startAt.In(catalogue.Cairo))}
	if !q.Start.Default {
		t.Itinerary.Start = point(q.Start.Point)
		t.Itinerary.End = t.Itinerary.Start
		if !q.End.SameAsStart {
			t.Itinerary.End = point(q.End.Point)
		}
	}
	for _, s := range q.Stops {
		if !s.Available {
			continue
		}
		d := s.Destination
		t.Itinerary.Stops = append(t.Itinerary.Stops, order.Stop{DestinationID: d.ID, NameEN: d.NameEN, NameAR: d.NameAR,
			Lat: d.Lat, Lng: d.Lng, VisitMinutes: d.VisitMinutes})
		if s.Item.ProgramID != "" && t.Itinerary.ProgramID == "" {
			t.Itinerary.ProgramID = s.Item.ProgramID
		}
	}
	for _, l := range q.Legs {
		t.Quote.Legs = append(t.Quote.Legs, order.Leg{From: l.From.NameEN, To: l.To.NameEN, DistanceMeters: l.Meters, DriveMinutes: int(trip.Minutes(l.Duration))})
	}
	t.Quote.DistanceMeters = q.Calc.Meters
	t.Quote.DriveMinutes = int(q.Calc.DrivingMinutes())
	t.Quote.DurationMinutes = int(trip.Minutes(q.Calc.Total()))
	t.Quote.WaitingMinutes = int(q.Calc.WaitingMinutes)
	if rc, ok := q.RatePlan(planID); ok {
		t.RatePlan = order.RatePlan{ID: planID, Name: rc.Plan.Name, NameAR: rc.Plan.NameAR, PerKm: rc.Plan.PricePerKm, WaitingPerHour: rc.Plan.WaitingPerHour,
			Seats: rc.Plan.Seats}
		t.Quote.DistanceCost, t.Quote.WaitingCost, t.Quote.Total = rc.DistanceCost, rc.WaitingCost, rc.Total
	}
	return t
}

func point(p cart.Point) order.Point {
	return order.Point{Name: p.Name, NameAR: p.NameAR, Lat: p.Lat, Lng: p.Lng, PickupPointID: p.PickupPointID}
}

// rateUnavailable is the field error for a plan that was asked for but not priced.
func rateUnavailable() error {
	v := &domain.ValidationError{}
	v.Add("rate_plan_id", KeyRateUnavailable)
	return v
}

// PriceItinerary implements Pricer: the stops are quoted as an itinerary like a cart's, by the very
// calculation a cart is.
func (p *CartPricer) PriceItinerary(ctx context.Context, itin order.Itinerary, startAt time.Time, ratePlanID string) (Priced, error) {
	q, err := p.Quoter.Quote(ctx, tripItinerary(itin), startAt)
	if err != nil {
		return Priced{}, fmt.Errorf("orders: price itinerary: %w", err)
	}
	rates, err := p.Quoter.CurrencyRates(ctx)
	if err != nil {
		return Priced{}, fmt.Errorf("orders: %w", err)
	}
	t := TripFromQuote(q, startAt, ratePlanID)
	t.Itinerary.ProgramID, t.Itinerary.ProgramName, t.Itinerary.ProgramNameAR = itin.ProgramID, itin.ProgramName, itin.ProgramNameAR
	return Priced{Trip: t, Rates: rates, Quote: q}, nil
}

// QuoteItineraryAt implements Pricer: the itinerary quoted for each start by the calculation
// PriceItinerary prices it with (so the times offered are those an enquiry is judged by).
func (p *CartPricer) QuoteItineraryAt(ctx context.Context, itin order.Itinerary, starts []time.Time) ([]trip.Quote, error) {
	qs, err := p.Quoter.QuoteEach(ctx, tripItinerary(itin), starts)
	if err != nil {
		return nil, fmt.Errorf("orders: quote itinerary: %w", err)
	}
	return qs, nil
}

// PriceChange implements Pricer with the cart's calculation, the order's trip laid out and priced as
// it booked it where the catalogue has changed since (order.Trip.PlansForChange, trip.BookedPlaces).
func (p *CartPricer) PriceChange(ctx context.Context, booked order.Trip, startAt time.Time, ratePlanID string) (Priced, error) {
	qs, err := p.quoteChange(ctx, booked, []time.Time{startAt}, ratePlanID)
	if err != nil {
		return Priced{}, err
	}
	rates, err := p.Quoter.CurrencyRates(ctx)
	if err != nil {
		return Priced{}, fmt.Errorf("orders: %w", err)
	}
	itin := booked.Itinerary
	t := TripFromQuote(qs[0], startAt, ratePlanID)
	t.Itinerary.ProgramID, t.Itinerary.ProgramName, t.Itinerary.ProgramNameAR = itin.ProgramID, itin.ProgramName, itin.ProgramNameAR
	return Priced{Trip: t, Rates: rates, Quote: qs[0]}, nil
}

// QuoteChangeAt implements Pricer, as PriceChange prices the order's own plan.
func (p *CartPricer) QuoteChangeAt(ctx context.Context, booked order.Trip, starts []time.Time) ([]trip.Quote, error) {
	return p.quoteChange(ctx, booked, starts, booked.RatePlan.ID)
}

func (p *CartPricer) quoteChange(ctx context.Context, booked order.Trip, starts []time.Time, ratePlanID string) ([]trip.Quote, error) {
	qs, err := p.Quoter.QuoteBookedEach(ctx, tripItinerary(booked.Itinerary), starts, func(offered []trip.RatePlan) ([]trip.RatePlan, error) {
		return booked.PlansForChange(offered, ratePlanID)
	})
	if err != nil {
		return nil, fmt.Errorf("orders: quote change: %w", err)
	}
	return qs, nil
}

// tripItinerary is an order's itinerary as the trip calculation reads a cart.
func tripItinerary(itin order.Itinerary) trip.Itinerary {
	v := trip.Itinerary{Version: -1}
	for i, s := range itin.Stops {
		v.Items = append(v.Items, trip.Item{ID: fmt.Sprintf("stop-%d", i), DestinationID: s.DestinationID, Position: i + 1, ProgramID: itin.ProgramID,
			Recorded: cart.Destination{ID: s.DestinationID, NameEN: s.NameEN, NameAR: s.NameAR, Lat: s.Lat, Lng: s.Lng, VisitMinutes: s.VisitMinutes}})
	}
	start := cartPoint(itin.Start)
	end := cartPoint(itin.End)
	v.Start, v.End = &start, &end
	return v
}

func cartPoint(p order.Point) cart.Point {
	kind := cart.CustomPoint
	if p.PickupPointID != "" {
		kind = cart.PickupPoint
	}
	return cart.Point{Kind: kind, PickupPointID: p.PickupPointID, Name: p.Name, NameAR: p.NameAR, Lat: p.Lat, Lng: p.Lng}
}

// ErrProgramNotFound: no published program has that id.
var ErrProgramNotFound = domain.NotFound("cart.program_not_found")

// PriceProgram implements Pricer. A program with a price of its own is estimated at that price; one
// without is priced by distance and waiting like any itinerary.
func (p *CartPricer) PriceProgram(ctx context.Context, req ProgramPricing) (Priced, error) {
	itin, price, chosen, err := p.programItinerary(ctx, req)
	if err != nil {
		return Priced{}, err
	}
	priced, err := p.PriceItinerary(ctx, itin, req.StartAt, req.RatePlanID)
	if !chosen {
		// No start chosen: priced from the city centre; the decider asks for a pickup point.
		priced.Trip.Itinerary.Start, priced.Trip.Itinerary.End = order.Point{}, order.Point{}
	}
	return withProgramPrice(priced, price), err
}

// ProgramItinerary implements Pricer.
func (p *CartPricer) ProgramItinerary(ctx context.Context, req ProgramPricing) (order.Itinerary, error) {
	itin, _, _, err := p.programItinerary(ctx, req)
	return itin, err
}

// programItinerary is the program's stops from the chosen start (else the user's cart's, else the
// city centre: chosen false), with the program's own price.
func (p *CartPricer) programItinerary(ctx context.Context, req ProgramPricing) (itin order.Itinerary, price money.Money, chosen bool, err error) {
	// By id or slug, as the program's own page is addressed; the itinerary records its id.
	prog, err := p.Catalogue.ProgramByRef(ctx, req.ProgramID)
	if err != nil || !prog.Visible() {
		return order.Itinerary{}, money.Money{}, false, ErrProgramNotFound
	}
	dests, err := p.Catalogue.Destinations(ctx, prog.DestinationIDs)
	if err != nil {
		return order.Itinerary{}, money.Money{}, false, fmt.Errorf("orders: program destinations: %w", err)
	}
	itin = order.Itinerary{ProgramID: prog.ID.String(), ProgramName: prog.Name.En, ProgramNameAR: prog.Name.Ar}
	for _, d := range dests {
		itin.Stops = append(itin.Stops, order.Stop{DestinationID: d.ID.String(), NameEN: d.Name.En, NameAR: d.Name.Ar, Lat: d.Lat, Lng: d.Lng, VisitMinutes: d.VisitMinutes})
	}
	if req.Start == nil && req.UserID != "" && p.Carts != nil {
		if v, err := pricing.CartFromStream(ctx, p.Carts, req.UserID); err == nil && v.Start != nil {
			req.Start, req.End = v.Start, v.End
		}
	}
	if req.Start == nil {
		return withStart(itin, trip.TahrirSquare, nil), prog.Price, false, nil
	}
	return withStart(itin, *req.Start, req.End), prog.Price, true, nil
}

func withStart(itin order.Itinerary, start cart.Point, end *cart.Point) order.Itinerary {
	itin.Start = point(start)
	itin.End = itin.Start
	if end != nil {
		itin.End = point(*end)
	}
	return itin
}

func withProgramPrice(p Priced, price money.Money) Priced {
	if price.Currency == money.EGP && price.Minor > 0 && p.Trip.RatePlan.ID != "" {
		p.Trip.Quote.Total = price
	}
	return p
}
