package pricing

import (
	"context"
	"errors"
	"slices"
	"sync"
	"time"

	"github.com/google/uuid"

	"mishwar/domain/money"
	catrm "mishwar/projections/catalogue"
)

// CachedCatalogue answers a quote's catalogue reads from memory: the destinations it has been asked
// for, the active rate plans, the default pickup point and the currency rates, each read from inner
// once and kept while the catalogue read model stays at the version it was read at (version: the
// read model's version as this process knows it, which its own batches, its read-your-writes waits
// and other processes' change notices move; see projections.Runner.Version) and for at most maxAge, a
// bound for a change notice that never came. A cart's answer is priced after every command: from the
// database that was five queries (28% of the server's time under load), from here it is none.
//
// What is kept was read after the version was observed, so it is never older than that version; a
// new version starts afresh. The answers are the ones inner gives, errors included, except that an
// error is never kept (but a missing default pickup point is an answer, not an error).
func CachedCatalogue(inner Catalogue, version func() string, maxAge time.Duration) Catalogue {
	return &cachedCatalogue{inner: inner, version: version, maxAge: maxAge, now: time.Now}
}

type cachedCatalogue struct {
	inner   Catalogue
	version func() string
	maxAge  time.Duration
	now     func() time.Time

	mu   sync.Mutex
	snap *catalogueSnapshot
}

// catalogueSnapshot is what was read at one version. Its fields are written under cachedCatalogue.mu.
type catalogueSnapshot struct {
	version string
	at      time.Time

	destinations map[uuid.UUID]catrm.Destination
	unknown      map[uuid.UUID]bool

	plans    []catrm.RatePlan
	hasPlans bool

	start    catrm.PickupPoint
	startErr error // nil or an ErrNoDefaultPickupPoint answer
	hasStart bool
	rates    []money.Rate
	ratesAt  time.Time
	hasRates bool
}

// maxCachedDestinations bounds memory: ids are the clients' to choose (unknown ones are kept too).
const maxCachedDestinations = 10_000

// current returns the snapshot of the version now, a fresh one when the version moved or it aged.
func (c *cachedCatalogue) current() *catalogueSnapshot {
	v := c.version()
	now := c.now()
	c.mu.Lock()
	defer c.mu.Unlock()
	if s := c.snap; s != nil && s.version == v && now.Sub(s.at) <= c.maxAge {
		return s
	}
	c.snap = &catalogueSnapshot{version: v, at: now, destinations: map[uuid.UUID]catrm.Destination{}, unknown: map[uuid.UUID]bool{}}
	return c.snap
}

func (c *cachedCatalogue) Destinations(ctx context.Context, ids []uuid.UUID) ([]catrm.Destination, error) {
	s := c.current()
	var missing []uuid.UUID
	c.mu.Lock()
	for _, id := range ids {
		if _, ok := s.destinations[id]; !ok && !s.unknown[id] && !slices.Contains(missing, id) {
			missing = append(missing, id)
		}
	}
	c.mu.Unlock()
	if len(missing) > 0 {
		found, err := c.inner.Destinations(ctx, missing)
		if err != nil {
			return nil, err
		}
		c.mu.Lock()
		if len(s.destinations)+len(s.unknown)+len(missing) > maxCachedDestinations {
			clear(s.destinations)
			clear(s.unknown)
		}
		for _, id := range missing {
			s.unknown[id] = true
		}
		for _, d := range found {
			s.destinations[d.ID] = d
			delete(s.unknown, d.ID)
		}
		// Answer from what was just read: a concurrent clear must not lose it.
		out := make([]catrm.Destination, 0, len(ids))
		seen := make(map[uuid.UUID]bool, len(ids))
		byID := make(map[uuid.UUID]catrm.Destination, len(found))
		for _, d := range found {
			byID[d.ID] = d
		}
		for _, id := range ids {
			if seen[id] {
				continue
			}
			seen[id] = true
			if d, ok := byID[id]; ok {
				out = append(out, d)
			} else if d, ok := s.destinations[id]; ok {
				out = append(out, d)
			}
		}
		c.mu.Unlock()
		return out, nil
	}
	// In the order of ids, each once, unknown ones left out: as the read model answers.
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make([]catrm.Destination, 0, len(ids))
	seen := make(map[uuid.UUID]bool, len(ids))
	for _, id := range ids {
		if d, ok := s.destinations[id]; ok && !seen[id] {
			seen[id] = true
			out = append(out, d)
		}
	}
	return out, nil
}

func (c *cachedCatalogue) ActiveRatePlans(ctx context.Context) ([]catrm.RatePlan, error) {
	s := c.current()
	c.mu.Lock()
	if s.hasPlans {
		plans := slices.Clone(s.plans)
		c.mu.Unlock()
		return plans, nil
	}
	c.mu.Unlock()
	plans, err := c.inner.ActiveRatePlans(ctx)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	s.plans, s.hasPlans = slices.Clone(plans), true
	c.mu.Unlock()
	return plans, nil
}

func (c *cachedCatalogue) DefaultPickupPoint(ctx context.Context) (catrm.PickupPoint, error) {
	s := c.current()
	c.mu.Lock()
	if s.hasStart {
		p, err := s.start, s.startErr
		c.mu.Unlock()
		return p, err
	}
	c.mu.Unlock()
	p, err := c.inner.DefaultPickupPoint(ctx)
	if err != nil && !errors.Is(err, catrm.ErrNoDefaultPickupPoint) {
		return p, err
	}
	c.mu.Lock()
	s.start, s.startErr, s.hasStart = p, err, true
	c.mu.Unlock()
	return p, err
}

func (c *cachedCatalogue) CurrencyRates(ctx context.Context) ([]money.Rate, time.Time, error) {
	s := c.current()
	c.mu.Lock()
	if s.hasRates {
		rates, at := slices.Clone(s.rates), s.ratesAt
		c.mu.Unlock()
		return rates, at, nil
	}
	c.mu.Unlock()
	rates, at, err := c.inner.CurrencyRates(ctx)
	if err != nil {
		return nil, time.Time{}, err
	}
	c.mu.Lock()
	s.rates, s.ratesAt, s.hasRates = slices.Clone(rates), at, true
	c.mu.Unlock()
	return rates, at, nil
}
