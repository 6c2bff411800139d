package orders

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"mishwar/adapters/ratelimit"
	"mishwar/internal/pgtest"
	ordersrm "mishwar/projections/orders"
)

// oneTrip is a read model with one trip, MSH-OWNER, booked with owner@example.com.
type oneTrip struct{}

func (oneTrip) LookupTrip(_ context.Context, number, email string) (ordersrm.TripStatus, error) {
	if strings.EqualFold(strings.TrimSpace(number), "MSH-OWNER") && strings.EqualFold(email, "owner@example.com") {
		return ordersrm.TripStatus{TripNumber: "MSH-OWNER"}, nil
	}
	return ordersrm.TripStatus{}, ErrTripNotFound
}

// pgLimits answers the Limiter port with the real limiter, as the composition root does.
type pgLimits struct{ l *ratelimit.Limiter }

func (p pgLimits) Take(ctx context.Context, r LimitRule, key string) error {
	err := p.l.Take(ctx, ratelimit.Rule{Name: r.Name, Limit: r.Limit, Period: r.Period}, key)
	var spent *ratelimit.RateLimitError
	if errors.As(err, &spent) {
		return &TooManyAttemptsError{After: spent.After}
	}
	return err
}

func TestTripJoinGuessesAreLimitedPerClientNotPerTrip(t *testing.T) {
	t.Parallel()
	h := TripStatusHandler{trips: oneTrip{}, limiter: pgLimits{ratelimit.NewLimiter(pgtest.NewDatabase(t))}, now: time.Now}
	ctx := context.Background()
	stranger := JoinClient{IP: "198.51.100.5"}

	// Ten bad joins, then even the right e-mail is refused to the stranger (every refusal alike).
	for i := range TripJoinRule.Limit {
		if _, err := h.Room(ctx, "MSH-OWNER", "guess@example.com", stranger); !errors.Is(err, ErrTripNotFound) {
			t.Fatalf("guess %d: %v", i+1, err)
		}
	}
	if _, err := h.Room(ctx, "MSH-OWNER", "owner@example.com", stranger); !errors.Is(err, ErrTripNotFound) {
		t.Fatalf("the stranger after %d guesses: %v, want a refusal", TripJoinRule.Limit, err)
	}
	// The owner, elsewhere, signed in or not, still joins the trip's room.
	for _, owner := range []JoinClient{{IP: "192.0.2.40"}, {IP: "192.0.2.41", SessionID: "s-owner"}} {
		if room, err := h.Room(ctx, "msh-owner", "owner@example.com", owner); err != nil || room != "trip:MSH-OWNER" {
			t.Fatalf("owner %+v: %q %v", owner, room, err)
		}
	}
	// A signed-in client behind the stranger's address has its own budget (a shared hotel address).
	if _, err := h.Room(ctx, "MSH-OWNER", "owner@example.com", JoinClient{IP: "198.51.100.5", SessionID: "s-guest"}); err != nil {
		t.Fatalf("a session behind the same address: %v", err)
	}
}

func TestTripJoinBudgetHoldsUnderConcurrentGuesses(t *testing.T) {
	t.Parallel()
	h := TripStatusHandler{trips: oneTrip{}, limiter: pgLimits{ratelimit.NewLimiter(pgtest.NewDatabase(t))}, now: time.Now}
	ctx := context.Background()
	stranger := JoinClient{IP: "198.51.100.6"}
	var wg sync.WaitGroup
	for range 3 * TripJoinRule.Limit {
		wg.Go(func() { _, _ = h.Room(ctx, "MSH-OWNER", "guess@example.com", stranger) })
	}
	wg.Wait()
	if _, err := h.Room(ctx, "MSH-OWNER", "owner@example.com", stranger); !errors.Is(err, ErrTripNotFound) {
		t.Fatalf("after %d concurrent guesses the stranger still joins: %v", 3*TripJoinRule.Limit, err)
	}
	if _, err := h.Room(ctx, "MSH-OWNER", "owner@example.com", JoinClient{IP: "192.0.2.42"}); err != nil {
		t.Fatalf("the owner: %v", err)
	}
}
