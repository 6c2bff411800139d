// Package domaintest holds checks every decider's tests can run.
package domaintest

import (
	"fmt"
	"reflect"
	"testing"
	"time"

	"mishwar/domain"
)

// CheckStatesShareNothing checks what domain.Decider.StatesShareNothing promises: at every step of
// folding events, the state reached so far is evolved by each of the events and each of cmds is
// decided on it (as the command runner does with a state it keeps, several times over), and the
// state must still equal the same fold made afresh. An Evolve or Decide that panics on an event or a
// command out of place is skipped: the check is about what they write, not what they accept.
func CheckStatesShareNothing[S, C, E any](t testing.TB, d domain.Decider[S, C, E], events []E, cmds []C) {
	t.Helper()
	if !d.StatesShareNothing {
		t.Fatal("the decider does not say its states share nothing")
	}
	s := d.Initial()
	for n := 0; n <= len(events); n++ {
		for _, e := range events {
			quietly(func() { _ = d.Evolve(s, e) })
		}
		for _, c := range cmds {
			quietly(func() { _, _ = d.Decide(s, c, timeOfCheck) })
		}
		if fresh := d.Fold(events[:n]); !reflect.DeepEqual(s, fresh) {
			t.Fatalf("after %d events, evolving and deciding on the state changed it:\n got %s\nwant %s", n, show(s), show(fresh))
		}
		if n < len(events) {
			s = d.Evolve(s, events[n])
		}
	}
}

// timeOfCheck is the time the checks' decisions are made at.
var timeOfCheck = time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)

func quietly(f func()) {
	defer func() { _ = recover() }()
	f()
}

func show(v any) string { return fmt.Sprintf("%+v", v) }
