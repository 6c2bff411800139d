package esdb_test

import (
	"os"
	"testing"

	"mishwar/eventstore"
	"mishwar/eventstore/esdb"
	"mishwar/eventstore/storetest"
)

// TestConformance runs the event store conformance suite against a real EventStoreDB server. None can
// run on the build machines, so it needs one named by MISHWAR_TEST_ESDB_URL; the suite works on
// streams of its own and tolerates a server that holds other data.
func TestConformance(t *testing.T) {
	url := os.Getenv("MISHWAR_TEST_ESDB_URL")
	if url == "" {
		t.Skip("MISHWAR_TEST_ESDB_URL is not set, so the EventStoreDB adapter's conformance suite did not run: " +
			"start a server (EventStoreDB 23+, with EVENTSTORE_MAX_APPEND_SIZE of 2 MiB or more for the 1 MiB payload test) " +
			"and set it, e.g. MISHWAR_TEST_ESDB_URL='esdb://localhost:2113?tls=false'")
	}
	store, err := esdb.Dial(url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = store.Close() })
	storetest.Run(t, func(*testing.T) eventstore.Store { return store })
}
