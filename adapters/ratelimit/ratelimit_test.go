package ratelimit_test

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"mishwar/adapters/ratelimit"
	"mishwar/internal/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

func newLimiter(t *testing.T) (*ratelimit.Limiter, *clock) {
	t.Helper()
	c := &clock{t: time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)}
	l := ratelimit.NewLimiter(pgtest.NewDatabase(t))
	l.Now = c.Now
	return l, c
}

func TestLimiterAllowsABurstThenRefusesWithRetryAfter(t *testing.T) {
	t.Parallel()
	l, c := newLimiter(t)
	ctx := context.Background()
	rule := ratelimit.Rule{Name: "login-ip", Limit: 5, Period: time.Minute}
	for i := range 5 {
		if err := l.Take(ctx, rule, "1.2.3.4"); err != nil {
			t.Fatalf("request %d refused: %v", i+1, err)
		}
	}
	err := l.Take(ctx, rule, "1.2.3.4")
	var rl *ratelimit.RateLimitError
	if !errors.As(err, &rl) || !errors.Is(err, ratelimit.ErrRateLimited) {
		t.Fatalf("6th request: %v, want a RateLimitError", err)
	}
	// One slot comes back every Period/Limit = 12s.
	if rl.After != 12*time.Second {
		t.Fatalf("After = %s, want 12s", rl.After)
	}
	if err := l.Take(ctx, rule, "5.6.7.8"); err != nil {
		t.Fatalf("another key shares the budget: %v", err)
	}
	if err := l.Take(ctx, ratelimit.Rule{Name: "register-ip", Limit: 5, Period: time.Minute}, "1.2.3.4"); err != nil {
		t.Fatalf("another rule shares the budget: %v", err)
	}
	c.Advance(12 * time.Second)
	if err := l.Take(ctx, rule, "1.2.3.4"); err != nil {
		t.Fatalf("after waiting: %v", err)
	}
	if err := l.Take(ctx, rule, "1.2.3.4"); err == nil {
		t.Fatal("a second request after one interval was allowed")
	}
	c.Advance(time.Minute)
	for i := range 5 {
		if err := l.Take(ctx, rule, "1.2.3.4"); err != nil {
			t.Fatalf("after a full period, request %d refused: %v", i+1, err)
		}
	}
}

func TestLimiterCheckDoesNotSpend(t *testing.T) {
	t.Parallel()
	l, _ := newLimiter(t)
	ctx := context.Background()
	rule := ratelimit.Rule{Name: "login-account", Limit: 2, Period: time.Minute}
	for range 5 {
		if err := l.Check(ctx, rule, "a@b.eg"); err != nil {
			t.Fatalf("Check refused a fresh key: %v", err)
		}
	}
	_ = l.Take(ctx, rule, "a@b.eg")
	_ = l.Take(ctx, rule, "a@b.eg")
	if err := l.Check(ctx, rule, "a@b.eg"); !errors.Is(err, ratelimit.ErrRateLimited) {
		t.Fatalf("Check after the budget is spent: %v", err)
	}
	if err := l.Forget(ctx, rule, "a@b.eg"); err != nil {
		t.Fatal(err)
	}
	if err := l.Check(ctx, rule, "a@b.eg"); err != nil {
		t.Fatalf("Check after Forget: %v", err)
	}
}

func TestLimiterHoldsUnderConcurrency(t *testing.T) {
	t.Parallel()
	l, _ := newLimiter(t)
	ctx := context.Background()
	rule := ratelimit.Rule{Name: "burst", Limit: 5, Period: time.Hour}
	var ok atomic.Int32
	var wg sync.WaitGroup
	for range 30 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := l.Take(ctx, rule, "k"); err == nil {
				ok.Add(1)
			} else if !errors.Is(err, ratelimit.ErrRateLimited) {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if ok.Load() != 5 {
		t.Fatalf("%d of 30 concurrent requests passed a limit of 5", ok.Load())
	}
}

func TestLimiterWithoutALimitNeverRefuses(t *testing.T) {
	t.Parallel()
	l, _ := newLimiter(t)
	for range 20 {
		if err := l.Take(context.Background(), ratelimit.Rule{Name: "off"}, "k"); err != nil {
			t.Fatal(err)
		}
	}
}
