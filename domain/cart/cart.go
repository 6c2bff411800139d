// Package cart is the decider of a user's itinerary: an ordered list of destinations between a start
// point and an end point. One stream per user ("cart-<user id>"). It decides additions, removals,
// moves, reorders and the choice of start and end points; it never prices anything (domain/trip does)
// and never looks anything up: the destinations, programs and pickup points a command refers to arrive
// in the command, as the facts the caller found, and are recorded in the events.
package cart

import (
	"fmt"
	"time"

	"mishwar/domain"
)

// StreamCategory is the category of cart streams: one stream per user, "cart-<user id>".
const StreamCategory = "cart"

// MaxItems bounds a cart. An 8-hour day fits far fewer stops; the bound keeps itinerary optimisation
// exact (domain/trip optimises up to trip.MaxExactStops stops) and a cart's page readable.
const MaxItems = 16

// Refusals. Keys name messages in internal/i18n (catalog_cart.go).
var (
	ErrAlreadyInCart        = domain.Conflict("cart.already_in_cart")
	ErrProgramAlreadyInCart = domain.Conflict("cart.program_already_in_cart")
	ErrCartFull             = domain.Invalid("cart.full")
	ErrItemNotFound         = domain.NotFound("cart.item_not_found")
	ErrProgramNotFound      = domain.NotFound("cart.program_not_found")
	ErrCannotMove           = domain.Invalid("cart.cannot_move")
	ErrOrderMismatch        = domain.Conflict("cart.order_mismatch")
)

// Message keys used in validation errors (field → keys).
const (
	KeyDestinationUnavailable = "cart.destination_unavailable"
	KeyDirectionInvalid       = "cart.direction_invalid"
	KeyStepsInvalid           = "cart.steps_invalid"
	KeyPickupPointUnavailable = "cart.pickup_point_unavailable"
	KeyOutsideServiceArea     = "cart.outside_service_area"
	KeyPointNameTooLong       = "cart.point_name_too_long"
	KeyPointKindInvalid       = "cart.point_kind_invalid"
	KeyEndPointRequired       = "cart.end_point_required"
)

// Destination is what the caller found about a destination when the command was issued. It is
// recorded in the event, so the cart's history shows what the user added even after the catalogue
// changes. A read model may still show current catalogue data.
type Destination struct {
	ID           string  `json:"id"`
	Slug         string  `json:"slug"`
	NameEN       string  `json:"name_en"`
	NameAR       string  `json:"name_ar"`
	Lat          float64 `json:"lat"`
	Lng          float64 `json:"lng"`
	VisitMinutes int     `json:"visit_minutes"`
}

// FoundDestination is a destination as the caller found it in the catalogue.
type FoundDestination struct {
	Destination
	// Published is false for drafts and archived destinations: they cannot be added.
	Published bool
}

// Item is one stop of the itinerary.
type Item struct {
	ID            string
	DestinationID string
	// ProgramID is the program it came with ("" for a destination added on its own).
	ProgramID string
	// Destination is the destination as recorded when the item was added (what is priced and shown
	// if the catalogue no longer has it).
	Destination Destination
}

// State is a cart folded from its events. The zero value is an empty cart with default points.
type State struct {
	items []Item
	// start nil: the default pickup point the admin set; end nil: back to the start.
	start *Point
	end   *Point
}

// Items returns the stops in itinerary order (a copy).
func (s State) Items() []Item { return append([]Item(nil), s.items...) }

// Start is the chosen start point, or nil for the default pickup point.
func (s State) Start() *Point { return clonePoint(s.start) }

// End is the chosen end point, or nil for "same as the start".
func (s State) End() *Point { return clonePoint(s.end) }

// Contains reports whether destinationID is in the cart.
func (s State) Contains(destinationID string) bool { return s.indexOfDestination(destinationID) >= 0 }

func (s State) indexOfDestination(destinationID string) int {
	for i, it := range s.items {
		if it.DestinationID == destinationID {
			return i
		}
	}
	return -1
}

func (s State) indexOfItem(itemID string) int {
	for i, it := range s.items {
		if it.ID == itemID {
			return i
		}
	}
	return -1
}

// Decider is the cart's decider.
var Decider = domain.Decider[State, Command, Event]{
	Initial: func() State { return State{} },
	Decide:  Decide,
	Evolve:  Evolve,
	// Evolve copies the items it changes (Items) and the points it keeps (clonePoint).
	StatesShareNothing: true,
}

// Decide turns a command into events, or refuses it.
func Decide(s State, cmd Command, _ time.Time) ([]Event, error) {
	switch c := cmd.(type) {
	case AddDestinationToCart:
		return decideAdd(s, c)
	case AddProgramToCart:
		return decideAddProgram(s, c)
	case RemoveCartItem:
		return decideRemove(s, c)
	case ClearCart:
		return decideClear(s)
	case RemoveBookedStops:
		return decideRemoveBooked(s, c), nil
	case MoveCartItem:
		return decideMove(s, c)
	case ReorderCart:
		return decideReorder(s, c)
	case ChooseCartPoints:
		return decideChoosePoints(s, c)
	default:
		panic(fmt.Sprintf("cart: unknown command %T", cmd))
	}
}

func decideAdd(s State, c AddDestinationToCart) ([]Event, error) {
	if c.Destination == nil || !c.Destination.Published {
		v := &domain.ValidationError{}
		v.Add("destination_id", KeyDestinationUnavailable)
		return nil, v
	}
	if s.Contains(c.Destination.ID) {
		return nil, ErrAlreadyInCart
	}
	if len(s.items) >= MaxItems {
		return nil, ErrCartFull
	}
	return []Event{DestinationAddedToCart{
		ItemID:      c.ItemID,
		Destination: c.Destination.Destination,
		Position:    len(s.items) + 1,
	}}, nil
}

func decideAddProgram(s State, c AddProgramToCart) ([]Event, error) {
	if c.Program == nil || !c.Program.Published {
		return nil, ErrProgramNotFound
	}
	if len(c.ItemIDs) < len(c.Program.Destinations) {
		panic("cart: AddProgramToCart needs one item id per program destination")
	}
	ev := ProgramAddedToCart{ProgramID: c.Program.ID, ProgramName: c.Program.NameEN, ProgramNameAR: c.Program.NameAR}
	seen := map[string]bool{}
	for i, d := range c.Program.Destinations {
		switch {
		case seen[d.ID] || s.Contains(d.ID):
			ev.Skipped = append(ev.Skipped, SkippedDestination{DestinationID: d.ID, Reason: SkipAlreadyInCart})
		case !d.Published:
			ev.Skipped = append(ev.Skipped, SkippedDestination{DestinationID: d.ID, Reason: SkipUnavailable})
		default:
			ev.Added = append(ev.Added, AddedItem{ItemID: c.ItemIDs[i], Destination: d.Destination, Position: len(s.items) + len(ev.Added) + 1})
		}
		seen[d.ID] = true
	}
	if len(ev.Added) == 0 {
		return nil, ErrProgramAlreadyInCart
	}
	if len(s.items)+len(ev.Added) > MaxItems {
		return nil, ErrCartFull
	}
	return []Event{ev}, nil
}

func decideRemoveBooked(s State, c RemoveBookedStops) []Event {
	booked := make(map[string]bool, len(c.DestinationIDs))
	for _, id := range c.DestinationIDs {
		booked[id] = true
	}
	var events []Event
	removed := 0
	for i, it := range s.items {
		if !booked[it.DestinationID] {
			continue
		}
		// Each position is where the stop stands once the ones before it have gone.
		events = append(events, CartItemRemoved{ItemID: it.ID, DestinationID: it.DestinationID, Position: i + 1 - removed, BookedBy: c.OrderID})
		removed++
	}
	return events
}

func decideRemove(s State, c RemoveCartItem) ([]Event, error) {
	i := s.indexOfItem(c.ItemID)
	if i < 0 {
		return nil, ErrItemNotFound
	}
	return []Event{CartItemRemoved{ItemID: c.ItemID, DestinationID: s.items[i].DestinationID, Position: i + 1}}, nil
}

func decideClear(s State) ([]Event, error) {
	if len(s.items) == 0 {
		return nil, nil
	}
	ids := make([]string, len(s.items))
	for i, it := range s.items {
		ids[i] = it.ID
	}
	return []Event{CartCleared{ItemIDs: ids}}, nil
}

func decideMove(s State, c MoveCartItem) ([]Event, error) {
	v := &domain.ValidationError{}
	if c.Direction != Up && c.Direction != Down {
		v.Add("direction", KeyDirectionInvalid)
	}
	if c.Steps < 1 {
		v.Add("steps", KeyStepsInvalid)
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	i := s.indexOfItem(c.ItemID)
	if i < 0 {
		return nil, ErrItemNotFound
	}
	to := i - c.Steps
	if c.Direction == Down {
		to = i + c.Steps
	}
	if to < 0 || to >= len(s.items) {
		return nil, ErrCannotMove
	}
	return []Event{CartItemMoved{ItemID: c.ItemID, From: i + 1, To: to + 1}}, nil
}

func decideReorder(s State, c ReorderCart) ([]Event, error) {
	if len(c.ItemIDs) != len(s.items) {
		return nil, ErrOrderMismatch
	}
	seen := make(map[string]bool, len(c.ItemIDs))
	for _, id := range c.ItemIDs {
		if seen[id] || s.indexOfItem(id) < 0 {
			return nil, ErrOrderMismatch
		}
		seen[id] = true
	}
	same := true
	for i, id := range c.ItemIDs {
		same = same && s.items[i].ID == id
	}
	if same {
		return nil, nil
	}
	return []Event{CartReordered{ItemIDs: append([]string(nil), c.ItemIDs...), Reason: c.Reason}}, nil
}

func decideChoosePoints(s State, c ChooseCartPoints) ([]Event, error) {
	v := &domain.ValidationError{}
	checkPoint(v, "start", c.Start)
	if !c.EndSameAsStart {
		checkPoint(v, "end", c.End)
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	ev := CartPointsChosen{Start: recordedPoint(c.Start)}
	if !c.EndSameAsStart {
		ev.End = recordedPoint(c.End)
	}
	if samePoint(ev.Start, s.start) && samePoint(ev.End, s.end) {
		return nil, nil
	}
	return []Event{ev}, nil
}

// Evolve folds one event into the state.
func Evolve(s State, e Event) State {
	switch ev := e.(type) {
	case DestinationAddedToCart:
		s.items = append(s.Items(), Item{ID: ev.ItemID, DestinationID: ev.Destination.ID, Destination: ev.Destination})
	case ProgramAddedToCart:
		items := s.Items()
		for _, a := range ev.Added {
			items = append(items, Item{ID: a.ItemID, DestinationID: a.Destination.ID, ProgramID: ev.ProgramID, Destination: a.Destination})
		}
		s.items = items
	case CartItemRemoved:
		items := s.Items()
		if i := s.indexOfItem(ev.ItemID); i >= 0 {
			items = append(items[:i], items[i+1:]...)
		}
		s.items = items
	case CartCleared:
		s.items = nil
	case CartItemMoved:
		s.items = moveItem(s.Items(), ev.ItemID, ev.To-1)
	case CartReordered:
		byID := make(map[string]Item, len(s.items))
		for _, it := range s.items {
			byID[it.ID] = it
		}
		items := make([]Item, 0, len(ev.ItemIDs))
		for _, id := range ev.ItemIDs {
			if it, ok := byID[id]; ok {
				items = append(items, it)
			}
		}
		s.items = items
	case CartPointsChosen:
		s.start, s.end = clonePoint(ev.Start), clonePoint(ev.End)
	default:
		panic(fmt.Sprintf("cart: unknown event %T", e))
	}
	return s
}

// moveItem places the item with id at index to, shifting the others; out-of-range targets clamp,
// so a replay of a recorded move can never panic.
func moveItem(items []Item, id string, to int) []Item {
	from := -1
	for i, it := range items {
		if it.ID == id {
			from = i
		}
	}
	if from < 0 {
		return items
	}
	to = max(0, min(to, len(items)-1))
	it := items[from]
	items = append(items[:from], items[from+1:]...)
	items = append(items[:to], append([]Item{it}, items[to:]...)...)
	return items
}
