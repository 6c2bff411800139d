package trip

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"time"
)

// MaxExactStops is the largest itinerary Optimise orders exactly. Held–Karp takes O(2ⁿ·n²) time and
// O(2ⁿ·n) memory: 16 stops is about 16.8 million steps and 9 MB (see TestBenchmarkTable).
const MaxExactStops = 16

// ErrTooManyStops is returned by Optimise for more than MaxExactStops stops.
var ErrTooManyStops = errors.New("trip: too many stops to optimise exactly")

// Proposal is an optimised stop order.
type Proposal struct {
	// Order lists stop indexes (into the itinerary as given) in the proposed order.
	Order []int
	// Driving is the proposed order's total driving time; Current is the given order's.
	Driving, Current time.Duration
}

// Improves reports whether the proposal drives less than the current order.
func (p Proposal) Improves() bool { return p.Driving < p.Current }

// Optimise finds the order of the stops with the least total driving time, keeping the start and
// the end where they are. times is the driving-time matrix over the route's points: index 0 is the
// start, 1…n the stops in their current order, n+1 the end (which may be the same place as the start).
// It need not be symmetric. The answer is exact (Held–Karp dynamic programming); among equally short
// orders the current order wins, so the proposal only changes the order to save time.
func Optimise(times [][]time.Duration) (Proposal, error) {
	nodes := len(times)
	if nodes < 2 {
		return Proposal{}, fmt.Errorf("trip: optimise needs a start and an end, got %d points", nodes)
	}
	for i, row := range times {
		if len(row) != nodes {
			return Proposal{}, fmt.Errorf("trip: optimise: row %d has %d columns, want %d", i, len(row), nodes)
		}
	}
	n := nodes - 2
	if n > MaxExactStops {
		return Proposal{}, fmt.Errorf("%w: %d > %d", ErrTooManyStops, n, MaxExactStops)
	}
	current := make([]int, n)
	for i := range current {
		current[i] = i
	}
	currentCost := routeCost(times, current)
	if n <= 2 {
		return bruteForce(times, current, currentCost), nil
	}

	// best[mask*n+j]: least time from the start through exactly the stops in mask, ending at stop j.
	// prev[mask*n+j]: the stop before j on that path (-1 for the first).
	full := 1 << n
	best := make([]time.Duration, full*n)
	prev := make([]int8, full*n)
	for i := range best {
		best[i] = math.MaxInt64
	}
	for j := range n {
		best[(1<<j)*n+j] = times[0][j+1]
		prev[(1<<j)*n+j] = -1
	}
	for mask := 1; mask < full; mask++ {
		row := best[mask*n : mask*n+n]
		for in := uint(mask); in != 0; in &= in - 1 {
			j := bits.TrailingZeros(in)
			cost := row[j]
			if cost == math.MaxInt64 {
				continue
			}
			from := times[j+1]
			for out := uint(full-1) &^ uint(mask); out != 0; out &= out - 1 {
				k := bits.TrailingZeros(out)
				next := (mask|1<<k)*n + k
				if c := cost + from[k+1]; c < best[next] {
					best[next] = c
					prev[next] = int8(j)
				}
			}
		}
	}
	last, bestCost := -1, time.Duration(math.MaxInt64)
	for j := range n {
		if c := best[(full-1)*n+j] + times[j+1][n+1]; c < bestCost {
			last, bestCost = j, c
		}
	}
	if bestCost >= currentCost {
		return Proposal{Order: current, Driving: currentCost, Current: currentCost}, nil
	}
	order := make([]int, n)
	mask := full - 1
	for pos, j := n-1, last; pos >= 0; pos-- {
		order[pos] = j
		p := int(prev[mask*n+j])
		mask &^= 1 << j
		j = p
	}
	return Proposal{Order: order, Driving: bestCost, Current: currentCost}, nil
}

// routeCost is the driving time of visiting the stops in order between the start and the end.
func routeCost(times [][]time.Duration, order []int) time.Duration {
	at, cost := 0, time.Duration(0)
	for _, s := range order {
		cost += times[at][s+1]
		at = s + 1
	}
	return cost + times[at][len(times)-1]
}

// bruteForce handles zero to two stops, where the table would be overkill.
func bruteForce(times [][]time.Duration, current []int, currentCost time.Duration) Proposal {
	p := Proposal{Order: current, Driving: currentCost, Current: currentCost}
	if len(current) == 2 {
		swapped := []int{1, 0}
		if c := routeCost(times, swapped); c < currentCost {
			p.Order, p.Driving = swapped, c
		}
	}
	return p
}
