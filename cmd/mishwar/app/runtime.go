package app

import (
	"os"
	"runtime/debug"
)

// gcPercent is the garbage collector's target when GOGC is not set: the heap may grow to five times
// what is live before a collection, where Go's default is twice. A serving process's live heap is
// small (tens of MB), and collecting it was a tenth of the server's CPU on the write path; at 400 the
// write benchmark's process spent an eighth less CPU per cart move (docs/benchmarks.md). GOGC and
// GOMEMLIMIT in the environment still decide when set.
const gcPercent = 400

// TuneGarbageCollector sets the collector's target for a serving process (see gcPercent). It is
// process-wide: serve calls it, and so do benchmarks that measure the server in their own process.
func TuneGarbageCollector() {
	if _, set := os.LookupEnv("GOGC"); !set {
		debug.SetGCPercent(gcPercent)
	}
}
