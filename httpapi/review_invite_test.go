package httpapi_test

import (
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"mishwar/adapters/mail/mailpittest"
	"mishwar/cmd/mishwar/app/apptest"
	"mishwar/internal/config"
	"mishwar/internal/i18n"
)

// The whole app with MISHWAR_SMTP_URL set: when an Arabic traveller's trip is completed, one e-mail
// leaves through a real SMTP server (Mailpit) that thanks them and invites them to rate the trip, in
// Arabic with Arabic-Indic digits, its button opening the order page where they rate it. Rating it
// sends nothing more. (Not parallel: it sets the process environment the app reads its mail settings
// from.)
func TestACompletedTripsOneMailInvitesTheTravellerToRateItOverSMTP(t *testing.T) {
	srv := mailpittest.Start(t, mailpittest.Options{PlainText: true})
	t.Setenv("MISHWAR_SMTP_URL", srv.URL())
	t.Setenv("MISHWAR_MAIL_FROM", "Mishwar Trips <trips@mishwar.example>")
	clock := &testClock{}
	w := seedOrderWorld(t, apptest.New(t, func(c *config.Config) { c.Clock = clock.Now }), 1, 2)
	a := w.a
	u := w.traveller(t)
	id := w.paidCheckoutAt(t, u, "10:00", "ar")
	driveToCompletion(t, w, clock, u, id)

	subject := "اكتملت رحلتك " + id
	sent := func() []mailpittest.Message {
		var out []mailpittest.Message
		for _, m := range srv.Messages(t) {
			if m.Subject == subject {
				out = append(out, m)
			}
		}
		return out
	}
	var done []mailpittest.Message
	eventually(t, "the completion mail over SMTP", func() (bool, string) {
		done = sent()
		return len(done) > 0, ""
	})
	m := srv.Message(t, done[0].ID)
	m.Text = strings.ReplaceAll(m.Text, "\r\n", "\n") // SMTP's line ends
	link := a.URL + "/account/order/" + id + "#rate"  // lands on the review form
	if len(m.To) != 1 || m.To[0].Address != u.Email {
		t.Fatalf("to %+v, want %s", m.To, u.Email)
	}
	day, err := time.Parse(time.DateOnly, w.date)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"كيف كانت رحلتك؟ قيّمها", "قيّم رحلتك:\n" + link, "اكتملت رحلتك يوم " + i18n.LongDate(i18n.Ar, day)} {
		if !strings.Contains(m.Text, want) {
			t.Errorf("the mail lacks %q:\n%s", want, m.Text)
		}
	}
	if !strings.Contains(m.HTML, `href="`+link+`"`) || !strings.Contains(m.HTML, `dir="rtl"`) {
		t.Errorf("the HTML part lacks the button to %s:\n%s", link, m.HTML)
	}
	text := regexp.MustCompile(`https?://\S+`).ReplaceAllString(strings.ReplaceAll(m.Text, id, ""), "")
	if regexp.MustCompile(`[0-9]`).MatchString(text) {
		t.Errorf("Western digits in the Arabic mail:\n%s", m.Text)
	}

	// The button's page: the traveller may rate the trip there, and does.
	var mine reviewAnswer
	a.Get("/api/orders/"+id+"/review", u.Token).JSON(t, &mine)
	if !mine.CanReview {
		t.Fatalf("the invited traveller may not review: %+v", mine)
	}
	if r := a.Post("/api/orders/"+id+"/review", u.Token, map[string]any{"rating": 5}); r.Status != http.StatusCreated {
		t.Fatalf("review: %d %s", r.Status, r.Body)
	}
	// One e-mail for the completion, however long one waits.
	time.Sleep(2 * time.Second)
	if n := len(sent()); n != 1 {
		t.Fatalf("%d completion mails, want one", n)
	}
}
