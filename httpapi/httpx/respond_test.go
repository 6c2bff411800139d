package httpx_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"mishwar/commands"
	"mishwar/domain"
	"mishwar/httpapi/httpx"
	"mishwar/internal/i18n"
)

// During a rolling deploy a process of the old release cannot decide a command on a stream that
// holds an event of the newer one: it answers 503 with Retry-After and words a person understands,
// in the request's language, so that a load balancer or the client tries again (a process of the
// newer release can take it).
func TestACommandOnAStreamOfANewerReleaseAnswers503AndRetryAfter(t *testing.T) {
	t.Parallel()
	err := fmt.Errorf("cart: add: %w", fmt.Errorf("commands: decode cart-u1@4: %w: %w", commands.ErrNewerRelease, fmt.Errorf("unknown event schema version")))
	for _, lang := range []i18n.Lang{i18n.En, i18n.Ar} {
		r := httptest.NewRequest(http.MethodPost, "/api/auth/cart", nil)
		r.Header.Set("lang", string(lang))
		w := httptest.NewRecorder()
		httpx.WriteError(w, r, err)
		if w.Code != http.StatusServiceUnavailable || w.Header().Get("Retry-After") != "5" {
			t.Fatalf("%s: %d, Retry-After %q; want 503 and 5", lang, w.Code, w.Header().Get("Retry-After"))
		}
		var body httpx.ErrorBody
		if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil {
			t.Fatal(err)
		}
		if want := i18n.T(lang, "common.newer_release"); body.Message != want || want == "common.newer_release" {
			t.Fatalf("%s: message %q, want %q", lang, body.Message, want)
		}
	}
}

// The domain hands a closing or start-by time to a message as a domain.TimeOfDay: said in Arabic, it
// is written in Arabic-Indic digits like every number on the page; said in English, as the clock reads.
func TestADomainTimeOfDayIsSaidInThePagesDigits(t *testing.T) {
	t.Parallel()
	var _ i18n.Clock = domain.TimeOfDay{}
	closes := domain.Msg("trip.closes_during_visit", domain.TimeOfDay{Hour: 17})
	if got, want := httpx.Say(i18n.Ar, closes.Key, closes.Args...), "يغلق في ١٧:٠٠ قبل انتهاء الزيارة"; got != want {
		t.Errorf("Arabic: %q, want %q", got, want)
	}
	if got, want := httpx.Say(i18n.En, closes.Key, closes.Args...), "Closes at 17:00, before the visit ends"; got != want {
		t.Errorf("English: %q, want %q", got, want)
	}
}
