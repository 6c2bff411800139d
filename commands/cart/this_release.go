//go:build !nextrelease

package cart

import "mishwar/eventstore"

// NextReleaseBuilt says whether this binary was built with the nextrelease tag (test binaries only).
const NextReleaseBuilt = false

// itemMovedSchema is CartItemMoved's schema version in this release: 1, with nothing to upcast. Only a
// test binary built with -tags nextrelease differs (next_release.go).
func itemMovedSchema() (int, []eventstore.Upcaster) { return 1, nil }
