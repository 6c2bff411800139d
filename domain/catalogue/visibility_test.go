package catalogue_test

import (
	"testing"

	cat "mishwar/domain/catalogue"
)

func TestOnlyPublishedLiveEntriesAreVisibleToVisitors(t *testing.T) {
	for _, c := range []struct {
		published, archived, want bool
	}{{true, false, true}, {false, false, false}, {true, true, false}, {false, true, false}} {
		if got := cat.VisibleToVisitors(c.published, c.archived); got != c.want {
			t.Errorf("published %v archived %v: visible %v, want %v", c.published, c.archived, got, c.want)
		}
	}
}
