package support

import (
	"strings"
	"testing"
	"time"

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

// After its order was cancelled, the driver card does not say "No driver yet" of a trip whose
// driver was released: it says the driver was released with the order, and when (Cairo time).
func TestTheDriverCardOfATripCalledOffSaysItsDriverWasReleased(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 12, 2, 12, 5, 0, 0, time.UTC)
	called := dispatch.TripCancelled{OrderID: "MSH-AAAAAA", Reason: "", CancelledAt: at}
	trip := dispatch.Trip.Evolve(dispatch.Trip.Initial(), dispatch.DriverAssigned{OrderID: "MSH-AAAAAA", Driver: dispatch.Driver{ID: "d1", Name: "Karim"}})
	trip = dispatch.Trip.Evolve(trip, called)
	for lang, want := range map[i18n.Lang]string{
		i18n.En: "None: the driver was released when the trip was called off with its order (Wed 2 Dec 2026, 14:05 Cairo time)",
		i18n.Ar: "لا أحد: أُعفي السائق حين أُلغيت الرحلة مع طلبها",
	} {
		got := driverCard(lang, trip, nil, &called)
		if len(got) != 1 || !strings.HasPrefix(got[0].Value, want) {
			t.Errorf("%s: %+v, want %q", lang, got, want)
		}
	}
	if got := driverCard(i18n.En, dispatch.Trip.Initial(), nil, nil); len(got) != 1 || got[0].Value != "No driver yet" {
		t.Errorf("a trip nobody was given: %+v", got)
	}
}
