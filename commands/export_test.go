package commands

// StreamsInFlight is how many streams the runner's per-stream lock table holds an entry for.
func StreamsInFlight(r *Runner) int { return r.locks.size() }
