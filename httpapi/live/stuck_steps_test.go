package live_test

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/google/uuid"

	"mishwar/adapters/jobs"
	"mishwar/cmd/mishwar/app/apptest"
	"mishwar/httpapi/live"
	"mishwar/httpapi/live/livetest"
	paymentsproc "mishwar/processes/payments"
)

// stepNotice reads a steps.changed event.
func stepNotice(t *testing.T, m livetest.Msg) jobs.StepNotice {
	t.Helper()
	var n jobs.StepNotice
	if err := json.Unmarshal(m.Data, &n); err != nil {
		t.Fatalf("steps.changed %s: %v", m.Data, err)
	}
	return n
}

// A stuck process step is decided by a query over the jobs table, not by an event, so it has a
// notice of its own: the whole application as two processes on one database, a job refused for good
// by whichever process's worker takes it reaches the admin's and support's sockets on the other as
// steps.changed (the queue's pg_notify in the recording transaction, routed to the admin room) with
// the step already on the needs-attention queue; an admin's retry made on the first process takes it
// off the list the same way. A traveller's, a driver's and an anonymous socket hear none of it.
func TestAStuckProcessStepReachesStaffSocketsOnEveryProcessAndNoOneElse(t *testing.T) {
	one := apptest.New(t)
	two := one.AnotherProcess(t)
	admin, support, driver := one.Staff(t, "admin"), one.Staff(t, "support"), one.Staff(t, "driver")
	traveller := one.SignUp(t, "")
	staff := []*livetest.Client{adminSocket(t, two, admin.Token), adminSocket(t, two, support.Token)}
	others := map[string]*livetest.Client{"a traveller's": userSocket(t, two, traveller), "a driver's": userSocket(t, two, driver)}
	anonymous := livetest.Open(t, livetest.Options{URL: two.URL, Transports: []string{"websocket"}})
	if _, signedIn := anonymous.Connected(); signedIn {
		t.Fatal("the anonymous socket was signed in")
	}
	anonymous.SendUntilHeard("everyone.probe", 15*time.Second, func() { notify(t, two.Pool, "everyone.probe", map[string]any{"room": live.Everyone}) })
	anonymous.Forget()
	others["an anonymous"] = anonymous

	// A refund whose payload cannot be read: the handler refuses it for good on its first attempt.
	ctx := context.Background()
	id := uuid.New()
	tx, err := one.Pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = tx.Rollback(ctx) }()
	if err := one.JobQueue().Enqueue(ctx, tx, paymentsproc.KindRefund, id, "not a refund"); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	enqueued := time.Now()
	want := func(stuck bool) jobs.StepNotice {
		return jobs.StepNotice{ID: id, Kind: paymentsproc.KindRefund, Stuck: stuck}
	}
	for i, c := range staff {
		if n := stepNotice(t, c.Event(jobs.StepsChangedTopic, eventWait)); n != want(true) {
			t.Fatalf("staff socket %d heard %+v, want the refund stuck", i, n)
		}
	}
	t.Logf("the stuck step reached staff on the other process %v after it was enqueued", time.Since(enqueued).Round(time.Millisecond))

	// By the time the notice arrives, the queue it tells staff to read again lists the step.
	var attention struct {
		Items []struct {
			Kind   string `json:"kind"`
			StepID string `json:"step_id"`
		} `json:"items"`
	}
	if r := two.Get("/api/admin/dashboard/attention", admin.Token); r.Status != http.StatusOK {
		t.Fatalf("attention: %d %s", r.Status, r.Body)
	} else {
		r.JSON(t, &attention)
	}
	listed := false
	for _, item := range attention.Items {
		listed = listed || (item.Kind == "stuck_step" && item.StepID == id.String())
	}
	if !listed {
		t.Fatalf("the queue read on the notice does not list the step: %+v", attention.Items)
	}

	// An admin retries it on the first process: it leaves the list, then is refused again.
	if r := one.Post("/api/admin/jobs/"+id.String()+"/retry", admin.Token, map[string]any{}); r.Status != http.StatusOK {
		t.Fatalf("retry: %d %s", r.Status, r.Body)
	}
	for i, c := range staff {
		for _, stuck := range []bool{false, true} {
			if n := stepNotice(t, c.Event(jobs.StepsChangedTopic, eventWait)); n != want(stuck) {
				t.Fatalf("staff socket %d heard %+v after the retry, want stuck %v", i, n, stuck)
			}
		}
	}

	// Everyone else, still connected and in their rooms (a probe sent after the notices reaches
	// them after those), heard nothing of it.
	notify(t, two.Pool, "done", map[string]any{"rooms": []string{live.UserRoom(traveller.UserID), live.UserRoom(driver.UserID)}})
	notify(t, two.Pool, "done", map[string]any{"room": live.Everyone})
	for who, c := range others {
		for _, m := range c.EventsUntil("done", eventWait) {
			if m.Event == jobs.StepsChangedTopic {
				t.Errorf("%s socket heard %s %s", who, m.Event, m.Data)
			}
		}
	}
}
