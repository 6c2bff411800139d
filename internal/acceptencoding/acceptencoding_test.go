package acceptencoding_test

import (
	"testing"

	"mishwar/internal/acceptencoding"
)

func TestParseGivesEachEncodingTheWeightTheClientNamedOrTheWildcards(t *testing.T) {
	cases := []struct {
		header string
		want   acceptencoding.Weights
	}{
		{"", acceptencoding.Weights{}},
		{"gzip, deflate, br, zstd", acceptencoding.Weights{Brotli: 1, Gzip: 1}},
		{"gzip;q=0.8, br;q=0.4", acceptencoding.Weights{Brotli: 0.4, Gzip: 0.8}},
		{"BR ; q=0.5", acceptencoding.Weights{Brotli: 0.5}},
		{"x-gzip", acceptencoding.Weights{Gzip: 1}},
		{"*", acceptencoding.Weights{Brotli: 1, Gzip: 1}},
		{"*;q=0.3, br;q=0", acceptencoding.Weights{Gzip: 0.3}},
		{"identity, *;q=0", acceptencoding.Weights{}},
		{"gzip;q=abc", acceptencoding.Weights{Gzip: 1}},
		{"gzip;q=-1", acceptencoding.Weights{}},
		{"deflate", acceptencoding.Weights{}},
	}
	for _, c := range cases {
		if got := acceptencoding.Parse(c.header); got != c.want {
			t.Errorf("Parse(%q) = %+v, want %+v", c.header, got, c.want)
		}
	}
}
