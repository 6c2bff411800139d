package app

import (
	"os"
	"strings"
	"testing"

	"mishwar/eventstore"
)

// The event catalogue is how support staff and new engineers read history: every event type the
// binary can write must be documented there.
func TestEveryRegisteredEventTypeIsInTheEventCatalogue(t *testing.T) {
	doc, err := os.ReadFile("../../../docs/events.md")
	if err != nil {
		t.Fatal(err)
	}
	r := eventstore.NewRegistry()
	registerEvents(r)
	if len(r.Names()) == 0 {
		t.Fatal("no event types registered")
	}
	var missing []string
	for _, name := range r.Names() {
		if !strings.Contains(string(doc), "`"+name+"`") {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		t.Fatalf("docs/events.md does not describe (as `Name`): %s", strings.Join(missing, ", "))
	}
}
