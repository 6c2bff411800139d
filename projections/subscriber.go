package projections

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/jackc/pgx/v5/pgxpool"

	"mishwar/eventstore"
)

// logSubscriber is a watermill message.Subscriber over the event store's global log. A topic is a
// projection name: subscribing to it delivers the log after that projection's checkpoint, one
// message per batch, for as long as this process holds the projection's leader lease.
//
// The batch travels in the message's context, not its payload. The message never leaves the
// process (there is no broker between the store and the handler), the events are already decoded by
// the store, and encoding every batch to JSON only to decode it again in the handler would roughly
// halve the replay rate. The payload carries a short description of the batch for logs.
//
// One message is in flight per topic, and the next batch is not read before the handler acks it: a
// nacked batch is delivered again, so the store's subscription cannot move past a failed batch.
type logSubscriber struct {
	pool   *pgxpool.Pool
	store  eventstore.Store
	cfg    Config
	logger *slog.Logger
	// onLease is told when this process gains (true) or loses (false) a projection's lease.
	onLease func(projection string, held bool)
	// stepDown reports (once) that the projection's last batch holds an event this release cannot
	// read: the subscription gives up the lease, so that a process of a newer release may lead.
	stepDown func(projection string) bool

	closing   chan struct{}
	closeOnce sync.Once
	wg        sync.WaitGroup
}

var _ message.Subscriber = (*logSubscriber)(nil)

var errLeaseLost = errors.New("projections: leader lease lost")

type batchKey struct{}

func batchFrom(ctx context.Context) ([]eventstore.RecordedEvent, bool) {
	events, ok := ctx.Value(batchKey{}).([]eventstore.RecordedEvent)
	return events, ok
}

func newLogSubscriber(pool *pgxpool.Pool, store eventstore.Store, cfg Config, onLease func(string, bool), stepDown func(string) bool) *logSubscriber {
	return &logSubscriber{pool: pool, store: store, cfg: cfg, logger: cfg.Logger, onLease: onLease, stepDown: stepDown, closing: make(chan struct{})}
}

// errSteppedDown ends a subscription whose batch holds an event this release cannot read.
var errSteppedDown = errors.New("projections: stepped down: an event this release cannot read")

func (s *logSubscriber) Subscribe(ctx context.Context, topic string) (<-chan *message.Message, error) {
	if err := checkName(topic); err != nil {
		return nil, err
	}
	select {
	case <-s.closing:
		return nil, errors.New("projections: subscriber closed")
	default:
	}
	out := make(chan *message.Message)
	ctx, cancel := context.WithCancel(ctx)
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		defer close(out)
		defer cancel()
		go func() {
			select {
			case <-s.closing:
				cancel()
			case <-ctx.Done():
			}
		}()
		s.run(ctx, topic, out)
	}()
	return out, nil
}

// Close stops every subscription and waits for them to end (after their in-flight batch is settled).
func (s *logSubscriber) Close() error {
	s.closeOnce.Do(func() { close(s.closing) })
	s.wg.Wait()
	return nil
}

func (s *logSubscriber) run(ctx context.Context, projection string, out chan<- *message.Message) {
	log := s.logger.With("projection", projection)
	wait := s.cfg.RetryInitialInterval
	for ctx.Err() == nil {
		started := time.Now()
		err := s.lead(ctx, projection, out)
		if ctx.Err() != nil {
			return
		}
		if errors.Is(err, errSteppedDown) {
			// In a rolling deploy a process of the newer release stands by: leave it the lease for a
			// while (it tries every LeaseInterval). With none, this process leads again and stops at
			// the same event, visibly (Status), never past it.
			log.WarnContext(ctx, "projections: an event this release cannot read; leaving the projection to a newer release for a while",
				"retry_in", s.cfg.StepDownPause)
			select {
			case <-ctx.Done():
				return
			case <-time.After(s.cfg.StepDownPause):
			}
			wait = s.cfg.RetryInitialInterval
			continue
		}
		// Back off while the database stays unreachable; start over after a good run.
		if time.Since(started) > s.cfg.RetryMaxInterval {
			wait = s.cfg.RetryInitialInterval
		}
		log.ErrorContext(ctx, "projections: subscription ended; restarting", "error", err, "retry_in", wait)
		select {
		case <-ctx.Done():
		case <-time.After(wait):
		}
		wait = min(2*wait, s.cfg.RetryMaxInterval)
	}
}

// lead waits for the projection's lease, then feeds out from the checkpoint until ctx ends, the
// lease is lost, or the store's subscription fails.
func (s *logSubscriber) lead(ctx context.Context, projection string, out chan<- *message.Message) error {
	lease, err := waitLock(ctx, s.pool, leaseKey(projection), s.cfg.LeaseInterval)
	if err != nil {
		return err
	}
	defer lease.release(ctx)
	s.logger.InfoContext(ctx, "projections: leading projection", "projection", projection)
	s.onLease(projection, true)
	defer s.onLease(projection, false)

	lctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	var watch sync.WaitGroup
	watch.Add(1)
	go func() {
		defer watch.Done()
		t := time.NewTicker(s.cfg.LeaseInterval)
		defer t.Stop()
		for {
			select {
			case <-lctx.Done():
				return
			case <-t.C:
				if err := lease.check(lctx); err != nil && lctx.Err() == nil {
					cancel(fmt.Errorf("%w: %w", errLeaseLost, err))
					return
				}
			}
		}
	}()
	// The lease's connection must not be closed while the watcher may be using it.
	defer watch.Wait()
	defer cancel(nil)

	cp, err := readCheckpoint(lctx, s.pool, projection)
	if err != nil {
		return err
	}
	err = s.store.Subscribe(lctx, cp.Position, s.cfg.BatchSize, func(ctx context.Context, events []eventstore.RecordedEvent) error {
		return s.deliver(ctx, projection, out, events)
	})
	if errors.Is(err, errSteppedDown) {
		return err
	}
	if cause := context.Cause(lctx); errors.Is(cause, errLeaseLost) {
		return cause
	}
	return err
}

// deliver hands one batch to the router and waits until it is acked, delivering it again after each
// nack. It returns only once no handler is using the batch, because the store may reuse the slice.
func (s *logSubscriber) deliver(ctx context.Context, projection string, out chan<- *message.Message, events []eventstore.RecordedEvent) error {
	if len(events) == 0 {
		return nil
	}
	payload, _ := json.Marshal(struct {
		First string `json:"first"`
		Last  string `json:"last"`
		Count int    `json:"count"`
	}{events[0].Position.String(), events[len(events)-1].Position.String(), len(events)})
	for {
		msg := message.NewMessage(watermill.NewUUID(), payload)
		msg.SetContext(context.WithValue(ctx, batchKey{}, events))
		select {
		case out <- msg:
		case <-ctx.Done():
			return ctx.Err()
		}
		select {
		case <-msg.Acked():
			return nil
		case <-msg.Nacked():
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if s.stepDown(projection) {
			return errSteppedDown
		}
		// The retry middleware backs off between attempts; a nack reaches here only when it
		// could not (a panic outside it, say). Pause so a persistent failure cannot spin.
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(s.cfg.RetryInitialInterval):
		}
	}
}
