package cart_test

import (
	"testing"

	"github.com/google/uuid"

	cartcmd "mishwar/commands/cart"
	"mishwar/domain/cart"
	"mishwar/eventstore"
)

// A released binary records a cart move at schema version 1, whatever the environment: only a test
// binary built with -tags nextrelease (the newer release of the rolling-deploy test in cmd/mishwar)
// records version 2, and it still reads the version 1 moves already stored.
func TestTheDefaultBuildRecordsACartMoveAtVersionOne(t *testing.T) {
	t.Parallel()
	r := eventstore.NewRegistry()
	cartcmd.RegisterEvents(r)
	moved := cart.CartItemMoved{ItemID: "i", From: 3, To: 1}
	data, err := r.Encode(uuid.New(), moved, eventstore.Metadata{ActorID: "u1"})
	if err != nil {
		t.Fatal(err)
	}
	want := 1
	if cartcmd.NextReleaseBuilt {
		want = 2
	}
	if data.SchemaVersion != want {
		t.Fatalf("a move is recorded at version %d; want %d (nextrelease build: %v)", data.SchemaVersion, want, cartcmd.NextReleaseBuilt)
	}
	v1 := recorded(data)
	v1.SchemaVersion = 1
	back, err := r.Decode(v1)
	if err != nil || back != moved {
		t.Fatalf("a stored version 1 move reads back as %#v, %v", back, err)
	}
	newer := recorded(data)
	newer.SchemaVersion = want + 1
	if _, err := r.Decode(newer); err == nil {
		t.Fatalf("version %d, newer than this build, was read", want+1)
	}
}
