package postgres

// UndeliveredSQL is the subscription's "anything after this position?" query, for the plan test.
const UndeliveredSQL = undeliveredSQL

// CountAfterSQL is the readiness probe's bounded count, for the plan test.
const CountAfterSQL = countAfterSQL

// HoldAppends makes appends queue instead of starting a batch, until release: the appends queued
// meanwhile then leave together, in one batch.
func HoldAppends(s *Store) (release func()) {
	g := s.group
	g.mu.Lock()
	g.held = true
	g.mu.Unlock()
	return func() {
		g.mu.Lock()
		defer g.mu.Unlock()
		g.held = false
		g.startLocked()
	}
}

// QueuedAppends is how many appends wait for a batch.
func QueuedAppends(s *Store) int {
	s.group.mu.Lock()
	defer s.group.mu.Unlock()
	return len(s.group.queue)
}
