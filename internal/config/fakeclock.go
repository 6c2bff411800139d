//go:build fakeclock

package config

import (
	"fmt"
	"time"
)

// FakeClockBuilt says whether this binary was built with the fakeclock tag (test binaries only).
const FakeClockBuilt = true

// fakeClock reads MISHWAR_FAKE_NOW (RFC 3339) into a clock that starts at that instant and runs on
// with the wall clock, so a browser test can drive a trip on its day. Only a binary built with
// `-tags fakeclock` has this file; a production build reads nothing (fakeclock_off.go).
func fakeClock(getenv func(string) string) (func() time.Time, error) {
	v := getenv("MISHWAR_FAKE_NOW")
	if v == "" {
		return nil, nil
	}
	start, err := time.Parse(time.RFC3339, v)
	if err != nil {
		return nil, fmt.Errorf("MISHWAR_FAKE_NOW: %w", err)
	}
	offset := time.Until(start)
	return func() time.Time { return time.Now().Add(offset) }, nil
}
