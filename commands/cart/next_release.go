//go:build nextrelease

package cart

import (
	"encoding/json"

	"mishwar/eventstore"
)

// NextReleaseBuilt says whether this binary was built with the nextrelease tag (test binaries only).
const NextReleaseBuilt = true

// itemMovedSchema makes this test binary a "newer release" for the rolling-deploy test
// (cmd/mishwar TestANewerReleaseTakesOverTheProjectionsTheOldOnesCannotRead): it records a cart move
// as CartItemMoved version 2, which the released binary (version 1) cannot read, and reads the
// version 1 moves already stored. The shape is the same; what the test needs is a schema version the
// other processes do not know. Never ship it: `make build` has no such tag (this_release.go).
func itemMovedSchema() (int, []eventstore.Upcaster) {
	return 2, []eventstore.Upcaster{{From: 1, Up: func(data json.RawMessage) (json.RawMessage, error) { return data, nil }}}
}
