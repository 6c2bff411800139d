package catalogue_test

import (
	"testing"

	"mishwar/domain/catalogue"
)

func TestMinutesReadsHHMMAndRefusesTimesOutsideTheDay(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int
		ok   bool
	}{
		{"00:00", 0, true}, {"09:30", 570, true}, {"23:59", 1439, true}, {"24:00", 1440, true},
		{"24:01", 0, false}, {"25:00", 0, false}, {"12:60", 0, false},
		{"9:30", 0, false}, {"09-30", 0, false}, {"ab:cd", 0, false}, {"", 0, false},
	} {
		got, err := catalogue.Minutes(c.in)
		if (err == nil) != c.ok || got != c.want {
			t.Errorf("Minutes(%q) = %d, %v; want %d, ok %v", c.in, got, err, c.want, c.ok)
		}
	}
}
