package support

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"mishwar/projections"
)

// EventRebuildProgress is the live event (admin room) of a rebuild's progress.
const EventRebuildProgress = "projection.rebuild"

// adminRoom is the live channel's room of admins and support staff.
const adminRoom = "admin"

// rebuildTimeout bounds a rebuild, which outlives the request that started it.
const rebuildTimeout = time.Hour

// RebuildProjectionHandler rebuilds read models in the background.
type RebuildProjectionHandler struct {
	rebuilds Rebuilds
	announce Announce
	log      *slog.Logger
	// running remembers which rebuilds this process started, so a second request is refused at once.
	running *sync.Map
}

// startWait bounds how long Handle waits for a rebuild to get going before answering anyway.
const startWait = 5 * time.Second

// Handle starts rebuilding the read model name for userID and returns once the rebuild holds its
// lock (so the projections' status says "rebuilding" from the moment the request is accepted); the
// progress goes to the admin room as it happens. ErrProjectionNotFound for an unknown name,
// ErrRebuildAlreadyRuns while this process or another rebuilds it already.
func (h RebuildProjectionHandler) Handle(ctx context.Context, name, userID string) error {
	if h.rebuilds == nil || !h.rebuilds.Rebuildable(name) {
		return ErrProjectionNotFound
	}
	if _, running := h.running.LoadOrStore(name, true); running {
		return ErrRebuildAlreadyRuns
	}
	log := h.log.With("projection", name, "by", userID)
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), rebuildTimeout)
	started := make(chan struct{})
	var once sync.Once
	begin := func() { once.Do(func() { close(started) }) }
	finished := make(chan error, 1)
	go func() {
		defer cancel()
		defer h.running.Delete(name)
		var lastPush time.Time
		err := h.rebuilds.Rebuild(ctx, name, func(pr projections.RebuildProgress) {
			begin()
			if pr.Phase == projections.PhaseReplay && time.Since(lastPush) < 250*time.Millisecond {
				return
			}
			lastPush = time.Now()
			h.push(ctx, map[string]any{"projection": name, "phase": pr.Phase, "events": pr.Events, "total": pr.Total,
				"percent": pr.Percent, "events_per_second": pr.EventsPerSecond})
		})
		finished <- err
		begin()
		if errors.Is(err, projections.ErrRebuildRunning) {
			log.Info("support: a rebuild already runs elsewhere", "err", err)
			return
		}
		if err != nil {
			log.Error("support: rebuild failed", "err", err)
			h.push(ctx, map[string]any{"projection": name, "phase": "failed", "error": err.Error()})
			return
		}
		log.Info("support: rebuild done")
	}()
	select {
	case <-started:
	case <-time.After(startWait):
		return nil
	}
	select {
	case err := <-finished:
		if errors.Is(err, projections.ErrRebuildRunning) {
			return ErrRebuildAlreadyRuns
		}
		finished <- err
	default:
	}
	return nil
}

// push announces a rebuild's progress to the admin room of every process.
func (h RebuildProjectionHandler) push(ctx context.Context, data map[string]any) {
	if h.announce == nil {
		return
	}
	if err := h.announce(ctx, EventRebuildProgress, map[string]any{"room": adminRoom, "event": EventRebuildProgress, "data": data}); err != nil {
		h.log.Warn("support: rebuild progress not pushed", "err", err)
	}
}
