package reviews_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"

	"mishwar/commands"
	"mishwar/commands/commandstest"
	reviewscmd "mishwar/commands/reviews"
	"mishwar/commands/reviews/reviewstest"
	"mishwar/domain/review"
	"mishwar/internal/pgtest"
	reviewsrm "mishwar/projections/reviews"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

var giza = reviewstest.Trip{Stops: map[string]string{"pyramids": "Pyramids"}}

// Two submits of one trip at once — from one process and from two (two runners share the store but
// not their per-stream locks) — give one review; the other is refused as already reviewed.
func TestTwoSubmitsAtOnceGiveOneReview(t *testing.T) {
	w := reviewstest.New(t)
	other := commands.NewRunner(w.Store, w.Registry)
	other.Now = w.Clock.Now
	apps := []reviewscmd.Application{reviewscmd.New(w.Runner, reviewsrm.NewReader(w.Pool)), reviewscmd.New(other, reviewsrm.NewReader(w.Pool))}
	owner := w.Account(t, "user")
	for _, split := range []bool{false, true} {
		id := w.Order(t, owner, giza, true)
		const n = 4
		errs := make([]error, n)
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := range n {
			app := apps[0]
			if split {
				app = apps[i%2]
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				_, _, errs[i] = app.Commands.Submit.Handle(context.Background(), id, reviewscmd.Submission{Rating: 5, Text: "Great"}, reviewstest.Traveller(owner))
			}()
		}
		close(start)
		wg.Wait()
		ok := 0
		for _, err := range errs {
			switch {
			case err == nil:
				ok++
			case !errors.Is(err, review.ErrAlreadyReviewed):
				t.Fatalf("split %v: %v", split, err)
			}
		}
		if ok != 1 {
			t.Fatalf("split %v: %d submits succeeded: %v", split, ok, errs)
		}
		if c := commandstest.Count[review.TripReviewed](t, w.Runner, reviewscmd.Stream(id)); c != 1 {
			t.Fatalf("split %v: %d reviews on the stream", split, c)
		}
	}
}

func TestOnlyTheOwnerReviewsACompletedTripReadFromItsStream(t *testing.T) {
	w := reviewstest.New(t)
	app := reviewscmd.New(w.Runner, reviewsrm.NewReader(w.Pool))
	owner, stranger := w.Account(t, "user"), w.Account(t, "user")
	done, underway := w.Order(t, owner, giza, true), w.Order(t, owner, giza, false)
	submit := func(id, who string) error {
		_, _, err := app.Commands.Submit.Handle(context.Background(), id, reviewscmd.Submission{Rating: 4}, reviewstest.Traveller(who))
		return err
	}
	if err := submit(done, stranger); !errors.Is(err, review.ErrOrderNotFound) {
		t.Fatalf("a stranger reviews: %v", err)
	}
	if err := submit(underway, owner); !errors.Is(err, review.ErrTripNotCompleted) {
		t.Fatalf("an unfinished trip: %v", err)
	}
	if err := submit("MSH-NOSUCH", owner); !errors.Is(err, review.ErrOrderNotFound) {
		t.Fatalf("no such order: %v", err)
	}
	// A lower-case trip number names the same order.
	_, id, err := app.Commands.Submit.Handle(context.Background(), strings.ToLower(done), reviewscmd.Submission{Rating: 4}, reviewstest.Traveller(owner))
	if err != nil || id != done {
		t.Fatalf("owner: %q %v", id, err)
	}
	if _, _, err := app.Commands.Moderate.Approve(context.Background(), done, reviewstest.Traveller(owner)); !errors.Is(err, review.ErrStaffOnly) {
		t.Fatalf("the traveller approves: %v", err)
	}
	if _, _, err := app.Commands.Moderate.Approve(context.Background(), underway, reviewstest.Staff()); !errors.Is(err, review.ErrNotFound) {
		t.Fatalf("approve a trip without a review: %v", err)
	}
}
