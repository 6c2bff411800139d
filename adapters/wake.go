// Package adapters is the machinery the adapters share (the layer's root package, which layers_test.go
// lets every adapter import; a sibling package would not be). Its one job: the loop of a worker that
// drains a PostgreSQL table of leased work (the job queue, the mail outbox), woken by NOTIFY.
package adapters

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// Wake runs rounds of work: one at once, then one after every notification on Channel and every
// Poll, until the context ends. Notifications that arrive during a round fold into one more round.
type Wake struct {
	Pool *pgxpool.Pool
	// Channel is the NOTIFY channel the enqueueing transactions signal on when they commit.
	Channel string
	// Poll is how often a round runs when no notification arrives (due retries, lapsed leases), and
	// how long a failed LISTEN waits before it is tried again.
	Poll   time.Duration
	Logger *slog.Logger
	// Name prefixes the log lines ("jobs", "mail outbox").
	Name string
}

// Run runs round until ctx ends. It returns when ctx ends and the listener has stopped.
func (w Wake) Run(ctx context.Context, round func(context.Context)) {
	wake := make(chan struct{}, 1)
	signal := func() {
		select {
		case wake <- struct{}{}:
		default:
		}
	}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		w.listen(ctx, signal)
	}()
	defer wg.Wait()

	ticker := time.NewTicker(w.Poll)
	defer ticker.Stop()
	for {
		round(ctx)
		select {
		case <-ctx.Done():
			return
		case <-wake:
		case <-ticker.C:
		}
	}
}

func (w Wake) listen(ctx context.Context, signal func()) {
	for ctx.Err() == nil {
		err := func() error {
			pc, err := w.Pool.Acquire(ctx)
			if err != nil {
				return err
			}
			// Taken out of the pool for good: a connection that listened must not be handed to
			// anyone else still subscribed.
			conn := pc.Hijack()
			defer conn.Close(context.Background())
			if _, err := conn.Exec(ctx, "LISTEN "+w.Channel); err != nil {
				return err
			}
			signal() // catch what was enqueued while nobody listened
			for {
				if _, err := conn.WaitForNotification(ctx); err != nil {
					return err
				}
				signal()
			}
		}()
		if ctx.Err() != nil {
			return
		}
		w.Logger.Warn(w.Name+": listen failed; polling until it is back", "err", err)
		select {
		case <-ctx.Done():
		case <-time.After(w.Poll):
		}
	}
}

// DrainConcurrently runs n drains at once (the leases keep them off each other's work) and joins
// their errors.
func DrainConcurrently(ctx context.Context, n int, drain func(context.Context) (int, error)) error {
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = drain(ctx)
		}()
	}
	wg.Wait()
	return errors.Join(errs...)
}

// Drain calls one until it reports that nothing was due, an error, or ctx ends, and reports how many
// items one handled.
func Drain(ctx context.Context, one func(context.Context) (bool, error)) (int, error) {
	n := 0
	for ctx.Err() == nil {
		handled, err := one(ctx)
		if err != nil {
			return n, err
		}
		if !handled {
			return n, nil
		}
		n++
	}
	return n, ctx.Err()
}
