package orders

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"time"

	"mishwar/domain/order"
)

// Settings are the booking rules, read from the environment with these defaults:
//
//	MISHWAR_BOOKING_LEAD                 12h   shortest time between ordering and the start
//	MISHWAR_BOOKING_WINDOW_DAYS          180   how many days ahead a trip can be booked
//	MISHWAR_PAYMENT_HOLD                 30m   how long a car is held waiting for payment
//	MISHWAR_CANCELLATION_FREE_BEFORE     24h   cancelling at least this long before the start is free
//	MISHWAR_CANCELLATION_LATE_REFUND     50    percent refunded when cancelling later than that
//	MISHWAR_HOLD_EXPIRY_INTERVAL         30s   how often lapsed holds are looked for
type Settings struct {
	Lead               time.Duration
	WindowDays         int
	Hold               time.Duration
	FreeCancellation   time.Duration
	LateRefundPercent  float64
	HoldExpiryInterval time.Duration
	// UnpaidHoldsPerCustomer bounds the unpaid orders (each holding a car) a signed-in traveller may
	// have at once, UnpaidHoldsPerAddress those placed from one client address (by guests and
	// signed-in travellers alike); 0 means no bound. They come
	// from internal/config (MISHWAR_UNPAID_HOLDS_PER_CUSTOMER, MISHWAR_UNPAID_HOLDS_PER_ADDRESS).
	UnpaidHoldsPerCustomer int
	UnpaidHoldsPerAddress  int
}

// DefaultSettings are the documented defaults.
func DefaultSettings() Settings {
	return Settings{Lead: 12 * time.Hour, WindowDays: 180, Hold: 30 * time.Minute, FreeCancellation: 24 * time.Hour,
		LateRefundPercent: 50, HoldExpiryInterval: 30 * time.Second}
}

// SettingsFromEnv reads the settings through getenv.
func SettingsFromEnv(getenv func(string) string) (Settings, error) {
	s := DefaultSettings()
	var errs []error
	dur := func(name string, into *time.Duration, min time.Duration) {
		v := getenv(name)
		if v == "" {
			return
		}
		d, err := time.ParseDuration(v)
		if err != nil || d < min {
			errs = append(errs, fmt.Errorf("%s: %q is not a duration of at least %s", name, v, min))
			return
		}
		*into = d
	}
	dur("MISHWAR_BOOKING_LEAD", &s.Lead, 0)
	dur("MISHWAR_PAYMENT_HOLD", &s.Hold, time.Minute)
	dur("MISHWAR_CANCELLATION_FREE_BEFORE", &s.FreeCancellation, 0)
	dur("MISHWAR_HOLD_EXPIRY_INTERVAL", &s.HoldExpiryInterval, time.Second)
	if v := getenv("MISHWAR_BOOKING_WINDOW_DAYS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 1000 {
			errs = append(errs, fmt.Errorf("MISHWAR_BOOKING_WINDOW_DAYS: %q is not a number of days from 1 to 1000", v))
		} else {
			s.WindowDays = n
		}
	}
	if v := getenv("MISHWAR_CANCELLATION_LATE_REFUND"); v != "" {
		p, err := strconv.ParseFloat(v, 64)
		if err != nil || p < 0 || p > 100 || math.IsNaN(p) {
			errs = append(errs, fmt.Errorf("MISHWAR_CANCELLATION_LATE_REFUND: %q is not a percentage from 0 to 100", v))
		} else {
			s.LateRefundPercent = p
		}
	}
	return s, errors.Join(errs...)
}

// Policy is the rules as the order decider records them.
func (s Settings) Policy() order.Policy {
	return order.Policy{
		Lead: s.Lead, WindowDays: s.WindowDays, Hold: s.Hold,
		Cancellation: order.Cancellation{
			FreeBefore:            s.FreeCancellation,
			LateRefundBasisPoints: int64(math.Round(s.LateRefundPercent * 100)),
		},
	}
}
