package cart

// Event is one of the cart's events. Field names are the stored JSON: renaming one needs a new
// schema version and an upcaster.
type Event interface{ isCartEvent() }

// DestinationAddedToCart: a destination was appended at Position (1-based).
type DestinationAddedToCart struct {
	ItemID      string      `json:"item_id"`
	Destination Destination `json:"destination"`
	Position    int         `json:"position"`
}

// AddedItem is one stop a program added.
type AddedItem struct {
	ItemID      string      `json:"item_id"`
	Destination Destination `json:"destination"`
	Position    int         `json:"position"`
}

// SkipReason says why a program destination was not added.
type SkipReason string

const (
	SkipAlreadyInCart SkipReason = "already_in_cart"
	SkipUnavailable   SkipReason = "unavailable"
)

// SkippedDestination is a program destination that was not added.
type SkippedDestination struct {
	DestinationID string     `json:"destination_id"`
	Reason        SkipReason `json:"reason"`
}

// ProgramAddedToCart: a program's destinations were appended in the program's order.
type ProgramAddedToCart struct {
	ProgramID   string `json:"program_id"`
	ProgramName string `json:"program_name"`
	// ProgramNameAR is the program's Arabic name; carts recorded before it was lack it (optional, no
	// new version: an old event reads with it empty, and ProgramNameIn falls back to English).
	ProgramNameAR string               `json:"program_name_ar,omitempty"`
	Added         []AddedItem          `json:"added"`
	Skipped       []SkippedDestination `json:"skipped,omitempty"`
}

// CartItemRemoved: the stop at Position (1-based, before removal) was removed. BookedBy names the
// order that booked it, when it left the cart because it was booked (not because the traveller
// removed it).
type CartItemRemoved struct {
	ItemID        string `json:"item_id"`
	DestinationID string `json:"destination_id"`
	Position      int    `json:"position"`
	BookedBy      string `json:"booked_by,omitempty"`
}

// CartCleared: every stop was removed.
type CartCleared struct {
	ItemIDs []string `json:"item_ids"`
}

// CartItemMoved: a stop moved from one position to another (1-based).
type CartItemMoved struct {
	ItemID string `json:"item_id"`
	From   int    `json:"from"`
	To     int    `json:"to"`
}

// CartReordered: the stops were put in a new order (all item ids, in order).
type CartReordered struct {
	ItemIDs []string `json:"item_ids"`
	Reason  string   `json:"reason,omitempty"`
}

// CartPointsChosen: the route's start and end were chosen. Start nil: the default pickup point;
// End nil: back to the start.
type CartPointsChosen struct {
	Start *Point `json:"start,omitempty"`
	End   *Point `json:"end,omitempty"`
}

func (DestinationAddedToCart) isCartEvent() {}
func (ProgramAddedToCart) isCartEvent()     {}

// ProgramNameIn is the program's name in lang ("ar" or "en"): English where no Arabic was recorded.
func (e ProgramAddedToCart) ProgramNameIn(lang string) string {
	if lang == "ar" && e.ProgramNameAR != "" {
		return e.ProgramNameAR
	}
	return e.ProgramName
}
func (CartItemRemoved) isCartEvent()  {}
func (CartCleared) isCartEvent()      {}
func (CartItemMoved) isCartEvent()    {}
func (CartReordered) isCartEvent()    {}
func (CartPointsChosen) isCartEvent() {}
