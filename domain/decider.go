package domain

import "time"

// Decider is the shape of every aggregate: an initial state, a decision that turns a command into
// events (or a refusal), and an evolution that folds events into state. Decide must be deterministic:
// the time and anything looked up elsewhere come in as arguments, so a decision can be replayed.
type Decider[S, C, E any] struct {
	Initial func() S
	Decide  func(state S, cmd C, now time.Time) ([]E, error)
	Evolve  func(state S, event E) S
}

// Fold replays events onto the initial state.
func (d Decider[S, C, E]) Fold(events []E) S {
	s := d.Initial()
	for _, e := range events {
		s = d.Evolve(s, e)
	}
	return s
}
