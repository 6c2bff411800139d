//go:build !fakeclock

package config

import "time"

// FakeClockBuilt says whether this binary was built with the fakeclock tag (test binaries only).
const FakeClockBuilt = false

// fakeClock is nothing in a production build: the clock is the wall clock whatever the environment
// says (the fakeclock build reads MISHWAR_FAKE_NOW, see fakeclock.go).
func fakeClock(func(string) string) (func() time.Time, error) { return nil, nil }
