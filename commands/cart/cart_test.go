package cart_test

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"sync"
	"testing"

	"github.com/google/uuid"

	"mishwar/commands"
	cartcmd "mishwar/commands/cart"
	"mishwar/domain"
	"mishwar/domain/cart"
	"mishwar/eventstore"
	"mishwar/internal/pgtest"
	"mishwar/projections/cart/carttest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

func meta(user string) commands.Meta {
	return commands.NewMeta(commands.Actor{UserID: user, Role: "user"})
}

func place(name string, published bool) carttest.Place {
	return carttest.Place{Name: name, Lat: 30.04, Lng: 31.23, VisitMinutes: 60, Published: published}
}

// items loads the cart stream and returns its destinations in order.
func items(t *testing.T, f *carttest.Fixture, user string) []string {
	t.Helper()
	h, err := commands.Load[cart.Event](context.Background(), f.Runner, cartcmd.Stream(user))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, it := range cart.Decider.Fold(h.Events).Items() {
		out = append(out, it.DestinationID)
	}
	return out
}

func TestAddDestinationLooksUpTheCatalogue(t *testing.T) {
	t.Parallel()
	f := carttest.New(t)
	ctx := context.Background()
	museum := f.Destination(t, place("Museum", true))
	draft := f.Destination(t, place("Draft", false))
	archived := f.Destination(t, place("Gone", true))
	f.Archive(t, archived)

	itemID, res, err := f.Cart.AddDestination(ctx, "u1", museum.String(), meta("u1"))
	if err != nil {
		t.Fatal(err)
	}
	added, ok := res.Events[0].(cart.DestinationAddedToCart)
	if !ok || added.ItemID != itemID || added.Destination.ID != museum.String() || added.Destination.NameEN != "Museum" || added.Destination.VisitMinutes != 60 {
		t.Fatalf("recorded %#v (item %s)", res.Events, itemID)
	}

	refusals := []struct {
		name string
		id   string
		want func(error) bool
	}{
		{"the same destination again", museum.String(), func(err error) bool { return errors.Is(err, cart.ErrAlreadyInCart) }},
		{"an unpublished destination", draft.String(), isFieldError("destination_id")},
		{"an archived destination", archived.String(), isFieldError("destination_id")},
		{"an unknown id", uuid.NewString(), isFieldError("destination_id")},
		{"not an id at all", "museum", isFieldError("destination_id")},
		{"no id", "", isFieldError("destination_id")},
	}
	for _, r := range refusals {
		if _, _, err := f.Cart.AddDestination(ctx, "u1", r.id, meta("u1")); !r.want(err) {
			t.Errorf("%s: err = %v", r.name, err)
		}
	}
	if got := items(t, f, "u1"); !reflect.DeepEqual(got, []string{museum.String()}) {
		t.Fatalf("cart = %v", got)
	}
}

func isFieldError(field string) func(error) bool {
	return func(err error) bool {
		var ve *domain.ValidationError
		return errors.As(err, &ve) && len(ve.Fields[field]) == 1 && ve.Fields[field][0] == cart.KeyDestinationUnavailable
	}
}

func TestARepeatedCommandAddsNothingAndAnswersTheSameItem(t *testing.T) {
	t.Parallel()
	f := carttest.New(t)
	ctx := context.Background()
	museum := f.Destination(t, place("Museum", true))
	m := meta("u1")
	first, r1, err := f.Cart.AddDestination(ctx, "u1", museum.String(), m)
	if err != nil {
		t.Fatal(err)
	}
	second, r2, err := f.Cart.AddDestination(ctx, "u1", museum.String(), m)
	if err != nil {
		t.Fatalf("a retry must answer the first result, got %v", err)
	}
	if first != second || !r2.Repeated || r2.Version != r1.Version {
		t.Fatalf("retry: item %s vs %s, repeated %v, versions %d vs %d", first, second, r2.Repeated, r1.Version, r2.Version)
	}
}

func TestAddProgramSkipsWhatIsAlreadyThere(t *testing.T) {
	t.Parallel()
	f := carttest.New(t)
	ctx := context.Background()
	a := f.Destination(t, place("A", true))
	b := f.Destination(t, place("B", true))
	c := f.Destination(t, place("C", true))
	hidden := f.Destination(t, place("Hidden", false))
	program := f.Program(t, "Old Cairo", true, c, a, hidden, b)
	draft := f.Program(t, "Draft", false, a)

	if _, _, err := f.Cart.AddDestination(ctx, "u1", a.String(), meta("u1")); err != nil {
		t.Fatal(err)
	}
	res, err := f.Cart.AddProgram(ctx, "u1", program.String(), meta("u1"))
	if err != nil {
		t.Fatal(err)
	}
	ev := res.Events[0].(cart.ProgramAddedToCart)
	if len(ev.Added) != 2 || len(ev.Skipped) != 2 {
		t.Fatalf("added %v, skipped %v", ev.Added, ev.Skipped)
	}
	if got, want := items(t, f, "u1"), []string{a.String(), c.String(), b.String()}; !reflect.DeepEqual(got, want) {
		t.Fatalf("cart = %v, want %v", got, want)
	}
	if _, err := f.Cart.AddProgram(ctx, "u1", program.String(), meta("u1")); !errors.Is(err, cart.ErrProgramAlreadyInCart) {
		t.Fatalf("again: %v", err)
	}
	for _, id := range []string{draft.String(), uuid.NewString(), ""} {
		if _, err := f.Cart.AddProgram(ctx, "u1", id, meta("u1")); !errors.Is(err, cart.ErrProgramNotFound) {
			t.Fatalf("program %q: %v", id, err)
		}
	}
}

func TestRemoveMoveReorderAndClear(t *testing.T) {
	t.Parallel()
	f := carttest.New(t)
	ctx := context.Background()
	var dests, itemIDs []string
	for _, n := range []string{"A", "B", "C", "D"} {
		d := f.Destination(t, place(n, true)).String()
		id, _, err := f.Cart.AddDestination(ctx, "u1", d, meta("u1"))
		if err != nil {
			t.Fatal(err)
		}
		dests, itemIDs = append(dests, d), append(itemIDs, id)
	}
	steps := []struct {
		name string
		run  func() error
		want []int // indexes into dests
		err  error
	}{
		{"move C up", func() error {
			_, err := f.Cart.MoveItem(ctx, "u1", itemIDs[2], cart.Up, 1, meta("u1"))
			return err
		}, []int{0, 2, 1, 3}, nil},
		{"move A down two", func() error {
			_, err := f.Cart.MoveItem(ctx, "u1", itemIDs[0], cart.Down, 2, meta("u1"))
			return err
		}, []int{2, 1, 0, 3}, nil},
		{"move the first up", func() error {
			_, err := f.Cart.MoveItem(ctx, "u1", itemIDs[2], cart.Up, 1, meta("u1"))
			return err
		}, []int{2, 1, 0, 3}, cart.ErrCannotMove},
		{"move the last down", func() error {
			_, err := f.Cart.MoveItem(ctx, "u1", itemIDs[3], cart.Down, 1, meta("u1"))
			return err
		}, []int{2, 1, 0, 3}, cart.ErrCannotMove},
		{"remove B", func() error {
			_, err := f.Cart.RemoveItem(ctx, "u1", itemIDs[1], meta("u1"))
			return err
		}, []int{2, 0, 3}, nil},
		{"remove B again", func() error {
			_, err := f.Cart.RemoveItem(ctx, "u1", itemIDs[1], meta("u1"))
			return err
		}, []int{2, 0, 3}, cart.ErrItemNotFound},
		{"reorder", func() error {
			_, err := f.Cart.Reorder(ctx, "u1", []string{itemIDs[3], itemIDs[0], itemIDs[2]}, "optimised", meta("u1"))
			return err
		}, []int{3, 0, 2}, nil},
		{"reorder with a removed item", func() error {
			_, err := f.Cart.Reorder(ctx, "u1", []string{itemIDs[3], itemIDs[1], itemIDs[2]}, "", meta("u1"))
			return err
		}, []int{3, 0, 2}, cart.ErrOrderMismatch},
		{"clear", func() error {
			_, err := f.Cart.Clear(ctx, "u1", meta("u1"))
			return err
		}, nil, nil},
	}
	for _, s := range steps {
		err := s.run()
		if !errors.Is(err, s.err) {
			t.Fatalf("%s: err = %v, want %v", s.name, err, s.err)
		}
		var want []string
		for _, i := range s.want {
			want = append(want, dests[i])
		}
		if got := items(t, f, "u1"); !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: cart = %v, want %v", s.name, got, want)
		}
	}
}

func TestChoosePointsResolvesPickupPoints(t *testing.T) {
	t.Parallel()
	f := carttest.New(t)
	ctx := context.Background()
	hotel := f.PickupPoint(t, "Nile Hotel", 30.045, 31.23, true)
	closed := f.PickupPoint(t, "Closed Hotel", 30.05, 31.24, false)

	res, err := f.Cart.ChoosePoints(ctx, "u1", &cartcmd.PointChoice{PickupPointID: hotel.String()}, &cartcmd.PointChoice{Name: "My flat", Lat: 30.06, Lng: 31.33}, false, meta("u1"))
	if err != nil {
		t.Fatal(err)
	}
	want := cart.CartPointsChosen{
		Start: &cart.Point{Kind: cart.PickupPoint, PickupPointID: hotel.String(), Name: "Nile Hotel", NameAR: "نقطة Nile Hotel", Lat: 30.045, Lng: 31.23},
		End:   &cart.Point{Kind: cart.CustomPoint, Name: "My flat", Lat: 30.06, Lng: 31.33},
	}
	if !reflect.DeepEqual(res.Events, []cart.Event{want}) {
		t.Fatalf("events %#v", res.Events)
	}
	for name, choice := range map[string]*cartcmd.PointChoice{
		"an inactive pickup point": {PickupPointID: closed.String()},
		"an unknown pickup point":  {PickupPointID: uuid.NewString()},
	} {
		_, err := f.Cart.ChoosePoints(ctx, "u1", choice, nil, true, meta("u1"))
		var ve *domain.ValidationError
		if !errors.As(err, &ve) || ve.Fields["start.pickup_point_id"] == nil {
			t.Errorf("%s: err = %v", name, err)
		}
	}
}

// TestTwoTabsAddingAtOnceLoseNothing runs two writers on one cart, each adding its own destinations
// and moving items about, at the same time. Every add must land: a conflict is re-decided, never
// dropped and never a duplicate.
func TestTwoTabsAddingAtOnceLoseNothing(t *testing.T) {
	t.Parallel()
	f := carttest.New(t)
	ctx := context.Background()
	const perTab = 6
	var tabs [2][]string
	for tab := range tabs {
		for i := range perTab {
			tabs[tab] = append(tabs[tab], f.Destination(t, place(fmt.Sprintf("T%d-%d", tab, i), true)).String())
		}
	}
	var wg sync.WaitGroup
	errs := make(chan error, 2*perTab*2)
	for tab := range tabs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, d := range tabs[tab] {
				id, _, err := f.Cart.AddDestination(ctx, "u1", d, meta("u1"))
				if err != nil {
					errs <- fmt.Errorf("tab %d add %s: %w", tab, d, err)
					continue
				}
				// Moving an item this tab just added up one: fine wherever it now is, unless first.
				if _, err := f.Cart.MoveItem(ctx, "u1", id, cart.Up, 1, meta("u1")); err != nil && !errors.Is(err, cart.ErrCannotMove) {
					errs <- fmt.Errorf("tab %d move: %w", tab, err)
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	got := items(t, f, "u1")
	seen := map[string]int{}
	for _, d := range got {
		seen[d]++
	}
	for tab := range tabs {
		for _, d := range tabs[tab] {
			if seen[d] != 1 {
				t.Errorf("destination %s is in the cart %d times", d, seen[d])
			}
		}
	}
	if len(got) != 2*perTab {
		t.Fatalf("cart holds %d items, want %d", len(got), 2*perTab)
	}
}

func TestTwoTabsAddingTheSameDestinationAddItOnce(t *testing.T) {
	t.Parallel()
	f := carttest.New(t)
	ctx := context.Background()
	museum := f.Destination(t, place("Museum", true)).String()
	var wg sync.WaitGroup
	results := make([]error, 8)
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, _, results[i] = f.Cart.AddDestination(ctx, "u1", museum, meta("u1"))
		}()
	}
	wg.Wait()
	ok, dup := 0, 0
	for _, err := range results {
		switch {
		case err == nil:
			ok++
		case errors.Is(err, cart.ErrAlreadyInCart):
			dup++
		default:
			t.Errorf("unexpected: %v", err)
		}
	}
	if ok != 1 || dup != len(results)-1 || len(items(t, f, "u1")) != 1 {
		t.Fatalf("%d added, %d duplicates, cart %v", ok, dup, items(t, f, "u1"))
	}
}

func TestEveryEventSurvivesTheRegistry(t *testing.T) {
	t.Parallel()
	f := carttest.New(t)
	p := &cart.Point{Kind: cart.PickupPoint, PickupPointID: "p", Name: "P", NameAR: "ب", Lat: 30.1, Lng: 31.2}
	d := cart.Destination{ID: "d", Slug: "s", NameEN: "D", NameAR: "د", Lat: 30, Lng: 31, VisitMinutes: 45}
	for _, e := range []cart.Event{
		cart.DestinationAddedToCart{ItemID: "i", Destination: d, Position: 2},
		cart.ProgramAddedToCart{ProgramID: "p", ProgramName: "P", Added: []cart.AddedItem{{ItemID: "i", Destination: d, Position: 1}}, Skipped: []cart.SkippedDestination{{DestinationID: "x", Reason: cart.SkipUnavailable}}},
		cart.CartItemRemoved{ItemID: "i", DestinationID: "d", Position: 3},
		cart.CartCleared{ItemIDs: []string{"i", "j"}},
		cart.CartItemMoved{ItemID: "i", From: 1, To: 2},
		cart.CartReordered{ItemIDs: []string{"j", "i"}, Reason: "optimised"},
		cart.CartPointsChosen{Start: p, End: &cart.Point{Kind: cart.CustomPoint, Name: "home", Lat: 30.2, Lng: 31.3}},
		cart.CartPointsChosen{},
	} {
		data, err := f.Registry.Encode(uuid.New(), e, commandsMetadata())
		if err != nil {
			t.Fatalf("%T: %v", e, err)
		}
		back, err := f.Registry.Decode(recorded(data))
		if err != nil {
			t.Fatalf("%T: %v", e, err)
		}
		if !reflect.DeepEqual(back, e) {
			t.Fatalf("%T round trip:\n got %#v\nwant %#v", e, back, e)
		}
	}
}

func commandsMetadata() eventstore.Metadata { return eventstore.Metadata{ActorID: "u1"} }

func recorded(d eventstore.EventData) eventstore.RecordedEvent {
	return eventstore.RecordedEvent{ID: d.ID, StreamID: "cart-u1", Type: d.Type, SchemaVersion: d.SchemaVersion, Data: d.Data, Metadata: d.Metadata}
}
