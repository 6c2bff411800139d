package domain

import "time"

// Decider is the shape of every aggregate: an initial state, a decision that turns a command into
// events (or a refusal), and an evolution that folds events into state. Decide must be deterministic:
// the time and anything looked up elsewhere come in as arguments, so a decision can be replayed.
type Decider[S, C, E any] struct {
	Initial func() S
	Decide  func(state S, cmd C, now time.Time) ([]E, error)
	Evolve  func(state S, event E) S
	// StatesShareNothing says Evolve never writes to the state it is given nor to anything that
	// state shares with another (it copies what it changes), so a state may be read while it is
	// evolved, and evolved twice. The command runner then keeps a stream's fold in memory and
	// evolves it by each new event, instead of folding the stream's whole history for every command
	// and read. domaintest.CheckStatesShareNothing checks a decider that says so.
	StatesShareNothing bool
}

// Fold replays events onto the initial state.
func (d Decider[S, C, E]) Fold(events []E) S {
	s := d.Initial()
	for _, e := range events {
		s = d.Evolve(s, e)
	}
	return s
}
