// Package keylock serialises work per key within a process: one holder of a key at a time, the
// others waiting in turn. An entry lives only while someone holds or waits for its key, so the table
// is as large as the work in flight, never the number of keys ever used.
package keylock

import (
	"context"
	"sync"
)

// Locks is a lock per key. The zero value is ready to use.
type Locks struct {
	mu sync.Mutex
	m  map[string]*entry
}

type entry struct {
	held    chan struct{} // a one-slot semaphore: full while the key is held
	waiters int           // holders and waiters; the entry goes when it drops to 0
}

// Lock waits for key (or for ctx to end) and returns what releases it.
func (l *Locks) Lock(ctx context.Context, key string) (unlock func(), err error) {
	l.mu.Lock()
	if l.m == nil {
		l.m = map[string]*entry{}
	}
	e := l.m[key]
	if e == nil {
		e = &entry{held: make(chan struct{}, 1)}
		l.m[key] = e
	}
	e.waiters++
	l.mu.Unlock()

	release := func() {
		l.mu.Lock()
		defer l.mu.Unlock()
		if e.waiters--; e.waiters == 0 {
			delete(l.m, key)
		}
	}
	select {
	case e.held <- struct{}{}:
	case <-ctx.Done():
		release()
		return nil, ctx.Err()
	}
	return func() {
		<-e.held
		release()
	}, nil
}

// Size is how many keys are held or waited for.
func (l *Locks) Size() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.m)
}
