package cart_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"mishwar/domain"
	"mishwar/domain/cart"
	"mishwar/domain/domaintest"
)

var now = time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)

// recorded is how a destination looks inside an event.
func recorded(id string) cart.Destination {
	return cart.Destination{ID: id, Slug: "slug-" + id, NameEN: "Name " + id, NameAR: "اسم " + id, Lat: 30.0, Lng: 31.2, VisitMinutes: 60}
}

// dest is a published destination as the catalogue answers it.
func dest(id string) cart.FoundDestination {
	return cart.FoundDestination{Destination: recorded(id), Published: true}
}

func destPtr(id string) *cart.FoundDestination {
	d := dest(id)
	return &d
}

func added(item, destID string, pos int) cart.Event {
	return cart.DestinationAddedToCart{ItemID: item, Destination: recorded(destID), Position: pos}
}

// threeStops is a cart holding items i1, i2, i3 for destinations d1, d2, d3, in that order.
var threeStops = []cart.Event{added("i1", "d1", 1), added("i2", "d2", 2), added("i3", "d3", 3)}

func fullCart() []cart.Event {
	var evs []cart.Event
	for i := range cart.MaxItems {
		evs = append(evs, added(fmt.Sprintf("f%d", i), fmt.Sprintf("fd%d", i), i+1))
	}
	return evs
}

type scenario struct {
	name    string
	given   []cart.Event
	when    cart.Command
	then    []cart.Event
	wantErr error
	// wantFields: the refusal is a *domain.ValidationError with exactly these fields and keys.
	wantFields map[string][]string
}

func run(t *testing.T, cases []scenario) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			state := cart.Decider.Fold(c.given)
			got, err := cart.Decider.Decide(state, c.when, now)
			switch {
			case c.wantFields != nil:
				var ve *domain.ValidationError
				if !errors.As(err, &ve) {
					t.Fatalf("want a validation error %v, got %v", c.wantFields, err)
				}
				if !reflect.DeepEqual(ve.Fields, c.wantFields) {
					t.Fatalf("fields = %v, want %v", ve.Fields, c.wantFields)
				}
				return
			case c.wantErr != nil:
				if !errors.Is(err, c.wantErr) {
					t.Fatalf("err = %v, want %v", err, c.wantErr)
				}
				if got != nil {
					t.Fatalf("a refusal produced events: %#v", got)
				}
				return
			case err != nil:
				t.Fatalf("unexpected refusal: %v", err)
			}
			if !reflect.DeepEqual(got, c.then) {
				t.Fatalf("events:\n got %#v\nwant %#v", got, c.then)
			}
		})
	}
}

func TestAddDestinationToCart(t *testing.T) {
	unpublished := dest("d9")
	unpublished.Published = false
	run(t, []scenario{
		{
			name: "the first destination goes to position 1",
			when: cart.AddDestinationToCart{ItemID: "i1", Destination: destPtr("d1")},
			then: []cart.Event{added("i1", "d1", 1)},
		},
		{
			name:  "a new destination is appended at the end",
			given: threeStops,
			when:  cart.AddDestinationToCart{ItemID: "i4", Destination: destPtr("d4")},
			then:  []cart.Event{added("i4", "d4", 4)},
		},
		{
			name:    "a destination already in the cart is a conflict",
			given:   threeStops,
			when:    cart.AddDestinationToCart{ItemID: "i4", Destination: destPtr("d2")},
			wantErr: cart.ErrAlreadyInCart,
		},
		{
			name:  "a destination removed earlier can be added again",
			given: append(append([]cart.Event{}, threeStops...), cart.CartItemRemoved{ItemID: "i2", DestinationID: "d2", Position: 2}),
			when:  cart.AddDestinationToCart{ItemID: "i4", Destination: destPtr("d2")},
			then:  []cart.Event{added("i4", "d2", 3)},
		},
		{
			name:       "an unknown destination is refused on destination_id",
			when:       cart.AddDestinationToCart{ItemID: "i1"},
			wantFields: map[string][]string{"destination_id": {cart.KeyDestinationUnavailable}},
		},
		{
			name:       "an unpublished destination is refused on destination_id",
			when:       cart.AddDestinationToCart{ItemID: "i1", Destination: &unpublished},
			wantFields: map[string][]string{"destination_id": {cart.KeyDestinationUnavailable}},
		},
		{
			name:    "a full cart takes no more",
			given:   fullCart(),
			when:    cart.AddDestinationToCart{ItemID: "x", Destination: destPtr("d1")},
			wantErr: cart.ErrCartFull,
		},
		{
			name:    "a duplicate in a full cart is still reported as a duplicate",
			given:   fullCart(),
			when:    cart.AddDestinationToCart{ItemID: "x", Destination: destPtr("fd3")},
			wantErr: cart.ErrAlreadyInCart,
		},
	})
}

func program(published bool, dests ...cart.FoundDestination) *cart.Program {
	return &cart.Program{ID: "p1", NameEN: "Old Cairo", NameAR: "القاهرة القديمة", Published: published, Destinations: dests}
}

func TestAddProgramToCart(t *testing.T) {
	gone := dest("d7")
	gone.Published = false
	ids := []string{"n1", "n2", "n3", "n4", "n5"}
	run(t, []scenario{
		{
			name: "an empty cart gets every destination in the program's order",
			when: cart.AddProgramToCart{Program: program(true, dest("d5"), dest("d1"), dest("d3")), ItemIDs: ids},
			then: []cart.Event{cart.ProgramAddedToCart{ProgramID: "p1", ProgramName: "Old Cairo", ProgramNameAR: "القاهرة القديمة", Added: []cart.AddedItem{
				{ItemID: "n1", Destination: recorded("d5"), Position: 1},
				{ItemID: "n2", Destination: recorded("d1"), Position: 2},
				{ItemID: "n3", Destination: recorded("d3"), Position: 3},
			}}},
		},
		{
			name:  "destinations already in the cart are skipped, the rest keep the program's order",
			given: threeStops,
			when:  cart.AddProgramToCart{Program: program(true, dest("d5"), dest("d2"), dest("d6"), dest("d1")), ItemIDs: ids},
			then: []cart.Event{cart.ProgramAddedToCart{ProgramID: "p1", ProgramName: "Old Cairo", ProgramNameAR: "القاهرة القديمة",
				Added: []cart.AddedItem{
					{ItemID: "n1", Destination: recorded("d5"), Position: 4},
					{ItemID: "n3", Destination: recorded("d6"), Position: 5},
				},
				Skipped: []cart.SkippedDestination{
					{DestinationID: "d2", Reason: cart.SkipAlreadyInCart},
					{DestinationID: "d1", Reason: cart.SkipAlreadyInCart},
				},
			}},
		},
		{
			name: "unpublished destinations and repeats within the program are skipped",
			when: cart.AddProgramToCart{Program: program(true, dest("d1"), gone, dest("d1"), dest("d2")), ItemIDs: ids},
			then: []cart.Event{cart.ProgramAddedToCart{ProgramID: "p1", ProgramName: "Old Cairo", ProgramNameAR: "القاهرة القديمة",
				Added: []cart.AddedItem{
					{ItemID: "n1", Destination: recorded("d1"), Position: 1},
					{ItemID: "n4", Destination: recorded("d2"), Position: 2},
				},
				Skipped: []cart.SkippedDestination{
					{DestinationID: "d7", Reason: cart.SkipUnavailable},
					{DestinationID: "d1", Reason: cart.SkipAlreadyInCart},
				},
			}},
		},
		{
			name:    "a program whose destinations are all in the cart is a conflict",
			given:   threeStops,
			when:    cart.AddProgramToCart{Program: program(true, dest("d3"), dest("d1")), ItemIDs: ids},
			wantErr: cart.ErrProgramAlreadyInCart,
		},
		{
			name:    "an unknown program is not found",
			when:    cart.AddProgramToCart{ItemIDs: ids},
			wantErr: cart.ErrProgramNotFound,
		},
		{
			name:    "an unpublished program is not found",
			when:    cart.AddProgramToCart{Program: program(false, dest("d1")), ItemIDs: ids},
			wantErr: cart.ErrProgramNotFound,
		},
		{
			name:    "a program that would overflow the cart is refused whole",
			given:   fullCart()[:cart.MaxItems-1],
			when:    cart.AddProgramToCart{Program: program(true, dest("d1"), dest("d2")), ItemIDs: ids},
			wantErr: cart.ErrCartFull,
		},
	})
}

func TestRemoveAndClear(t *testing.T) {
	run(t, []scenario{
		{
			name:  "removing an item records its destination and position",
			given: threeStops,
			when:  cart.RemoveCartItem{ItemID: "i2"},
			then:  []cart.Event{cart.CartItemRemoved{ItemID: "i2", DestinationID: "d2", Position: 2}},
		},
		{
			name:    "removing an unknown item is not found",
			given:   threeStops,
			when:    cart.RemoveCartItem{ItemID: "nope"},
			wantErr: cart.ErrItemNotFound,
		},
		{
			name:    "removing an item twice is not found the second time",
			given:   append(append([]cart.Event{}, threeStops...), cart.CartItemRemoved{ItemID: "i2", DestinationID: "d2", Position: 2}),
			when:    cart.RemoveCartItem{ItemID: "i2"},
			wantErr: cart.ErrItemNotFound,
		},
		{
			name:  "clearing records every item removed",
			given: threeStops,
			when:  cart.ClearCart{},
			then:  []cart.Event{cart.CartCleared{ItemIDs: []string{"i1", "i2", "i3"}}},
		},
		{
			name: "clearing an empty cart changes nothing",
			when: cart.ClearCart{},
			then: nil,
		},
		{
			name:  "clearing a cart emptied by removals changes nothing",
			given: []cart.Event{added("i1", "d1", 1), cart.CartItemRemoved{ItemID: "i1", DestinationID: "d1", Position: 1}},
			when:  cart.ClearCart{},
			then:  nil,
		},
	})
}

func TestMoveCartItem(t *testing.T) {
	run(t, []scenario{
		{
			name:  "the middle item moves up one",
			given: threeStops,
			when:  cart.MoveCartItem{ItemID: "i2", Direction: cart.Up, Steps: 1},
			then:  []cart.Event{cart.CartItemMoved{ItemID: "i2", From: 2, To: 1}},
		},
		{
			name:  "the first item moves down one",
			given: threeStops,
			when:  cart.MoveCartItem{ItemID: "i1", Direction: cart.Down, Steps: 1},
			then:  []cart.Event{cart.CartItemMoved{ItemID: "i1", From: 1, To: 2}},
		},
		{
			name:  "two steps are accepted when they stay inside the cart",
			given: threeStops,
			when:  cart.MoveCartItem{ItemID: "i3", Direction: cart.Up, Steps: 2},
			then:  []cart.Event{cart.CartItemMoved{ItemID: "i3", From: 3, To: 1}},
		},
		{
			name:    "the first item cannot move up",
			given:   threeStops,
			when:    cart.MoveCartItem{ItemID: "i1", Direction: cart.Up, Steps: 1},
			wantErr: cart.ErrCannotMove,
		},
		{
			name:    "the last item cannot move down",
			given:   threeStops,
			when:    cart.MoveCartItem{ItemID: "i3", Direction: cart.Down, Steps: 1},
			wantErr: cart.ErrCannotMove,
		},
		{
			name:    "steps past the end are refused",
			given:   threeStops,
			when:    cart.MoveCartItem{ItemID: "i2", Direction: cart.Down, Steps: 2},
			wantErr: cart.ErrCannotMove,
		},
		{
			name:    "the only item moves nowhere",
			given:   threeStops[:1],
			when:    cart.MoveCartItem{ItemID: "i1", Direction: cart.Down, Steps: 1},
			wantErr: cart.ErrCannotMove,
		},
		{
			name:    "an unknown item is not found",
			given:   threeStops,
			when:    cart.MoveCartItem{ItemID: "nope", Direction: cart.Up, Steps: 1},
			wantErr: cart.ErrItemNotFound,
		},
		{
			name:       "a direction other than up or down and zero steps are refused by field",
			given:      threeStops,
			when:       cart.MoveCartItem{ItemID: "i2", Direction: "left", Steps: 0},
			wantFields: map[string][]string{"direction": {cart.KeyDirectionInvalid}, "steps": {cart.KeyStepsInvalid}},
		},
	})
}

func TestReorderCart(t *testing.T) {
	run(t, []scenario{
		{
			name:  "a permutation of the items is recorded",
			given: threeStops,
			when:  cart.ReorderCart{ItemIDs: []string{"i3", "i1", "i2"}, Reason: "optimised"},
			then:  []cart.Event{cart.CartReordered{ItemIDs: []string{"i3", "i1", "i2"}, Reason: "optimised"}},
		},
		{
			name:  "the current order changes nothing",
			given: threeStops,
			when:  cart.ReorderCart{ItemIDs: []string{"i1", "i2", "i3"}},
			then:  nil,
		},
		{
			name:    "an order missing an item is a mismatch",
			given:   threeStops,
			when:    cart.ReorderCart{ItemIDs: []string{"i3", "i1"}},
			wantErr: cart.ErrOrderMismatch,
		},
		{
			name:    "an order naming an item twice is a mismatch",
			given:   threeStops,
			when:    cart.ReorderCart{ItemIDs: []string{"i3", "i1", "i1"}},
			wantErr: cart.ErrOrderMismatch,
		},
		{
			name:    "an order naming an unknown item is a mismatch",
			given:   threeStops,
			when:    cart.ReorderCart{ItemIDs: []string{"i3", "i1", "x"}},
			wantErr: cart.ErrOrderMismatch,
		},
	})
}

func pickup(id string) *cart.FoundPoint {
	return &cart.FoundPoint{Point: cart.Point{Kind: cart.PickupPoint, PickupPointID: id, Name: "Pickup " + id, Lat: 30.04, Lng: 31.23}, Available: true}
}

func custom(name string, lat, lng float64) *cart.FoundPoint {
	return &cart.FoundPoint{Point: cart.Point{Kind: cart.CustomPoint, Name: name, Lat: lat, Lng: lng}}
}

// stored is a point as recorded.
func stored(p *cart.FoundPoint) *cart.Point {
	c := p.Point
	return &c
}

func TestChooseCartPoints(t *testing.T) {
	home := custom("Hotel", 30.05, 31.22)
	alex := custom("Alexandria", 31.2, 29.92)
	gonePickup := pickup("p9")
	gonePickup.Available = false
	long := custom(strings.Repeat("ن", cart.MaxPointNameLength+1), 30.05, 31.22)
	run(t, []scenario{
		{
			name: "a pickup start returning to itself",
			when: cart.ChooseCartPoints{Start: pickup("p1"), EndSameAsStart: true},
			then: []cart.Event{cart.CartPointsChosen{Start: stored(pickup("p1"))}},
		},
		{
			name: "a pickup start and a custom end",
			when: cart.ChooseCartPoints{Start: pickup("p1"), End: home},
			then: []cart.Event{cart.CartPointsChosen{Start: stored(pickup("p1")), End: stored(home)}},
		},
		{
			name:  "choosing the points already chosen changes nothing",
			given: []cart.Event{cart.CartPointsChosen{Start: stored(pickup("p1")), End: stored(home)}},
			when:  cart.ChooseCartPoints{Start: pickup("p1"), End: home},
			then:  nil,
		},
		{
			name:  "back to the default start",
			given: []cart.Event{cart.CartPointsChosen{Start: stored(pickup("p1"))}},
			when:  cart.ChooseCartPoints{EndSameAsStart: true},
			then:  []cart.Event{cart.CartPointsChosen{}},
		},
		{
			name:       "a custom point outside Greater Cairo is refused",
			when:       cart.ChooseCartPoints{Start: alex, EndSameAsStart: true},
			wantFields: map[string][]string{"start.coordinates": {cart.KeyOutsideServiceArea}},
		},
		{
			name:       "a pickup point that is gone is refused",
			when:       cart.ChooseCartPoints{Start: home, End: gonePickup},
			wantFields: map[string][]string{"end.pickup_point_id": {cart.KeyPickupPointUnavailable}},
		},
		{
			name:       "a different end must be given",
			when:       cart.ChooseCartPoints{Start: home},
			wantFields: map[string][]string{"end": {cart.KeyEndPointRequired}},
		},
		{
			name:       "a point of unknown kind and an over-long name are refused",
			when:       cart.ChooseCartPoints{Start: &cart.FoundPoint{Point: cart.Point{Kind: "moon"}}, End: long},
			wantFields: map[string][]string{"start.kind": {cart.KeyPointKindInvalid}, "end.name": {cart.KeyPointNameTooLong}},
		},
		{
			name:       "a custom point's name with a bell and a line break, or a zero-width space, is refused",
			when:       cart.ChooseCartPoints{Start: custom("Hotel\a\r\nLobby", 30.05, 31.22), End: custom("Ho\u200btel", 30.05, 31.22)},
			wantFields: map[string][]string{"start.name": {domain.KeyTextOneLine}, "end.name": {domain.KeyTextHidden}},
		},
	})
}

func ids(items []cart.Item) []string {
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = it.ID
	}
	return out
}

func TestEvolveKeepsTheItineraryOrder(t *testing.T) {
	home := stored(custom("Hotel", 30.05, 31.22))
	cases := []struct {
		name      string
		events    []cart.Event
		wantItems []string
		wantStart *cart.Point
		wantEnd   *cart.Point
	}{
		{"empty", nil, []string{}, nil, nil},
		{"added in order", threeStops, []string{"i1", "i2", "i3"}, nil, nil},
		{"moved up", append(append([]cart.Event{}, threeStops...), cart.CartItemMoved{ItemID: "i3", From: 3, To: 2}), []string{"i1", "i3", "i2"}, nil, nil},
		{"moved down two", append(append([]cart.Event{}, threeStops...), cart.CartItemMoved{ItemID: "i1", From: 1, To: 3}), []string{"i2", "i3", "i1"}, nil, nil},
		{"removed from the middle", append(append([]cart.Event{}, threeStops...), cart.CartItemRemoved{ItemID: "i2"}), []string{"i1", "i3"}, nil, nil},
		{"cleared", append(append([]cart.Event{}, threeStops...), cart.CartCleared{ItemIDs: []string{"i1", "i2", "i3"}}), []string{}, nil, nil},
		{"reordered", append(append([]cart.Event{}, threeStops...), cart.CartReordered{ItemIDs: []string{"i2", "i3", "i1"}}), []string{"i2", "i3", "i1"}, nil, nil},
		{"program appended", append(append([]cart.Event{}, threeStops[:1]...), cart.ProgramAddedToCart{ProgramID: "p", Added: []cart.AddedItem{{ItemID: "n1", Destination: recorded("d8")}, {ItemID: "n2", Destination: recorded("d9")}}}), []string{"i1", "n1", "n2"}, nil, nil},
		{"points chosen and kept when cleared", append(append([]cart.Event{}, threeStops...), cart.CartPointsChosen{Start: home, End: stored(pickup("p1"))}, cart.CartCleared{}), []string{}, home, stored(pickup("p1"))},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := cart.Decider.Fold(c.events)
			if got := ids(s.Items()); !reflect.DeepEqual(got, c.wantItems) {
				t.Fatalf("items = %v, want %v", got, c.wantItems)
			}
			if !reflect.DeepEqual(s.Start(), c.wantStart) || !reflect.DeepEqual(s.End(), c.wantEnd) {
				t.Fatalf("points = %v → %v, want %v → %v", s.Start(), s.End(), c.wantStart, c.wantEnd)
			}
		})
	}
}

func TestEvolveNeverChangesAnEarlierState(t *testing.T) {
	before := cart.Decider.Fold(threeStops)
	_ = cart.Evolve(before, cart.CartItemMoved{ItemID: "i3", From: 3, To: 1})
	_ = cart.Evolve(before, cart.CartItemRemoved{ItemID: "i1"})
	if got := ids(before.Items()); !reflect.DeepEqual(got, []string{"i1", "i2", "i3"}) {
		t.Fatalf("the earlier state changed: %v", got)
	}
}

func TestACartStateIsNeverChangedByWhatIsDecidedOrEvolvedFromIt(t *testing.T) {
	events := append(append([]cart.Event{}, threeStops...),
		cart.CartItemMoved{ItemID: "i3", From: 3, To: 1},
		cart.CartPointsChosen{Start: stored(custom("Home", 30.05, 31.23)), End: stored(pickup("p1"))},
		cart.ProgramAddedToCart{ProgramID: "p", Added: []cart.AddedItem{{ItemID: "n1", Destination: recorded("d8")}}},
		cart.CartReordered{ItemIDs: []string{"n1", "i3", "i1", "i2"}},
		cart.CartItemRemoved{ItemID: "i1"},
		cart.CartCleared{},
		added("i9", "d9", 1),
	)
	cmds := []cart.Command{
		cart.MoveCartItem{ItemID: "i2", Direction: cart.Up, Steps: 1},
		cart.RemoveCartItem{ItemID: "i3"},
		cart.ReorderCart{ItemIDs: []string{"i3", "i2", "i1"}},
		cart.ClearCart{},
		cart.AddDestinationToCart{ItemID: "x", Destination: destPtr("d7")},
	}
	domaintest.CheckStatesShareNothing(t, cart.Decider, events, cmds)
}

func TestRemoveBookedStops(t *testing.T) {
	run(t, []scenario{
		{
			name:  "the booked stops leave the cart, each at its position once the ones before it left",
			given: append(threeStops, added("i4", "d4", 4)),
			when:  cart.RemoveBookedStops{OrderID: "MSH-7K3Q9P", DestinationIDs: []string{"d1", "d3"}},
			then: []cart.Event{
				cart.CartItemRemoved{ItemID: "i1", DestinationID: "d1", Position: 1, BookedBy: "MSH-7K3Q9P"},
				cart.CartItemRemoved{ItemID: "i3", DestinationID: "d3", Position: 2, BookedBy: "MSH-7K3Q9P"},
			},
		},
		{
			name:  "a stop added after booking stays",
			given: threeStops,
			when:  cart.RemoveBookedStops{OrderID: "MSH-7K3Q9P", DestinationIDs: []string{"d9"}},
		},
		{
			name:  "booked stops already removed: nothing to do",
			given: append(threeStops, cart.CartCleared{ItemIDs: []string{"i1", "i2", "i3"}}),
			when:  cart.RemoveBookedStops{OrderID: "MSH-7K3Q9P", DestinationIDs: []string{"d1", "d2"}},
		},
	})
}

// A program added before the Arabic name was recorded reads as before: no Arabic name, and the
// English one in Arabic too; a new one carries both.
func TestAProgramAddedBeforeItsArabicNameWasRecordedReadsInEnglish(t *testing.T) {
	var old cart.ProgramAddedToCart
	if err := json.Unmarshal([]byte(`{"program_id":"p1","program_name":"Old Cairo","added":[]}`), &old); err != nil {
		t.Fatal(err)
	}
	if old.ProgramNameAR != "" || old.ProgramNameIn("ar") != "Old Cairo" || old.ProgramNameIn("en") != "Old Cairo" {
		t.Fatalf("old event %+v", old)
	}
	fresh := cart.ProgramAddedToCart{ProgramID: "p1", ProgramName: "Old Cairo", ProgramNameAR: "القاهرة القديمة"}
	b, err := json.Marshal(fresh)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"program_name_ar":"القاهرة القديمة"`) || fresh.ProgramNameIn("ar") != "القاهرة القديمة" || fresh.ProgramNameIn("en") != "Old Cairo" {
		t.Fatalf("new event %s", b)
	}
}
