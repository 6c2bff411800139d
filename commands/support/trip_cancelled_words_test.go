package support

import (
	"testing"

	"mishwar/domain/dispatch"
	"mishwar/internal/i18n"
)

// A trip called off with its order says so in the reader's language; the office's words, when it
// wrote any, are quoted as written; the English phrase older events carried as their reason is not
// anybody's words and is not shown.
func TestATripCalledOffWithItsOrderIsSaidWithOnlyTheOfficesWords(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		lang     i18n.Lang
		reason   string
		underway bool
		want     string
	}{
		{i18n.Ar, "", false, "أُلغيت الرحلة مع طلبها."},
		{i18n.Ar, "order cancelled", false, "أُلغيت الرحلة مع طلبها."},
		{i18n.Ar, "order cancelled: Traveller phoned", false, "أُلغيت الرحلة مع طلبها. كتب المكتب: Traveller phoned"},
		{i18n.Ar, "السيارة تعطلت", true, "أُوقفت الرحلة في أثناء سيرها مع طلبها. كتب المكتب: السيارة تعطلت"},
		{i18n.En, "", true, "The trip was stopped under way with its order."},
		{i18n.En, "Car broke down", false, "The trip was called off with its order. The office wrote: Car broke down"},
	} {
		got := tripSays(c.lang, dispatch.TripCancelled{OrderID: "MSH-AAAAAA", Underway: c.underway, Reason: c.reason}, "", nil)
		if got != c.want {
			t.Errorf("%s, %q, underway %v: got %q, want %q", c.lang, c.reason, c.underway, got, c.want)
		}
	}
}
