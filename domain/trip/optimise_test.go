package trip_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"reflect"
	"sort"
	"testing"
	"time"

	"mishwar/domain/trip"
)

// lineMatrix puts the start, the stops and the end on a line at the given positions (minutes).
func lineMatrix(start int, stops []int, end int) [][]time.Duration {
	pos := append(append([]int{start}, stops...), end)
	m := make([][]time.Duration, len(pos))
	for i := range pos {
		m[i] = make([]time.Duration, len(pos))
		for j := range pos {
			d := pos[i] - pos[j]
			if d < 0 {
				d = -d
			}
			m[i][j] = time.Duration(d) * time.Minute
		}
	}
	return m
}

// randomMatrix is an asymmetric matrix of driving times between 1 and 60 minutes.
func randomMatrix(r *rand.Rand, stops int) [][]time.Duration {
	n := stops + 2
	m := make([][]time.Duration, n)
	for i := range m {
		m[i] = make([]time.Duration, n)
		for j := range m[i] {
			if i != j {
				m[i][j] = time.Duration(60+r.IntN(3540)) * time.Second
			}
		}
	}
	return m
}

func cost(m [][]time.Duration, order []int) time.Duration {
	at, c := 0, time.Duration(0)
	for _, s := range order {
		c += m[at][s+1]
		at = s + 1
	}
	return c + m[at][len(m)-1]
}

// bestByEnumeration tries every order (Heap's algorithm).
func bestByEnumeration(m [][]time.Duration) time.Duration {
	n := len(m) - 2
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	best := cost(m, order)
	var permute func(k int)
	permute = func(k int) {
		if k <= 1 {
			best = min(best, cost(m, order))
			return
		}
		for i := 0; i < k; i++ {
			permute(k - 1)
			if k%2 == 0 {
				order[i], order[k-1] = order[k-1], order[i]
			} else {
				order[0], order[k-1] = order[k-1], order[0]
			}
		}
	}
	permute(n)
	return best
}

func TestOptimiseOnALine(t *testing.T) {
	cases := []struct {
		name        string
		start, end  int
		stops       []int
		wantDriving time.Duration
		wantOrders  [][]int // any of these; nil: any order driving wantDriving
	}{
		{
			name: "a round trip visits the line in one sweep", start: 0, end: 0, stops: []int{5, 1, 3, 2, 4},
			wantDriving: 10 * time.Minute, // many orders tie (any that goes out and comes back once)
		},
		{
			name: "a different end is kept last", start: 0, end: 10, stops: []int{7, 3, 9, 1},
			wantDriving: 10 * time.Minute, wantOrders: [][]int{{3, 1, 0, 2}},
		},
		{
			name: "the start is kept first even when starting in the middle", start: 5, end: 0, stops: []int{1, 9, 7},
			wantDriving: 13 * time.Minute, wantOrders: [][]int{{2, 1, 0}, {1, 2, 0}},
		},
		{
			name: "two stops swap", start: 0, end: 10, stops: []int{8, 2},
			wantDriving: 10 * time.Minute, wantOrders: [][]int{{1, 0}},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := trip.Optimise(lineMatrix(c.start, c.stops, c.end))
			if err != nil {
				t.Fatal(err)
			}
			ok := c.wantOrders == nil && cost(lineMatrix(c.start, c.stops, c.end), p.Order) == p.Driving
			for _, w := range c.wantOrders {
				ok = ok || reflect.DeepEqual(p.Order, w)
			}
			if !ok || p.Driving != c.wantDriving || !p.Improves() {
				t.Fatalf("proposal %v driving %v (current %v), want one of %v driving %v", p.Order, p.Driving, p.Current, c.wantOrders, c.wantDriving)
			}
		})
	}
}

func TestOptimiseKeepsAnOrderThatIsAlreadyBest(t *testing.T) {
	for _, stops := range [][]int{{}, {4}, {1, 2}, {1, 2, 3, 4}, {4, 3, 2, 1}} {
		t.Run(fmt.Sprint(stops), func(t *testing.T) {
			// On a round trip from 0, ascending and descending sweeps tie; the current order must win.
			p, err := trip.Optimise(lineMatrix(0, stops, 0))
			if err != nil {
				t.Fatal(err)
			}
			want := make([]int, len(stops))
			for i := range want {
				want[i] = i
			}
			if !reflect.DeepEqual(p.Order, want) || p.Improves() || p.Driving != p.Current {
				t.Fatalf("proposal %v (%v vs %v), want the current order %v kept", p.Order, p.Driving, p.Current, want)
			}
		})
	}
}

func TestOptimiseMatchesEnumerationOnRandomAsymmetricMatrices(t *testing.T) {
	r := rand.New(rand.NewPCG(6, 2026))
	for stops := 0; stops <= 8; stops++ {
		for round := range 25 {
			m := randomMatrix(r, stops)
			p, err := trip.Optimise(m)
			if err != nil {
				t.Fatal(err)
			}
			want := bestByEnumeration(m)
			if p.Driving != want || cost(m, p.Order) != p.Driving {
				t.Fatalf("%d stops, round %d: proposal %v drives %v (order costs %v), best is %v", stops, round, p.Order, p.Driving, cost(m, p.Order), want)
			}
			sorted := append([]int(nil), p.Order...)
			sort.Ints(sorted)
			for i, v := range sorted {
				if v != i {
					t.Fatalf("%d stops: order %v is not a permutation", stops, p.Order)
				}
			}
		}
	}
}

func TestOptimiseRefusesWhatItCannotSolveExactly(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	if _, err := trip.Optimise(randomMatrix(r, trip.MaxExactStops+1)); !errors.Is(err, trip.ErrTooManyStops) {
		t.Fatalf("err = %v, want ErrTooManyStops", err)
	}
	if _, err := trip.Optimise([][]time.Duration{{0}}); err == nil {
		t.Fatal("a matrix without an end must fail")
	}
	if _, err := trip.Optimise([][]time.Duration{{0, 1}, {1}}); err == nil {
		t.Fatal("a ragged matrix must fail")
	}
}

func BenchmarkOptimise(b *testing.B) {
	for _, stops := range []int{8, 10, 12, 14, 16} {
		b.Run(fmt.Sprintf("stops=%d", stops), func(b *testing.B) {
			m := randomMatrix(rand.New(rand.NewPCG(uint64(stops), 7)), stops)
			for b.Loop() {
				if _, err := trip.Optimise(m); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestBenchmarkTable prints how long an exact optimisation takes by number of stops (run with
// MISHWAR_BENCH=1; `make bench` does). It fails when 12 stops take longer than the 50 ms budget.
func TestBenchmarkTable(t *testing.T) {
	if os.Getenv("MISHWAR_BENCH") != "1" {
		t.Skip("set MISHWAR_BENCH=1 to measure")
	}
	const budget = 50 * time.Millisecond
	t.Logf("%6s  %12s  %12s  %12s", "stops", "median", "p90", "worst")
	for stops := 4; stops <= trip.MaxExactStops; stops++ {
		r := rand.New(rand.NewPCG(uint64(stops), 99))
		runs := 21
		times := make([]time.Duration, runs)
		for i := range runs {
			m := randomMatrix(r, stops)
			start := time.Now()
			if _, err := trip.Optimise(m); err != nil {
				t.Fatal(err)
			}
			times[i] = time.Since(start)
		}
		sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
		median, p90, worst := times[runs/2], times[runs*9/10], times[runs-1]
		t.Logf("%6d  %12v  %12v  %12v", stops, median.Round(time.Microsecond), p90.Round(time.Microsecond), worst.Round(time.Microsecond))
		if stops == 12 && median > budget {
			t.Errorf("12 stops take %v (median), budget %v", median, budget)
		}
	}
}
