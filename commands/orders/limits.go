package orders

import (
	"context"
	"fmt"
	"time"
)

// Limiter is the port to the rate limits (adapters/ratelimit answers it through the composition
// root): at most rule.Limit attempts per rule.Period per key.
type Limiter interface {
	// Take spends one attempt of key under rule; a spent budget is a *TooManyAttemptsError.
	Take(ctx context.Context, rule LimitRule, key string) error
}

// LimitRule is a rate: Limit attempts per Period per key; Name keeps each rule's budgets apart.
type LimitRule struct {
	Name   string
	Limit  int
	Period time.Duration
}

// TooManyAttemptsError: the key's budget is spent; try again After.
type TooManyAttemptsError struct {
	After time.Duration
}

func (e *TooManyAttemptsError) Error() string {
	return fmt.Sprintf("orders: too many attempts, retry after %s", e.After)
}

// The guesses a stranger could make are bounded: enough for a typo or two, too few to find trips.
var (
	// TripStatusRule bounds trip status lookups per client address.
	TripStatusRule = LimitRule{Name: "tripstatus", Limit: 10, Period: 10 * time.Minute}
	// EnquiryPaymentRule bounds e-mail guesses on enquiry payment links per client address.
	EnquiryPaymentRule = LimitRule{Name: "enquirypay", Limit: 10, Period: 10 * time.Minute}
	// TripJoinRule bounds trip-room join guesses on the live channel per client: its session when
	// signed in, else its address. Keyed by the client, never by the trip number, so a stranger's
	// bad joins never cut the trip's owner off its live updates.
	TripJoinRule = LimitRule{Name: "tripjoin-client", Limit: 10, Period: 10 * time.Minute}
	// TripJoinAddressRule bounds trip-room join guesses per client address across sessions, so
	// opening more sessions buys no more guesses; looser, because many travellers share an address.
	TripJoinAddressRule = LimitRule{Name: "tripjoin-ip", Limit: 60, Period: 10 * time.Minute}
	// PromoRule bounds promo code look-ups per signed-in traveller: enough to try a code on every
	// rate plan and start, too few to guess codes.
	PromoRule = LimitRule{Name: "promo", Limit: 30, Period: 10 * time.Minute}
)

// take spends an attempt when there is a limiter (tests may run without one).
func take(ctx context.Context, l Limiter, rule LimitRule, key string) error {
	if l == nil {
		return nil
	}
	return l.Take(ctx, rule, key)
}
