package order_test

import (
	"encoding/json"
	"testing"

	"mishwar/domain/order"
)

func TestAProgramIsNamedInTheReadersLanguageAndInEnglishWhenOnlyEnglishWasRecorded(t *testing.T) {
	var both, old order.Itinerary
	if err := json.Unmarshal([]byte(`{"program_id":"p","program_name":"Giza day","program_name_ar":"يوم الجيزة"}`), &both); err != nil {
		t.Fatal(err)
	}
	// An itinerary recorded before the Arabic name was.
	if err := json.Unmarshal([]byte(`{"program_id":"p","program_name":"Giza day"}`), &old); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		itin       order.Itinerary
		lang, want string
	}{{both, "ar", "يوم الجيزة"}, {both, "en", "Giza day"}, {old, "ar", "Giza day"}, {old, "en", "Giza day"}} {
		if got := c.itin.ProgramNameIn(c.lang); got != c.want {
			t.Errorf("%+v in %s: %q, want %q", c.itin, c.lang, got, c.want)
		}
	}
}
