package benchtest_test

import (
	"testing"
	"time"

	"mishwar/internal/benchtest"
)

func TestPercentilePicksFromTheSortedLatencies(t *testing.T) {
	ten := []time.Duration{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	for _, tc := range []struct {
		name   string
		sorted []time.Duration
		p      float64
		want   time.Duration
	}{
		{"none gives zero", nil, 0.5, 0},
		{"the median of ten is the sixth", ten, 0.5, 6},
		{"p99 of ten is the largest", ten, 0.99, 10},
		{"p100 is the largest, not past the end", ten, 1, 10},
		{"p0 is the smallest", ten, 0, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := benchtest.Percentile(tc.sorted, tc.p); got != tc.want {
				t.Errorf("Percentile(%v, %v) = %v, want %v", tc.sorted, tc.p, got, tc.want)
			}
		})
	}
}

func TestMsShowsMillisecondsToTheMicrosecond(t *testing.T) {
	if got := benchtest.Ms(1234567 * time.Nanosecond); got != "1.23 ms" {
		t.Errorf("Ms = %q, want %q", got, "1.23 ms")
	}
}

func TestRunLengthIsMishwarBenchSecondsOrTheDefault(t *testing.T) {
	t.Setenv("MISHWAR_BENCH_SECONDS", "")
	if got := benchtest.RunLength(t, 3*time.Second); got != 3*time.Second {
		t.Errorf("unset: %v, want the default 3s", got)
	}
	t.Setenv("MISHWAR_BENCH_SECONDS", "1.5")
	if got := benchtest.RunLength(t, 3*time.Second); got != 1500*time.Millisecond {
		t.Errorf("MISHWAR_BENCH_SECONDS=1.5: %v, want 1.5s", got)
	}
}
