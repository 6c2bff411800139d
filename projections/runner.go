package projections

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/message/router/middleware"
	"github.com/jackc/pgx/v5/pgxpool"

	"mishwar/eventstore"
)

// Runner runs projections: a Watermill router with one handler per projection, each fed its own
// ordered stream of the global log by a subscriber over the event store. In a deployment of several
// processes each projection runs in one process at a time (the holder of its leader lease); the
// others stand by and take over when the holder stops or dies.
type Runner struct {
	pool        *pgxpool.Pool
	store       eventstore.Store
	cfg         Config
	projections []Projection
	byName      map[string]Projection

	mu        sync.Mutex
	positions map[string]eventstore.Position // checkpoints known to this process
	versions  map[string]eventstore.Position // where each read model last changed, as far as this process knows
	leading   map[string]bool
	changed   chan struct{} // closed and replaced whenever positions or leading change
	started   bool
	skips     map[string]skippedRun // batches not read and not yet saved (skipped.go)
	unread    map[string]bool       // projections whose batch holds an event this release cannot read
	stopping  bool
	flushes   sync.WaitGroup // scheduled saves of skipped runs
}

// NewRunner checks cfg (after applying defaults) and the projections' names.
func NewRunner(pool *pgxpool.Pool, store eventstore.Store, cfg Config, projections ...Projection) (*Runner, error) {
	cfg.setDefaults()
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	r := &Runner{
		pool: pool, store: store, cfg: cfg,
		byName:    make(map[string]Projection, len(projections)),
		positions: make(map[string]eventstore.Position, len(projections)),
		versions:  make(map[string]eventstore.Position, len(projections)),
		leading:   make(map[string]bool, len(projections)),
		changed:   make(chan struct{}),
		skips:     make(map[string]skippedRun),
		unread:    make(map[string]bool),
	}
	for _, p := range projections {
		if err := checkName(p.Name()); err != nil {
			return nil, err
		}
		if _, dup := r.byName[p.Name()]; dup {
			return nil, fmt.Errorf("projections: two projections named %q", p.Name())
		}
		r.byName[p.Name()] = p
		r.projections = append(r.projections, p)
	}
	return r, nil
}

// CreateMissingSchemas creates the read models that do not exist yet, empty, so that readers
// started before Run answer "nothing yet" instead of failing on a missing table. A read model whose
// Schema() changed is left to Run, which rebuilds it beside the one still serving.
func (r *Runner) CreateMissingSchemas(ctx context.Context) error {
	for _, p := range r.projections {
		if _, ok := isProcess(p); ok {
			continue
		}
		if _, err := createSchema(ctx, r.pool, p); err != nil {
			return err
		}
	}
	return nil
}

// Run prepares every projection's schema (EnsureSchema, which may rebuild a read model whose Schema
// changed) and then runs them until ctx ends. It returns nil after a clean stop: in-flight batches
// are rolled back or committed, never half-applied.
func (r *Runner) Run(ctx context.Context) error {
	r.mu.Lock()
	if r.started {
		r.mu.Unlock()
		return errors.New("projections: runner already started")
	}
	r.started = true
	r.mu.Unlock()

	if len(r.projections) == 0 {
		// A watermill router without handlers would not notice ctx ending.
		<-ctx.Done()
		return nil
	}
	// Processes first: a process that takes over effects from a projection (see Process) must have
	// its checkpoint before that projection, now without the effects, moves on.
	ordered := slices.SortedStableFunc(slices.Values(r.projections), func(a, b Projection) int {
		_, pa := isProcess(a)
		_, pb := isProcess(b)
		switch {
		case pa && !pb:
			return -1
		case pb && !pa:
			return 1
		}
		return 0
	})
	for _, p := range ordered {
		if err := ensureSchema(ctx, r.pool, r.store, p, r.cfg.Logger); err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return err
		}
	}

	// Watermill's own chatter (handler started, subscriber closed) is debug detail for us; its
	// errors stay errors.
	wlog := watermill.NewSlogLoggerWithLevelMapping(r.cfg.Logger, map[slog.Level]slog.Level{slog.LevelInfo: slog.LevelDebug})
	router, err := message.NewRouter(message.RouterConfig{CloseTimeout: time.Minute}, wlog)
	if err != nil {
		return fmt.Errorf("projections: %w", err)
	}
	// Retry wraps Recoverer, so a panicking projection is retried like a failing one.
	router.AddMiddleware(r.retry, middleware.Recoverer)
	sub := newLogSubscriber(r.pool, r.store, r.cfg, r.setLeading, r.takeStepDown)
	for _, p := range r.projections {
		router.AddConsumerHandler(p.Name(), p.Name(), sub, r.handler(p))
	}
	err = router.Run(ctx)
	// Every handler has returned: save what was skipped, so that a stopped runner writes nothing more
	// and the next one starts where this one got to.
	r.saveAllSkipped()
	if err != nil {
		return fmt.Errorf("projections: %w", err)
	}
	return nil
}

func (r *Runner) handler(p Projection) message.NoPublishHandlerFunc {
	return func(msg *message.Message) error {
		ctx := msg.Context()
		events, ok := batchFrom(ctx)
		if !ok {
			return errors.New("projections: message carries no batch")
		}
		if !p.Handlers().Reads(events) {
			r.skipped(p.Name(), events)
			return nil
		}
		res, err := ApplyBatch(ctx, r.pool, p, events)
		if err != nil {
			return err
		}
		r.changedAt(p.Name(), res.Checkpoint)
		r.advance(p.Name(), res.Checkpoint)
		return nil
	}
}

// retry is the router middleware that makes a failing batch block its projection: it retries with
// jittered exponential backoff for as long as it takes, and gives up only when the subscription ends
// (shutdown or lost lease), leaving the batch unacknowledged. Watermill's middleware.Retry is not
// used because it needs a finite number of retries and, with a ShouldRetry hook, advances its
// backoff twice per attempt.
func (r *Runner) retry(h message.HandlerFunc) message.HandlerFunc {
	return func(msg *message.Message) ([]*message.Message, error) {
		ctx := msg.Context()
		wait := r.cfg.RetryInitialInterval
		for attempt := 1; ; attempt++ {
			out, err := h(msg)
			if err == nil {
				return out, nil
			}
			if ctx.Err() != nil {
				return nil, err
			}
			// Handlers are named after their projection.
			projection := message.HandlerNameFromCtx(ctx)
			r.cfg.Logger.ErrorContext(ctx, "projections: batch failed; retrying",
				"projection", projection, "batch", string(msg.Payload),
				"attempt", attempt, "retry_in", wait, "error", err)
			// Recorded here rather than in the handler so that a recovered panic is recorded too.
			if rerr := recordError(ctx, r.pool, projection, failureSummary(err)); rerr != nil {
				r.cfg.Logger.ErrorContext(ctx, "projections: could not record failure", "projection", projection, "error", rerr)
			}
			if errors.Is(err, ErrUndecodable) {
				// Retrying cannot help this release; a newer one can (subscriber.go steps down).
				r.mu.Lock()
				r.unread[projection] = true
				r.mu.Unlock()
				return nil, err
			}
			select {
			case <-ctx.Done():
				return nil, err
			case <-time.After(wait):
			}
			wait = min(time.Duration(float64(wait)*(1.6+0.4*rand.Float64())), r.cfg.RetryMaxInterval)
		}
	}
}

// takeStepDown reports whether the projection's last batch failed on an event this release cannot
// read, and forgets it.
func (r *Runner) takeStepDown(projection string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	unread := r.unread[projection]
	delete(r.unread, projection)
	return unread
}

// failureSummary is what Status shows of a failure: a panic's value without its stack trace (the
// log has it), and nothing longer than a screenful.
func failureSummary(err error) string {
	var p middleware.RecoveredPanicError
	msg := err.Error()
	if errors.As(err, &p) {
		msg = fmt.Sprintf("panic: %v", p.V)
	}
	const limit = 2000
	if len(msg) > limit {
		msg = msg[:limit] + "…"
	}
	return msg
}

func (r *Runner) advance(name string, pos eventstore.Position) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.positions[name].Less(pos) {
		return
	}
	r.positions[name] = pos
	close(r.changed)
	r.changed = make(chan struct{})
}

func (r *Runner) setLeading(name string, held bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.leading[name] = held
	close(r.changed)
	r.changed = make(chan struct{})
}

// Leading reports whether this process currently holds the projection's leader lease, i.e. runs it.
func (r *Runner) Leading(projection string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.leading[projection]
}

// WaitFor returns once the projection's checkpoint is at or past pos: its read model then reflects
// every event up to pos (read-your-writes after a command). Commits in this process wake it at once;
// checkpoints moved by another process are seen by polling every Config.PollInterval. It returns
// ctx's error when ctx ends first, so callers bound it with a timeout.
//
// When this process leads the projection, its own batches move the checkpoint, so the first miss
// waits for them rather than reading the database (a round trip per command that found nothing
// new); the polls still run, for a lease lost meanwhile and for a position a previous leader
// applied (at worst one PollInterval after a takeover).
func (r *Runner) WaitFor(ctx context.Context, projection string, pos eventstore.Position) error {
	if _, ok := r.byName[projection]; !ok {
		return fmt.Errorf("%w: %q", ErrUnknownProjection, projection)
	}
	var poll <-chan time.Time // nil at first: the first miss reads the database at once
	for {
		r.mu.Lock()
		known, changed, leading := r.positions[projection], r.changed, r.leading[projection]
		r.mu.Unlock()
		if !known.Less(pos) {
			return nil
		}
		if poll == nil {
			if !leading {
				if err := r.refresh(ctx, projection); err != nil {
					return err
				}
			}
			t := time.NewTicker(r.cfg.PollInterval)
			defer t.Stop()
			poll = t.C
			continue
		}
		select {
		case <-changed:
		case <-poll:
			if err := r.refresh(ctx, projection); err != nil {
				return err
			}
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// changedAt records that the read model changed at pos.
func (r *Runner) changedAt(name string, pos eventstore.Position) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.versions[name].Less(pos) {
		r.versions[name] = pos
	}
}

// Version is where the read model last changed as far as this process knows: moved by the batches
// it applies when it leads the projection (not by those the projection does not read), and
// otherwise by WaitFor and Refresh, which cannot tell and take the checkpoint. A cache of the read
// model's answers stays valid while it stays the same.
func (r *Runner) Version(projection string) eventstore.Position {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.versions[projection]
}

// Refresh reads the projection's checkpoint from the database into what this process knows (after
// another process's notice that it moved).
func (r *Runner) Refresh(ctx context.Context, projection string) error {
	if _, ok := r.byName[projection]; !ok {
		return fmt.Errorf("%w: %q", ErrUnknownProjection, projection)
	}
	return r.refresh(ctx, projection)
}

func (r *Runner) refresh(ctx context.Context, projection string) error {
	cp, err := readCheckpoint(ctx, r.pool, projection)
	switch {
	case err == nil:
		r.changedAt(projection, cp.Position)
		r.advance(projection, cp.Position)
		return nil
	case errors.Is(err, ErrUnknownProjection):
		return nil // not created yet: the runner is still starting
	case ctx.Err() != nil:
		return ctx.Err()
	default:
		return err
	}
}
