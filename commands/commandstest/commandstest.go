// Package commandstest reads streams back through the command runner for tests. Test support only.
package commandstest

import (
	"context"
	"testing"

	"mishwar/commands"
)

// Count is how many events of type E the stream holds (0 when it does not exist).
func Count[E any](t testing.TB, r *commands.Runner, stream string) int {
	t.Helper()
	h, err := commands.Load[any](context.Background(), r, stream)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range h.Events {
		if _, ok := e.(E); ok {
			n++
		}
	}
	return n
}
