package review_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"mishwar/domain"
	"mishwar/domain/review"
)

var (
	completedAt = time.Date(2026, 11, 20, 16, 0, 0, 0, time.UTC)
	now         = completedAt.Add(26 * time.Hour)
)

func completed() review.OrderFacts {
	return review.OrderFacts{OrderID: "MSH-7K3Q9P", Exists: true, OwnerID: "u1", Completed: true, CompletedAt: completedAt, AuthorName: "Mona Z.",
		Destinations: []review.Place{{ID: "d1", NameEN: "Pyramids", NameAR: "الأهرامات"}}, ProgramID: "p1", ProgramName: "Giza day"}
}

// given folds events, when decides cmd at now.
func given(events ...review.Event) review.State { return review.Decider.Fold(events) }

func when(s review.State, cmd review.Command) ([]review.Event, error) {
	return review.Decider.Decide(s, cmd, now)
}

func submit(rating int, text string) review.Submit {
	return review.Submit{Order: completed(), UserID: "u1", Rating: rating, Text: text, Lang: "ar"}
}

func reviewed() review.TripReviewed {
	evs, err := when(given(), submit(5, "رحلة رائعة"))
	if err != nil {
		panic(err)
	}
	return evs[0].(review.TripReviewed)
}

func TestTheTravellerReviewsTheirCompletedTripOnce(t *testing.T) {
	evs, err := when(given(), submit(4, "  Lovely driver, <b>great</b> day.\r\nThanks  "))
	if err != nil {
		t.Fatal(err)
	}
	got := evs[0].(review.TripReviewed)
	if got.Rating != 4 || got.Text != "Lovely driver, <b>great</b> day.\nThanks" || got.AuthorName != "Mona Z." || got.Lang != "ar" ||
		got.Destinations[0].ID != "d1" || got.ProgramID != "p1" || !got.ReviewedAt.Equal(now) || !got.CompletedAt.Equal(completedAt) {
		t.Fatalf("reviewed: %+v", got)
	}
	if _, err := when(given(got), submit(5, "")); !errors.Is(err, review.ErrAlreadyReviewed) {
		t.Fatalf("a second review: %v", err)
	}
	// A rejected review is still the trip's one review.
	if _, err := when(given(got, review.ReviewRejected{Reason: "spam"}), submit(5, "")); !errors.Is(err, review.ErrAlreadyReviewed) {
		t.Fatalf("after a rejection: %v", err)
	}
}

func TestOnlyTheOwnerOfACompletedTripReviewsIt(t *testing.T) {
	for name, c := range map[string]struct {
		mutate func(*review.Submit)
		want   error
	}{
		"someone else's order": {func(c *review.Submit) { c.UserID = "u2" }, review.ErrOrderNotFound},
		"a guest's order":      {func(c *review.Submit) { c.Order.OwnerID, c.UserID = "", "" }, review.ErrOrderNotFound},
		"no such order":        {func(c *review.Submit) { c.Order = review.OrderFacts{} }, review.ErrOrderNotFound},
		"an unfinished trip":   {func(c *review.Submit) { c.Order.Completed = false }, review.ErrTripNotCompleted},
		"ninety days on":       {func(c *review.Submit) { c.Order.CompletedAt = now.Add(-review.Window - time.Minute) }, review.ErrWindowClosed},
	} {
		t.Run(name, func(t *testing.T) {
			cmd := submit(5, "")
			c.mutate(&cmd)
			if _, err := when(given(), cmd); !errors.Is(err, c.want) {
				t.Fatalf("got %v, want %v", err, c.want)
			}
		})
	}
}

func TestRatingsOutsideOneToFiveAndOverlongTextsAreRefusedByField(t *testing.T) {
	for _, c := range []struct {
		rating int
		text   string
		field  string
	}{{0, "", "rating"}, {6, "", "rating"}, {-1, "", "rating"}, {3, strings.Repeat("ج", review.MaxTextRunes+1), "text"}} {
		_, err := when(given(), submit(c.rating, c.text))
		var v *domain.ValidationError
		if !errors.As(err, &v) || len(v.Fields[c.field]) != 1 {
			t.Fatalf("rating %d, %d characters: %v", c.rating, len([]rune(c.text)), err)
		}
	}
	// The limit counts characters, not bytes: 1000 Arabic letters are fine.
	if _, err := when(given(), submit(1, strings.Repeat("ج", review.MaxTextRunes))); err != nil {
		t.Fatal(err)
	}
}

func TestStaffApproveOrRejectWithAReason(t *testing.T) {
	r := reviewed()
	evs, err := when(given(r), review.Approve{ByUserID: "admin", Staff: true})
	if err != nil || len(evs) != 1 {
		t.Fatalf("approve: %v %v", evs, err)
	}
	if a := evs[0].(review.ReviewApproved); a.OrderID != r.OrderID || a.ByUserID != "admin" {
		t.Fatalf("approved: %+v", a)
	}
	// Approving again records nothing.
	if evs, err := when(given(r, evs[0]), review.Approve{ByUserID: "admin", Staff: true}); err != nil || len(evs) != 0 {
		t.Fatalf("approve twice: %v %v", evs, err)
	}
	var v *domain.ValidationError
	if _, err := when(given(r), review.Reject{ByUserID: "admin", Staff: true, Reason: "  "}); !errors.As(err, &v) || v.Fields["reason"][0] != "reviews.reason_required" {
		t.Fatalf("reject without a reason: %v", err)
	}
	evs, err = when(given(r, review.ReviewApproved{}), review.Reject{ByUserID: "support", Staff: true, Reason: "Names the driver's phone"})
	if err != nil || evs[0].(review.ReviewRejected).Reason != "Names the driver's phone" {
		t.Fatalf("reject an approved review: %v %v", evs, err)
	}
	if s := given(r, review.ReviewApproved{}, evs[0]); s.Status() != review.StatusRejected {
		t.Fatalf("status: %s", s.Status())
	}
}

func TestTravellersDoNotModerateAndNothingIsModeratedBeforeItExists(t *testing.T) {
	if _, err := when(given(reviewed()), review.Approve{ByUserID: "u1"}); !errors.Is(err, review.ErrStaffOnly) {
		t.Fatalf("traveller approves: %v", err)
	}
	if _, err := when(given(reviewed()), review.Reject{ByUserID: "u1", Reason: "x"}); !errors.Is(err, review.ErrStaffOnly) {
		t.Fatalf("traveller rejects: %v", err)
	}
	if _, err := when(given(), review.Approve{ByUserID: "admin", Staff: true}); !errors.Is(err, review.ErrNotFound) {
		t.Fatalf("approve nothing: %v", err)
	}
}

func TestAReviewIsSignedWithFirstNameAndInitial(t *testing.T) {
	for in, want := range map[[2]string]string{{"Mona", "Zaki"}: "Mona Z.", {"منى", "زكي"}: "منى ز.", {"Mona", ""}: "Mona"} {
		if got := review.AuthorName(in[0], in[1]); got != want {
			t.Fatalf("%v: %q", in, got)
		}
	}
}
