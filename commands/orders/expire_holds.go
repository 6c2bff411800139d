package orders

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"

	"mishwar/domain/availability"
	"mishwar/domain/order"
	ordersrm "mishwar/projections/orders"
)

// Hold is a car held on a day and not confirmed, as the calendar read model lists it.
type Hold struct {
	Day         availability.Day
	Reservation string
	OrderID     string
	HeldUntil   time.Time
}

// Holds lists holds whose time ran out before a moment (projections/orders answers it).
type Holds interface {
	LapsedHolds(ctx context.Context, before time.Time, limit int) ([]Hold, error)
}

// orphanGrace is how long a hold without an order waits before it is released: placing an order
// follows its reservation within milliseconds unless the process died in between.
const orphanGrace = 2 * time.Minute

var expiryNamespace = uuid.MustParse("0b6c9a52-4f61-4c8e-8d2f-5f8f3c2a9e07")

// ExpireHold settles one lapsed hold: the order's unpaid hold expires (and an unpaid exchange is
// abandoned), and a reservation no order stands on any more is released. A paid order whose car was
// left unconfirmed by a crash gets it confirmed. Running it again changes nothing.
func (h *Handlers) ExpireHold(ctx context.Context, hold Hold) error {
	meta := systemMeta(uuid.NewSHA1(expiryNamespace, []byte(hold.Reservation)), hold.OrderID)
	_, _, err := h.LoadOrder(ctx, hold.OrderID)
	if errors.Is(err, order.ErrOrderNotFound) {
		if h.now().Sub(hold.HeldUntil) < orphanGrace {
			return nil
		}
		_, err := execDay(ctx, h, hold.Day, availability.ReleaseReservation{Reservation: hold.Reservation, Reason: availability.ReasonPlacingFailed, OnlyIfHeld: true}, sub(meta, "orphan"))
		return wrap("release an orphan hold", err)
	}
	if err != nil {
		return wrap("load order", err)
	}
	expire := sub(meta, "expire")
	res, err := execOrder(ctx, h, hold.OrderID, order.ExpireOrder{}, expire)
	if err != nil {
		return wrap("expire order", err)
	}
	h.settleAll(ctx, hold.OrderID, res.Events, expire)
	s, _, err := h.LoadOrder(ctx, hold.OrderID)
	if err != nil {
		return wrap("load order", err)
	}
	x, pending := s.PendingExchange()
	switch {
	case pending && x.Reservation == hold.Reservation:
		return nil
	case s.Reservation() == hold.Reservation && s.Status() == order.StatusAwaitingPayment:
		return nil
	case s.Reservation() == hold.Reservation && s.Status() == order.StatusConfirmed:
		return h.confirmCar(ctx, s, sub(meta, "confirm"))
	}
	_, err = execDay(ctx, h, hold.Day, availability.ReleaseReservation{Reservation: hold.Reservation, Reason: availability.ReasonExpired, OnlyIfHeld: true}, sub(meta, "release"))
	return wrap("release", err)
}

// KeySweeper forgets old Idempotency-Keys (adapters/idempotency).
type KeySweeper interface {
	Sweep(ctx context.Context, age time.Duration) (int64, error)
}

// RunHoldExpiry looks for lapsed holds every interval until ctx ends, and forgets Idempotency-Keys
// older than a day now and then. Several processes may run it: every step is idempotent and decided
// on its stream with an expected version.
func (h *Handlers) RunHoldExpiry(ctx context.Context, holds Holds, keys KeySweeper) error {
	interval := h.settings.HoldExpiryInterval
	if interval <= 0 {
		interval = 30 * time.Second
	}
	t := time.NewTicker(interval)
	defer t.Stop()
	var swept time.Time
	for {
		if _, err := h.ExpireLapsedHolds(ctx, holds); err != nil && ctx.Err() == nil {
			h.log.Warn("orders: hold expiry", "err", err)
		}
		if keys != nil && time.Since(swept) > time.Hour {
			if _, err := keys.Sweep(ctx, 24*time.Hour); err != nil && ctx.Err() == nil {
				h.log.Warn("orders: sweep idempotency keys", "err", err)
			}
			swept = time.Now()
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
		}
	}
}

// ExpireLapsedHolds settles every hold that lapsed before now; it returns how many it looked at.
func (h *Handlers) ExpireLapsedHolds(ctx context.Context, holds Holds) (int, error) {
	list, err := holds.LapsedHolds(ctx, h.now(), 500)
	if err != nil {
		return 0, err
	}
	var errs []error
	for _, hold := range list {
		if err := h.ExpireHold(ctx, hold); err != nil {
			errs = append(errs, err)
		}
	}
	return len(list), errors.Join(errs...)
}

// ExpireHolds settles the holds that lapsed before now, from the holds the handlers were built with
// (the staff's "expire holds" button; the background job does the same every interval).
func (h *Handlers) ExpireHolds(ctx context.Context) (int, error) {
	if h.holds == nil {
		return 0, nil
	}
	return h.ExpireLapsedHolds(ctx, h.holds)
}

// LapsedHoldsReader is the part of the orders read model that lists lapsed holds.
type LapsedHoldsReader interface {
	LapsedHolds(ctx context.Context, before time.Time, limit int) ([]ordersrm.LapsedHold, error)
}

// HoldsFrom lists lapsed holds from the orders read model (its day_holds table) for the hold expiry.
func HoldsFrom(rd LapsedHoldsReader) Holds {
	return HoldsFunc(func(ctx context.Context, before time.Time, limit int) ([]Hold, error) {
		lapsed, err := rd.LapsedHolds(ctx, before, limit)
		out := make([]Hold, len(lapsed))
		for i, l := range lapsed {
			out[i] = Hold{Day: l.Day, Reservation: l.Reservation, OrderID: l.OrderID, HeldUntil: l.HeldUntil}
		}
		return out, err
	})
}

// HoldsFunc adapts a function to Holds.
type HoldsFunc func(ctx context.Context, before time.Time, limit int) ([]Hold, error)

func (f HoldsFunc) LapsedHolds(ctx context.Context, before time.Time, limit int) ([]Hold, error) {
	return f(ctx, before, limit)
}
