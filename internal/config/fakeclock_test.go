package config_test

import (
	"testing"
	"time"

	"mishwar/internal/config"
)

// A production binary must not let the environment move its clock: only a build with the fakeclock
// tag reads MISHWAR_FAKE_NOW.
func TestTheDefaultBuildIgnoresTheFakeClock(t *testing.T) {
	env := map[string]string{"MISHWAR_FAKE_NOW": "2020-01-02T09:00:00+02:00"}
	c, err := config.Load(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	if config.FakeClockBuilt {
		if c.Clock == nil {
			t.Fatal("the fakeclock build did not read MISHWAR_FAKE_NOW")
		}
		if got := c.Clock(); got.Year() != 2020 {
			t.Fatalf("fake clock reads %v, want an instant in 2020", got)
		}
		return
	}
	if c.Clock != nil {
		t.Fatalf("a production build set its clock from MISHWAR_FAKE_NOW: %v", c.Clock())
	}
}

func TestTheFakeClockRunsOnFromItsInstant(t *testing.T) {
	if !config.FakeClockBuilt {
		t.Skip("only a binary built with -tags fakeclock has a fake clock")
	}
	env := map[string]string{"MISHWAR_FAKE_NOW": "2020-01-02T09:00:00+02:00"}
	c, err := config.Load(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	first := c.Clock()
	time.Sleep(20 * time.Millisecond)
	if !c.Clock().After(first) {
		t.Fatal("the fake clock stood still")
	}
	start := time.Date(2020, 1, 2, 7, 0, 0, 0, time.UTC)
	if d := first.Sub(start); d < 0 || d > time.Minute {
		t.Fatalf("fake clock starts at %v, want %v", first, start)
	}
}
