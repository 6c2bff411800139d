package commands

// StreamsInFlight is how many streams the runner's per-stream lock table holds an entry for.
func StreamsInFlight(r *Runner) int { return r.locks.Size() }

// CachedStreams is how many streams the runner keeps in memory, and their events.
func CachedStreams(r *Runner) (streams, events int) { return r.streams.size() }
