package postgres

import (
	"context"
	"sync"
)

// sharedRun is a background loop that runs while at least one subscription holds it: the first
// acquire starts it, the last release stops it and waits for it to end. The listener and the tail
// are each one.
type sharedRun struct {
	mu    sync.Mutex
	users int
	stop  context.CancelFunc
	done  chan struct{}
}

// acquire holds the loop, starting run in a goroutine of its own if nobody held it.
func (r *sharedRun) acquire(run func(ctx context.Context)) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.users++
	if r.users > 1 {
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	r.stop, r.done = cancel, done
	go func() {
		defer close(done)
		run(ctx)
	}()
}

// release lets go of the loop. The last one stops it, waits for it to end and then, if nobody has
// acquired it meanwhile, calls idle (with the run's lock held, so no acquire runs beside it).
func (r *sharedRun) release(idle func()) {
	r.mu.Lock()
	r.users--
	if r.users > 0 {
		r.mu.Unlock()
		return
	}
	stop, done := r.stop, r.done
	r.stop, r.done = nil, nil
	r.mu.Unlock()
	stop()
	<-done
	if idle == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.users == 0 {
		idle()
	}
}
