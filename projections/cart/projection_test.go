package cart_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"sync"
	"testing"
	"time"

	"mishwar/commands"
	cartcmd "mishwar/commands/cart"
	"mishwar/domain/cart"
	"mishwar/eventstore"
	"mishwar/internal/pgtest"
	"mishwar/projections"
	cartrm "mishwar/projections/cart"
	"mishwar/projections/cart/carttest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

func meta() commands.Meta { return commands.NewMeta(commands.Actor{UserID: "u1", Role: "user"}) }

func place(name string, lat, lng float64, visit int) carttest.Place {
	return carttest.Place{Name: name, Lat: lat, Lng: lng, VisitMinutes: visit, Published: true, Photo: "/uploads/" + name + ".jpg"}
}

// domainCart folds the user's stream with the decider: what the read model must agree with.
func domainCart(t *testing.T, f *carttest.Fixture, user string) (ids []string, start, end *cart.Point, version int64) {
	t.Helper()
	h, err := commands.Load[cart.Event](context.Background(), f.Runner, cartcmd.Stream(user))
	if err != nil {
		t.Fatal(err)
	}
	s := cart.Decider.Fold(h.Events)
	for _, it := range s.Items() {
		ids = append(ids, it.ID)
	}
	return ids, s.Start(), s.End(), h.Version
}

func viewIDs(v cartrm.View) []string {
	var ids []string
	for i, it := range v.Items {
		if it.Position != i+1 {
			panic(fmt.Sprintf("item %d at position %d", i, it.Position))
		}
		ids = append(ids, it.ID)
	}
	return ids
}

func checkAgrees(t *testing.T, f *carttest.Fixture, step string, pos eventstore.Position) cartrm.View {
	t.Helper()
	f.WaitForCart(t, pos)
	v, err := f.Carts.Cart(context.Background(), "u1")
	if err != nil {
		t.Fatal(err)
	}
	ids, start, end, version := domainCart(t, f, "u1")
	if !reflect.DeepEqual(viewIDs(v), ids) || !reflect.DeepEqual(v.Start, start) || !reflect.DeepEqual(v.End, end) || v.Version != version {
		t.Fatalf("%s: read model %v %v→%v @%d, decider %v %v→%v @%d", step, viewIDs(v), v.Start, v.End, v.Version, ids, start, end, version)
	}
	return v
}

func TestEveryCartEventShowsInTheReadModel(t *testing.T) {
	t.Parallel()
	f := carttest.New(t)
	ctx := context.Background()
	if v, err := f.Carts.Cart(ctx, "u1"); err != nil || v.Version != -1 || len(v.Items) != 0 {
		t.Fatalf("a user without a cart: %+v %v", v, err)
	}
	aID := f.Destination(t, place("A", 30.05, 31.23, 60))
	b := f.Destination(t, place("B", 30.04, 31.26, 90)).String()
	cID := f.Destination(t, place("C", 29.98, 31.13, 120))
	dID := f.Destination(t, place("D", 30.03, 31.26, 30))
	a := aID.String()
	program := f.Program(t, "Tour", true, cID, aID, dID).String()
	hotel := f.PickupPoint(t, "Hotel", 30.045, 31.23, true).String()

	var itemA, itemB string
	steps := []struct {
		name string
		run  func() (eventstore.Position, error)
	}{
		{"add A", func() (eventstore.Position, error) {
			id, res, err := f.Cart.AddDestination(ctx, "u1", a, meta())
			itemA = id
			return res.Position, err
		}},
		{"add B", func() (eventstore.Position, error) {
			id, res, err := f.Cart.AddDestination(ctx, "u1", b, meta())
			itemB = id
			return res.Position, err
		}},
		{"add the program (A skipped)", func() (eventstore.Position, error) {
			res, err := f.Cart.AddProgram(ctx, "u1", program, meta())
			return res.Position, err
		}},
		{"move B down two", func() (eventstore.Position, error) {
			res, err := f.Cart.MoveItem(ctx, "u1", itemB, cart.Down, 2, meta())
			return res.Position, err
		}},
		{"remove A", func() (eventstore.Position, error) {
			res, err := f.Cart.RemoveItem(ctx, "u1", itemA, meta())
			return res.Position, err
		}},
		{"choose points", func() (eventstore.Position, error) {
			res, err := f.Cart.ChoosePoints(ctx, "u1", &cartcmd.PointChoice{PickupPointID: hotel}, &cartcmd.PointChoice{Name: "Flat", Lat: 30.06, Lng: 31.33}, false, meta())
			return res.Position, err
		}},
		{"reorder", func() (eventstore.Position, error) {
			ids, _, _, _ := domainCart(t, f, "u1")
			rev := make([]string, len(ids))
			for i, id := range ids {
				rev[len(ids)-1-i] = id
			}
			res, err := f.Cart.Reorder(ctx, "u1", rev, "optimised", meta())
			return res.Position, err
		}},
		{"back to the default start", func() (eventstore.Position, error) {
			res, err := f.Cart.ChoosePoints(ctx, "u1", nil, nil, true, meta())
			return res.Position, err
		}},
		{"clear", func() (eventstore.Position, error) {
			res, err := f.Cart.Clear(ctx, "u1", meta())
			return res.Position, err
		}},
	}
	for _, s := range steps {
		pos, err := s.run()
		if err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		v := checkAgrees(t, f, s.name, pos)
		switch s.name {
		case "add the program (A skipped)":
			if len(v.Items) != 4 || v.Items[2].ProgramID != program || v.Items[2].Destination.NameEN != "C" || v.Items[2].Destination.VisitMinutes != 120 {
				t.Fatalf("program items: %+v", v.Items)
			}
		case "choose points":
			if v.Start == nil || v.Start.PickupPointID != hotel || v.End == nil || v.End.Name != "Flat" {
				t.Fatalf("points: %+v %+v", v.Start, v.End)
			}
		case "clear":
			if len(v.Items) != 0 || v.Start != nil || v.Version != 8 {
				t.Fatalf("cleared cart: %+v", v)
			}
		}
	}
}

// TestRandomHistoriesAgreeWithTheDecider drives random commands (some refused) and checks the read
// model against the decider's fold after each, including when several commands land in one batch.
func TestRandomHistoriesAgreeWithTheDecider(t *testing.T) {
	t.Parallel()
	f := carttest.New(t)
	ctx := context.Background()
	var dests []string
	for i := range 8 {
		dests = append(dests, f.Destination(t, place(fmt.Sprintf("P%d", i), 30+float64(i)/100, 31.2, 30)).String())
	}
	r := rand.New(rand.NewPCG(42, 6))
	var last eventstore.Position
	for step := range 120 {
		ids, _, _, _ := domainCart(t, f, "u1")
		var res cartcmd.Result
		var err error
		switch k := r.IntN(10); {
		case k < 4:
			_, res, err = f.Cart.AddDestination(ctx, "u1", dests[r.IntN(len(dests))], meta())
		case k < 6 && len(ids) > 0:
			dir := cart.Up
			if r.IntN(2) == 0 {
				dir = cart.Down
			}
			res, err = f.Cart.MoveItem(ctx, "u1", ids[r.IntN(len(ids))], dir, 1+r.IntN(2), meta())
		case k < 8 && len(ids) > 0:
			res, err = f.Cart.RemoveItem(ctx, "u1", ids[r.IntN(len(ids))], meta())
		case k == 8 && len(ids) > 1:
			perm := r.Perm(len(ids))
			order := make([]string, len(ids))
			for i, p := range perm {
				order[i] = ids[p]
			}
			res, err = f.Cart.Reorder(ctx, "u1", order, "", meta())
		case k == 9 && r.IntN(4) == 0:
			res, err = f.Cart.Clear(ctx, "u1", meta())
		}
		if err == nil && len(res.Events) > 0 {
			last = res.Position
		}
		if step%10 == 9 {
			checkAgrees(t, f, fmt.Sprintf("step %d", step), last)
		}
	}
}

func TestAChangeIsAnnouncedToTheOwnersRoomWithTheNewVersion(t *testing.T) {
	t.Parallel()
	f := carttest.New(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	a := f.Destination(t, place("A", 30.05, 31.23, 60)).String()

	var mu sync.Mutex
	var notices []json.RawMessage
	listening := make(chan struct{})
	go func() {
		_ = projections.ListenLive(ctx, f.Pool, func(topic string, payload json.RawMessage) {
			if topic == projections.TopicConnected {
				close(listening)
				return
			}
			if topic == cartrm.Event {
				mu.Lock()
				notices = append(notices, payload)
				mu.Unlock()
			}
		})
	}()
	<-listening
	_, res, err := f.Cart.AddDestination(ctx, "u1", a, meta())
	if err != nil {
		t.Fatal(err)
	}
	f.WaitForCart(t, res.Position)
	deadline := time.Now().Add(5 * time.Second)
	for {
		mu.Lock()
		n := len(notices)
		mu.Unlock()
		if n > 0 || time.Now().After(deadline) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(notices) != 1 {
		t.Fatalf("%d notices", len(notices))
	}
	var n struct {
		Room  string `json:"room"`
		Event string `json:"event"`
		Data  struct {
			Version int64 `json:"version"`
		} `json:"data"`
	}
	if err := json.Unmarshal(notices[0], &n); err != nil {
		t.Fatal(err)
	}
	if n.Room != "user:u1" || n.Event != "cart.changed" || n.Data.Version != 0 {
		t.Fatalf("notice %s", notices[0])
	}
}

// xmins are the transaction ids that last wrote each of u1's item rows, by item id.
func xmins(t *testing.T, f *carttest.Fixture) map[string]string {
	t.Helper()
	rows, err := f.Pool.Query(context.Background(), `SELECT item_id, xmin::text FROM rm_cart.cart_items WHERE user_id = 'u1'`)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for rows.Next() {
		var id, x string
		if err := rows.Scan(&id, &x); err != nil {
			t.Fatal(err)
		}
		out[id] = x
	}
	return out
}

func TestAMoveRewritesOnlyTheItemsWhosePlaceChanged(t *testing.T) {
	t.Parallel()
	f := carttest.New(t)
	ctx := context.Background()
	var last eventstore.Position
	for i := range 5 {
		_, res, err := f.Cart.AddDestination(ctx, "u1", f.Destination(t, place(fmt.Sprintf("P%d", i), 30+float64(i)/100, 31.2, 30)).String(), meta())
		if err != nil {
			t.Fatal(err)
		}
		last = res.Position
	}
	v := checkAgrees(t, f, "added", last)
	before := xmins(t, f)
	// The last stop moves up one place: it and the one it passes change places, the rest stay.
	res, err := f.Cart.MoveItem(ctx, "u1", v.Items[4].ID, cart.Up, 1, meta())
	if err != nil {
		t.Fatal(err)
	}
	checkAgrees(t, f, "moved", res.Position)
	after := xmins(t, f)
	for i, it := range v.Items {
		rewritten := before[it.ID] != after[it.ID]
		if want := i >= 3; rewritten != want {
			t.Fatalf("item at %d rewritten: %v, want %v", i+1, rewritten, want)
		}
	}
	res, err = f.Cart.RemoveItem(ctx, "u1", v.Items[0].ID, meta())
	if err != nil {
		t.Fatal(err)
	}
	checkAgrees(t, f, "removed", res.Position)
}

// dump is the cart read model's content in a fixed order, as text.
func dump(t *testing.T, f *carttest.Fixture) string {
	t.Helper()
	var s string
	err := f.Pool.QueryRow(context.Background(), `SELECT
		coalesce((SELECT string_agg(format('%s %s %s %s %s', user_id, version, start_point, end_point, updated_at), E'\n' ORDER BY user_id) FROM rm_cart.carts), '') || E'\n--\n' ||
		coalesce((SELECT string_agg(format('%s %s %s %s %s %s %s', user_id, item_id, position, destination_id, program_id, destination, added_at), E'\n' ORDER BY user_id, position) FROM rm_cart.cart_items), '')`).Scan(&s)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestARebuildOfManyCartsGivesTheReadModelTheLiveProjectionWrote(t *testing.T) {
	t.Parallel()
	f := carttest.New(t)
	ctx := context.Background()
	var dests []string
	for i := range 6 {
		dests = append(dests, f.Destination(t, place(fmt.Sprintf("P%d", i), 30+float64(i)/100, 31.2, 30)).String())
	}
	r := rand.New(rand.NewPCG(7, 11))
	var last eventstore.Position
	users := []string{"u1", "u2", "u3", "u4", "u5"}
	for range 150 {
		user := users[r.IntN(len(users))]
		ids, _, _, _ := domainCart(t, f, user)
		var res cartcmd.Result
		var err error
		switch k := r.IntN(10); {
		case k < 4 || len(ids) < 2:
			_, res, err = f.Cart.AddDestination(ctx, user, dests[r.IntN(len(dests))], meta())
		case k < 7:
			res, err = f.Cart.MoveItem(ctx, user, ids[r.IntN(len(ids))], cart.Down, 1, meta())
		case k < 9:
			res, err = f.Cart.RemoveItem(ctx, user, ids[r.IntN(len(ids))], meta())
		default:
			res, err = f.Cart.Clear(ctx, user, meta())
		}
		if err == nil && len(res.Events) > 0 {
			last = res.Position
		}
	}
	f.WaitForCart(t, last)
	live := dump(t, f)
	if err := projections.Rebuild(ctx, f.Pool, f.Store, cartrm.New(f.Registry), nil); err != nil {
		t.Fatal(err)
	}
	if rebuilt := dump(t, f); rebuilt != live {
		t.Fatalf("rebuilt:\n%s\nlive:\n%s", rebuilt, live)
	}
}
