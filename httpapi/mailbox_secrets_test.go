package httpapi_test

import (
	"strings"
	"testing"

	"mishwar/cmd/mishwar/app/apptest"
	"mishwar/internal/config"
)

// In the demo with no SMTP server the mailbox is where mail arrives: a reset link there must be
// whole, or nobody could reset a password. Everywhere else it is masked (TestForgotAndResetPassword).
func TestTheDemoMailboxShowsResetLinksWhole(t *testing.T) {
	t.Parallel()
	a := apptest.New(t, func(c *config.Config) { c.Demo = true })
	admin := staff(t, a, "admin")
	u := signUp(t, a, uniqueEmail("demo-forgot"))
	if r := a.Post("/api/password/forgot", "", map[string]string{"email": u.Email}); r.Status != 200 {
		t.Fatalf("forgot: %d %s", r.Status, r.Body)
	}
	m := mailTo(t, a, admin.Token, u.Email)
	link := resetLinkRE.FindStringSubmatch(m["text"].(string))
	if link == nil || !strings.Contains(m["staff_text"].(string), link[0]) {
		t.Fatalf("the demo mailbox masks the link: %q", m["staff_text"])
	}
}
