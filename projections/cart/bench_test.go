package cart_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	cartcmd "mishwar/commands/cart"
	"mishwar/domain/cart"
	"mishwar/eventstore"
	"mishwar/eventstore/postgres"
	"mishwar/internal/benchtest"
	"mishwar/internal/pgtest"
	"mishwar/projections"
	cartrm "mishwar/projections/cart"
)

// TestBenchmarkTableRebuild measures a full rebuild of the cart read model over a log of cart events
// shaped like travellers' (each of 2,000 carts gets six stops, then moves up and down, removals and
// new stops), and checks the rebuilt model is the same each time. It runs only with MISHWAR_BENCH=1
// (make bench). MISHWAR_BENCH_EVENTS changes the 100,000 events.
func TestBenchmarkTableRebuild(t *testing.T) {
	if os.Getenv("MISHWAR_BENCH") != "1" {
		t.Skip("set MISHWAR_BENCH=1 to run the benchmarks (make bench)")
	}
	total := 100_000
	if v := os.Getenv("MISHWAR_BENCH_EVENTS"); v != "" {
		fmt.Sscan(v, &total)
	}
	ctx := context.Background()
	pool := pgtest.NewDatabase(t)
	store := postgres.New(pool)
	reg := eventstore.NewRegistry()
	cartcmd.RegisterEvents(reg)
	const users = 2000
	perUser := total / users
	r := rand.New(rand.NewPCG(1, 2))
	// Ids from the seeded generator: every run holds the same carts, so read models of two runs (two
	// versions of the projection) compare by the checksum that leaves out times.
	newID := func() string {
		var b [16]byte
		for i := range b {
			b[i] = byte(r.IntN(256))
		}
		return uuid.Must(uuid.FromBytes(b[:])).String()
	}
	for range users {
		userID := newID()
		var items []string
		events := make([]eventstore.EventData, 0, perUser)
		add := func() any {
			id := newID()
			items = append(items, id)
			return cart.DestinationAddedToCart{ItemID: id, Position: len(items), Destination: cart.Destination{
				ID: newID(), Slug: "the-citadel", NameEN: "The Citadel of Salah El-Din", NameAR: "قلعة صلاح الدين الأيوبي",
				Lat: 30.0299, Lng: 31.2611, VisitMinutes: 90,
			}}
		}
		for range perUser {
			var e any
			switch k := r.IntN(10); {
			case len(items) < 6 || k == 0:
				e = add()
			case k == 1:
				at := r.IntN(len(items))
				e = cart.CartItemRemoved{ItemID: items[at], Position: at + 1}
				items = append(items[:at], items[at+1:]...)
			default:
				from := 1 + r.IntN(len(items))
				to := max(1, min(len(items), from+1-2*r.IntN(2)))
				e = cart.CartItemMoved{ItemID: items[from-1], From: from, To: to}
				it := items[from-1]
				items = append(items[:from-1], items[from:]...)
				items = append(items[:to-1], append([]string{it}, items[to-1:]...)...)
			}
			ed, err := reg.Encode(uuid.New(), e, eventstore.Metadata{ActorID: userID, ActorRole: "user", CommandID: uuid.NewString(), CorrelationID: uuid.NewString(), ClientIP: "197.34.12.8"})
			if err != nil {
				t.Fatal(err)
			}
			events = append(events, ed)
		}
		if _, err := store.Append(ctx, cartcmd.Stream(userID), eventstore.NoStream, events...); err != nil {
			t.Fatal(err)
		}
	}
	p := cartrm.New(reg)
	if err := projections.EnsureSchema(ctx, pool, store, p); err != nil {
		t.Fatal(err)
	}
	out := &strings.Builder{}
	fmt.Fprintf(out, "Machine: %s; the test cluster.\n\n", benchtest.Machine())
	fmt.Fprintf(out, "| Full rebuild of the cart read model over %d events (%d carts) | run | seconds | events/s |\n|---|---:|---:|---:|\n", users*perUser, users)
	var first, timeless string
	for run := 1; run <= 3; run++ {
		start := time.Now()
		if err := projections.Rebuild(ctx, pool, store, p, nil); err != nil {
			t.Fatal(err)
		}
		d := time.Since(start)
		fmt.Fprintf(out, "| `projections.Rebuild` | %d | %.2f | %.0f |\n", run, d.Seconds(), float64(users*perUser)/d.Seconds())
		var sum string
		if err := pool.QueryRow(ctx, `SELECT md5(coalesce((SELECT string_agg(format('%s %s %s %s %s', user_id, version, start_point, end_point, updated_at), ',' ORDER BY user_id) FROM rm_cart.carts), '') ||
			coalesce((SELECT string_agg(format('%s %s %s %s %s %s %s', user_id, item_id, position, destination_id, program_id, destination, added_at), ',' ORDER BY user_id, position) FROM rm_cart.cart_items), '')),
			md5(coalesce((SELECT string_agg(format('%s %s %s %s', user_id, version, start_point, end_point), ',' ORDER BY user_id) FROM rm_cart.carts), '') ||
			coalesce((SELECT string_agg(format('%s %s %s %s %s %s', user_id, item_id, position, destination_id, program_id, destination), ',' ORDER BY user_id, position) FROM rm_cart.cart_items), ''))`).Scan(&sum, &timeless); err != nil {
			t.Fatal(err)
		}
		if first == "" {
			first = sum
		} else if sum != first {
			t.Fatalf("rebuild %d gave another read model (checksum %s, first %s)", run, sum, first)
		}
	}
	fmt.Fprintf(out, "\nRead model checksum (md5 of every row, in order), the same after each rebuild: %s; without the times (the same log gives the same): %s\n", first, timeless)
	t.Log("\n" + out.String())
}
