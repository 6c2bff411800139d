package reviews_test

import (
	"context"
	"log/slog"
	"sync"
	"testing"
	"time"

	reviewscmd "mishwar/commands/reviews"
	"mishwar/commands/reviews/reviewstest"
	"mishwar/eventstore"
	"mishwar/internal/pgtest"
	"mishwar/projections"
	reviewsrm "mishwar/projections/reviews"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

type world struct {
	*reviewstest.World
	runner *projections.Runner
	read   *reviewsrm.Reader
	app    reviewscmd.Application
}

func newWorld(t *testing.T) *world {
	t.Helper()
	f := reviewstest.New(t)
	rm, err := projections.NewRunner(f.Pool, f.Store, projections.Config{Logger: slog.New(slog.DiscardHandler)}, reviewsrm.New(f.Registry))
	if err != nil {
		t.Fatal(err)
	}
	read := reviewsrm.NewReader(f.Pool)
	w := &world{World: f, runner: rm, read: read, app: reviewscmd.New(f.Runner, read)}
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { defer wg.Done(); _ = rm.Run(ctx) }()
	t.Cleanup(func() { cancel(); wg.Wait() })
	return w
}

func (w *world) wait(t *testing.T, pos eventstore.Position) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := w.runner.WaitFor(ctx, reviewsrm.Name, pos); err != nil {
		t.Fatal(err)
	}
}

// review submits a review of a fresh completed trip by a fresh traveller and moderates it (approve,
// reject or leave pending).
func (w *world) review(t *testing.T, trip reviewstest.Trip, rating int, text, moderation string) string {
	t.Helper()
	ctx := context.Background()
	owner := w.Account(t, "user")
	id := w.Order(t, owner, trip, true)
	pos, _, err := w.app.Commands.Submit.Handle(ctx, id, reviewscmd.Submission{Rating: rating, Text: text, Lang: "ar"}, reviewstest.Traveller(owner))
	if err != nil {
		t.Fatal(err)
	}
	switch moderation {
	case "approve":
		pos, _, err = w.app.Commands.Moderate.Approve(ctx, id, reviewstest.Staff())
	case "reject":
		pos, _, err = w.app.Commands.Moderate.Reject(ctx, id, "Names the driver's phone number", reviewstest.Staff())
	}
	if err != nil {
		t.Fatal(err)
	}
	w.wait(t, pos)
	w.Clock.Set(w.Clock.Now().Add(time.Minute))
	return id
}

func TestOnlyApprovedReviewsRateTheDestinationsVisitedAndTheProgram(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	program := reviewstest.Trip{Stops: map[string]string{"pyramids": "Pyramids", "sphinx": "Sphinx"}, ProgramID: "giza-day"}
	museum := reviewstest.Trip{Stops: map[string]string{"museum": "Museum", "pyramids": "Pyramids"}}
	w.review(t, program, 4, "Lovely", "approve")
	w.review(t, museum, 5, "<script>alert(1)</script> رائع", "approve")
	w.review(t, program, 1, "Spam", "reject")
	pending := w.review(t, museum, 2, "Waiting", "")

	pyramids, err := w.read.Destination(ctx, "pyramids", 0)
	if err != nil {
		t.Fatal(err)
	}
	if pyramids.Rating.Count != 2 || pyramids.Rating.Average != 4.5 || len(pyramids.Reviews) != 2 ||
		pyramids.Reviews[0].Text != "<script>alert(1)</script> رائع" || pyramids.Reviews[0].AuthorName != "Mona Z." || pyramids.Reviews[1].Rating != 4 {
		t.Fatalf("pyramids: %+v", pyramids)
	}
	sphinx, _ := w.read.Destination(ctx, "sphinx", 0)
	giza, _ := w.read.Program(ctx, "giza-day", 0)
	none, _ := w.read.Destination(ctx, "citadel", 0)
	if sphinx.Rating.Count != 1 || sphinx.Rating.Average != 4 || giza.Rating.Count != 1 || giza.Reviews[0].ProgramName != "Giza in a day" ||
		none.Rating.Count != 0 || none.Rating.Average != 0 || none.Reviews == nil {
		t.Fatalf("sphinx %+v, program %+v, none %+v", sphinx, giza, none)
	}
	recent, _ := w.read.Recent(ctx, 0)
	if len(recent) != 2 || recent[0].Rating != 5 {
		t.Fatalf("recent: %+v", recent)
	}
	queue, _ := w.read.Moderation(ctx, "pending", 0)
	rejected, _ := w.read.Moderation(ctx, "rejected", 0)
	if len(queue) != 1 || queue[0].OrderID != pending || len(rejected) != 1 || rejected[0].Reason != "Names the driver's phone number" {
		t.Fatalf("queue %+v, rejected %+v", queue, rejected)
	}

	// The pending review approved counts from then on.
	pos, _, err := w.app.Commands.Moderate.Approve(ctx, pending, reviewstest.Staff())
	if err != nil {
		t.Fatal(err)
	}
	w.wait(t, pos)
	museumRated, _ := w.read.Destination(ctx, "museum", 0)
	if museumRated.Rating.Count != 2 || museumRated.Rating.Average != 3.5 {
		t.Fatalf("museum: %+v", museumRated)
	}

	// Staff change their mind: an approved review rejected leaves the rating.
	pos, _, err = w.app.Commands.Moderate.Reject(ctx, pending, "Not about the trip", reviewstest.Staff())
	if err != nil {
		t.Fatal(err)
	}
	w.wait(t, pos)
	if m, _ := w.read.Destination(ctx, "museum", 0); m.Rating.Count != 1 || m.Rating.Average != 5 {
		t.Fatalf("museum after taking one off: %+v", m)
	}

	before, _ := w.read.Destination(ctx, "pyramids", 0)
	if err := projections.Rebuild(ctx, w.Pool, w.Store, reviewsrm.New(w.Registry), nil); err != nil {
		t.Fatal(err)
	}
	after, _ := w.read.Destination(ctx, "pyramids", 0)
	if after.Rating != before.Rating || len(after.Reviews) != len(before.Reviews) || after.Reviews[0].Text != before.Reviews[0].Text {
		t.Fatalf("after a rebuild %+v, want %+v", after, before)
	}
	if q, _ := w.read.Moderation(ctx, "pending", 0); len(q) != 0 {
		t.Fatalf("after a rebuild the queue holds %+v", q)
	}
}
