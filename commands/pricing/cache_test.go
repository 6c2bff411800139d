package pricing_test

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"

	"mishwar/commands/pricing"
	"mishwar/domain/money"
	"mishwar/projections/cart/carttest"
	catrm "mishwar/projections/catalogue"
)

// countingCatalogue is the real catalogue read model, counting the reads that reach it.
type countingCatalogue struct {
	*catrm.Reader
	reads atomic.Int64
}

func (c *countingCatalogue) Destinations(ctx context.Context, ids []uuid.UUID) ([]catrm.Destination, error) {
	c.reads.Add(1)
	return c.Reader.Destinations(ctx, ids)
}

func (c *countingCatalogue) ActiveRatePlans(ctx context.Context) ([]catrm.RatePlan, error) {
	c.reads.Add(1)
	return c.Reader.ActiveRatePlans(ctx)
}

func (c *countingCatalogue) DefaultPickupPoint(ctx context.Context) (catrm.PickupPoint, error) {
	c.reads.Add(1)
	return c.Reader.DefaultPickupPoint(ctx)
}

func (c *countingCatalogue) CurrencyRates(ctx context.Context) ([]money.Rate, time.Time, error) {
	c.reads.Add(1)
	return c.Reader.CurrencyRates(ctx)
}

func TestACachedQuoteReadsTheCatalogueOnceAndAgainOnlyWhenTheReadModelMoves(t *testing.T) {
	t.Parallel()
	f := carttest.New(t)
	plan := f.RatePlan(t, "Standard", 1000, 6000, 1)
	a := f.Destination(t, place("A", 30.05, 31.23, 60))
	b := f.Destination(t, place("B", 30.03, 31.26, 60))
	add(t, f, a.String())
	add(t, f, b.String())
	inner := &countingCatalogue{Reader: f.Reader}
	version := func() string { return f.Projections.Version(catrm.Name).String() }
	q := pricing.New(pricing.CachedCatalogue(inner, version, time.Hour), flatEstimator(), monday9.Location())
	ctx := context.Background()

	first, err := q.Quote(ctx, cartView(t, f), monday9)
	if err != nil {
		t.Fatal(err)
	}
	reads := inner.reads.Load()
	for range 3 {
		again, err := q.Quote(ctx, cartView(t, f), monday9)
		if err != nil {
			t.Fatal(err)
		}
		if again.Calc.Rates[0].Total != first.Calc.Rates[0].Total {
			t.Fatalf("the same catalogue priced %v, then %v", first.Calc.Rates[0].Total, again.Calc.Rates[0].Total)
		}
	}
	if n := inner.reads.Load(); n != reads {
		t.Fatalf("quotes at one catalogue version read the read model %d more times, want none", n-reads)
	}

	// A change applied by the projections moves the version: the next quote reads it.
	f.UpdateRatePlan(t, plan, "Standard", 2000, 6000, 1)
	f.Archive(t, b)
	after, err := q.Quote(ctx, cartView(t, f), monday9)
	if err != nil {
		t.Fatal(err)
	}
	if inner.reads.Load() == reads {
		t.Fatal("a new catalogue version was answered from the old one's reads")
	}
	if after.Calc.Rates[0].Plan.PricePerKm.Minor != 2000 || len(after.Stops) != 2 || after.Stops[1].Available {
		t.Fatalf("after the change: price per km %v, stops %+v", after.Calc.Rates[0].Plan.PricePerKm, after.Stops)
	}
}

func TestACachedCatalogueAnswersLikeTheReadModel(t *testing.T) {
	t.Parallel()
	f := carttest.New(t)
	a := f.Destination(t, place("A", 30.05, 31.23, 60))
	b := f.Destination(t, place("B", 30.03, 31.26, 60))
	unknown := uuid.New()
	stale := "v1"
	cached := pricing.CachedCatalogue(f.Reader, func() string { return stale }, time.Hour)
	ctx := context.Background()
	for _, ids := range [][]uuid.UUID{{b, unknown, a, b}, {a}, {unknown}, {b, a, a, unknown}, nil} {
		for pass := range 2 { // the first reads, the second answers from memory
			want, err := f.Reader.Destinations(ctx, ids)
			if err != nil {
				t.Fatal(err)
			}
			got, err := cached.Destinations(ctx, ids)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(want) {
				t.Fatalf("pass %d, %v: %d destinations, the read model has %d", pass, ids, len(got), len(want))
			}
			for i := range want {
				if got[i].ID != want[i].ID || got[i].Name != want[i].Name {
					t.Fatalf("pass %d, %v: destination %d is %s, the read model says %s", pass, ids, i, got[i].ID, want[i].ID)
				}
			}
		}
	}
	// No default pickup point is an answer, kept like any other.
	if _, err := cached.DefaultPickupPoint(ctx); !errors.Is(err, catrm.ErrNoDefaultPickupPoint) {
		t.Fatalf("default pickup point: %v", err)
	}
	hotel := f.PickupPoint(t, "Hotel", 30.0444, 31.2357, true)
	f.DefaultPickupPoint(t, hotel)
	if _, err := cached.DefaultPickupPoint(ctx); !errors.Is(err, catrm.ErrNoDefaultPickupPoint) {
		t.Fatalf("at the same version the answer is kept: %v", err)
	}
	stale = "v2"
	if p, err := cached.DefaultPickupPoint(ctx); err != nil || p.ID != hotel {
		t.Fatalf("at a new version: %v %v", p.ID, err)
	}
}
