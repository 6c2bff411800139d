package projections

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"mishwar/eventstore"
)

// ProjectionStatus is one projection's health, for `mishwar projections status` and the admin API.
type ProjectionStatus struct {
	Name     string              `json:"name"`
	Position eventstore.Position `json:"position"`
	// EventsProcessed counts the events applied to the current read model.
	EventsProcessed int64 `json:"events_processed"`
	// LagEvents is how many events of the log the read model has not applied yet.
	LagEvents int64 `json:"lag_events"`
	// LagSeconds is how long the oldest event not yet applied has been waiting (0 when caught up).
	LagSeconds float64 `json:"lag_seconds"`
	// LastEventAt is when the last applied event was recorded.
	LastEventAt *time.Time `json:"last_event_at,omitempty"`
	UpdatedAt   time.Time  `json:"updated_at"`
	// LastError is the failure the projection is retrying, if any; cleared by the next success.
	LastError   string     `json:"last_error,omitempty"`
	LastErrorAt *time.Time `json:"last_error_at,omitempty"`
	// Running tells whether some process holds the projection's leader lease and so runs it.
	Running bool `json:"running"`
	// Rebuilding tells whether a rebuild of the projection is in progress in some process.
	Rebuilding bool `json:"rebuilding"`
	// Rebuildable tells whether support may rebuild it: a read model, not a process manager (whose
	// effects happen once and are never replayed). Set by whoever knows which are which.
	Rebuildable bool `json:"rebuildable"`
}

// Status reports every projection that has a checkpoint, ordered by name. Lags are measured against
// the store's head at the time of the call.
func Status(ctx context.Context, pool *pgxpool.Pool, store eventstore.Store) ([]ProjectionStatus, error) {
	head, count, err := store.Head(ctx)
	if err != nil {
		return nil, fmt.Errorf("projections: status: head: %w", err)
	}
	rows, err := pool.Query(ctx, `SELECT name, `+checkpointColumns+`,
		`+fmt.Sprintf(lockHeldSQL, "'"+leaseKey("")+"' || name")+`,
		`+fmt.Sprintf(lockHeldSQL, "'"+rebuildKey("")+"' || name")+`
		FROM projection_checkpoints ORDER BY name`)
	if err != nil {
		return nil, fmt.Errorf("projections: status: %w", err)
	}
	defer rows.Close()
	type row struct {
		name                string
		cp                  checkpoint
		running, rebuilding bool
	}
	var all []row
	for rows.Next() {
		var (
			r               row
			commit, prepare int64
		)
		if err := rows.Scan(&r.name, &commit, &prepare, &r.cp.EventsProcessed, &r.cp.LastEventAt, &r.cp.SchemaHash,
			&r.cp.UpdatedAt, &r.cp.LastError, &r.cp.LastErrorAt, &r.running, &r.rebuilding); err != nil {
			return nil, fmt.Errorf("projections: status: %w", err)
		}
		r.cp.Position = eventstore.Position{Commit: uint64(commit), Prepare: uint64(prepare)}
		all = append(all, r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("projections: status: %w", err)
	}

	now := time.Now()
	out := make([]ProjectionStatus, 0, len(all))
	for _, r := range all {
		s := ProjectionStatus{
			Name: r.name, Position: r.cp.Position, EventsProcessed: r.cp.EventsProcessed,
			LastEventAt: r.cp.LastEventAt, UpdatedAt: r.cp.UpdatedAt,
			LastErrorAt: r.cp.LastErrorAt, Running: r.running, Rebuilding: r.rebuilding,
		}
		if r.cp.LastError != nil {
			s.LastError = *r.cp.LastError
		}
		if r.cp.Position.Less(head) {
			s.LagEvents = max(1, count-r.cp.EventsProcessed)
			if count == eventstore.CountUnknown {
				// A store that cannot count its log counts what this projection has left, up to a bound.
				if s.LagEvents, err = lagAfter(ctx, store, r.cp.Position); err != nil {
					return nil, fmt.Errorf("projections: status of %s: %w", r.name, err)
				}
			}
			// The store's port has no timestamp for its head, and "head time minus last applied
			// time" overstates the lag of a projection that was idle before one new event: the
			// age of the oldest unapplied event is what a reader of the model is missing.
			next, err := store.ReadAll(ctx, r.cp.Position, 1)
			if err != nil {
				return nil, fmt.Errorf("projections: status of %s: %w", r.name, err)
			}
			if len(next) > 0 {
				s.LagSeconds = max(0, now.Sub(next[0].RecordedAt).Seconds())
			}
		}
		out = append(out, s)
	}
	return out, nil
}

// statusLagCap bounds the count of a lag on a store that cannot count its log: past it, the status
// says "at least this many".
const statusLagCap = 100_000

// lagAfter counts the events after pos, up to statusLagCap, with the store's bounded counter (1 if it
// has none: behind, by an unknown amount).
func lagAfter(ctx context.Context, store eventstore.Store, pos eventstore.Position) (int64, error) {
	counter, ok := store.(eventstore.BoundedCounter)
	if !ok {
		return 1, nil
	}
	n, err := counter.CountAfter(ctx, pos, statusLagCap)
	return max(1, n), err
}

// ErrBehind is returned by CheckCaughtUp for a projection lagging more than the allowed events.
var ErrBehind = errors.New("projections: behind the event log")

// CheckCaughtUp returns nil when every projection with a checkpoint is at most maxLag events behind
// the log. It is the readiness probe: with a store that counts cheaply (eventstore.BoundedCounter) its
// cost follows the lag, not the length of the log.
func CheckCaughtUp(ctx context.Context, pool *pgxpool.Pool, store eventstore.Store, maxLag int64) error {
	counter, ok := store.(eventstore.BoundedCounter)
	if !ok {
		st, err := Status(ctx, pool, store)
		if err != nil {
			return err
		}
		for _, s := range st {
			if s.LagEvents > maxLag {
				return fmt.Errorf("%w: %s is %d events behind", ErrBehind, s.Name, s.LagEvents)
			}
		}
		return nil
	}
	rows, err := pool.Query(ctx, `SELECT name, position_commit, position_prepare FROM projection_checkpoints ORDER BY name`)
	if err != nil {
		return fmt.Errorf("projections: readiness: %w", err)
	}
	type cp struct {
		name string
		pos  eventstore.Position
	}
	var cps []cp
	for rows.Next() {
		var (
			c               cp
			commit, prepare int64
		)
		if err := rows.Scan(&c.name, &commit, &prepare); err != nil {
			rows.Close()
			return fmt.Errorf("projections: readiness: %w", err)
		}
		c.pos = eventstore.Position{Commit: uint64(commit), Prepare: uint64(prepare)}
		cps = append(cps, c)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("projections: readiness: %w", err)
	}
	for _, c := range cps {
		n, err := counter.CountAfter(ctx, c.pos, maxLag+1)
		if err != nil {
			return fmt.Errorf("projections: readiness: %w", err)
		}
		if n > maxLag {
			return fmt.Errorf("%w: %s is more than %d events behind", ErrBehind, c.name, maxLag)
		}
	}
	return nil
}
