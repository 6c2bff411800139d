package cart

// Command is one of the commands below.
type Command interface{ isCartCommand() }

// AddDestinationToCart appends a destination to the itinerary. Destination is what the caller found
// in the catalogue: nil when no destination has that id.
type AddDestinationToCart struct {
	ItemID      string
	Destination *FoundDestination
}

// Program is what the caller found about a program: its destinations in the program's order.
type Program struct {
	ID           string
	NameEN       string
	NameAR       string
	Published    bool
	Destinations []FoundDestination
}

// AddProgramToCart appends a program's destinations in the program's order, skipping those already
// in the cart and those no longer published. Program is nil when no program has that id. ItemIDs
// holds one fresh id per program destination (unused ones are dropped).
type AddProgramToCart struct {
	Program *Program
	ItemIDs []string
}

// RemoveCartItem removes one stop.
type RemoveCartItem struct{ ItemID string }

// ClearCart removes every stop; the chosen start and end points stay.
type ClearCart struct{}

// RemoveBookedStops takes the stops a confirmed order booked out of the cart, so the next trip starts
// from a fresh cart. Only stops with one of the order's destinations go: what the traveller added
// since stays.
type RemoveBookedStops struct {
	OrderID        string
	DestinationIDs []string
}

// Direction is where a move goes: up is towards the start of the itinerary.
type Direction string

const (
	Up   Direction = "up"
	Down Direction = "down"
)

// MoveCartItem moves a stop Steps places up or down.
type MoveCartItem struct {
	ItemID    string
	Direction Direction
	Steps     int
}

// ReorderCart puts the stops in the given order: a permutation of the cart's item ids. It is how a
// user accepts a proposed optimised order; if the cart changed so the ids no longer match, it is
// refused rather than guessed at.
type ReorderCart struct {
	ItemIDs []string
	// Reason is recorded for the history: "optimised" when accepting a proposal.
	Reason string
}

// ChooseCartPoints sets the start and end of the route. Start nil means the default pickup point;
// EndSameAsStart makes the route return to its start (End is then ignored).
type ChooseCartPoints struct {
	Start          *FoundPoint
	End            *FoundPoint
	EndSameAsStart bool
}

func (AddDestinationToCart) isCartCommand() {}
func (AddProgramToCart) isCartCommand()     {}
func (RemoveCartItem) isCartCommand()       {}
func (RemoveBookedStops) isCartCommand()    {}
func (ClearCart) isCartCommand()            {}
func (MoveCartItem) isCartCommand()         {}
func (ReorderCart) isCartCommand()          {}
func (ChooseCartPoints) isCartCommand()     {}
