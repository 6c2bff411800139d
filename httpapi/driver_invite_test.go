package httpapi_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/google/uuid"

	"mishwar/cmd/mishwar/app/apptest"
)

// An admin gives a new driver a sign-in account from the driver's record: the e-mail nobody has
// becomes a driver's account linked to the driver, the driver gets an invitation with a one-time link,
// sets a password through it, signs in as a driver and sees their day with the trip given to them.
func TestAnAdminInvitesANewDriverWhoSetsAPasswordAndSeesTheirDay(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 1, 1)
	a := w.a
	admin := a.Staff(t, "admin")
	_, orderID := w.paidOrder(t)
	var board boardAnswer
	a.Get("/api/admin/trips?date="+w.date, admin.Token).JSON(t, &board)
	driverID := board.Drivers[0].ID
	email := apptest.UniqueEmail("new-driver")

	invite := func(email, lang string) apptest.Response {
		return a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/admin/drivers/" + driverID + "/invitation", Token: admin.Token,
			Body: map[string]string{"email": email}, Header: map[string]string{"lang": lang, "If-Match": `"-1"`}})
	}
	r := invite(strings.ToUpper(email), "en")
	var ans struct {
		Data struct {
			Email      string `json:"email"`
			Invited    bool   `json:"invited"`
			ValidUntil string `json:"invitation_valid_until"`
		} `json:"data"`
	}
	r.JSON(t, &ans)
	if r.Status != http.StatusOK || ans.Data.Email != email || !ans.Data.Invited || ans.Data.ValidUntil == "" {
		t.Fatalf("invite: %d %s", r.Status, r.Body)
	}
	a.Get("/api/admin/trips?date="+w.date, admin.Token).JSON(t, &board)
	if board.Drivers[0].AccountEmail != email {
		t.Fatalf("after the invitation the board shows account %q, want %q", board.Drivers[0].AccountEmail, email)
	}
	// The driver cannot sign in before choosing a password: nobody knows the one the account has.
	if r := a.Post("/api/user/login", "", map[string]string{"email": email, "password": "any-password-1"}); r.Status == http.StatusOK {
		t.Fatalf("an invited account signed in without its link: %s", r.Body)
	}
	// The trip can be given to the invited driver right away.
	if r := a.Post("/api/admin/trips/"+orderID+"/driver", admin.Token, map[string]string{"driver_id": driverID}); r.Status != http.StatusOK {
		t.Fatalf("assign to the invited driver: %d %s", r.Status, r.Body)
	}

	m := mailTo(t, a, admin.Token, email)
	if m["subject"] != "You are invited to drive with Mishwar" || !strings.Contains(m["text"].(string), "7 days") {
		t.Fatalf("invitation mail = %v", m)
	}
	link := resetLinkRE.FindStringSubmatch(m["text"].(string))
	if link == nil || link[1] != "/reset-password" {
		t.Fatalf("no link to set a password in %q", m["text"])
	}
	token, _ := url.QueryUnescape(link[2])
	if r := a.Post("/api/password/reset", "", map[string]string{"token": token, "password": "my-own-wheel", "password_confirmation": "my-own-wheel"}); r.Status != http.StatusOK {
		t.Fatalf("set the password through the invitation: %d %s", r.Status, r.Body)
	}
	driver := a.SignIn(t, email, "my-own-wheel")
	if me := a.Get("/api/me", driver.Token); me.Status != http.StatusOK || !strings.Contains(string(me.Body), `"role":"driver"`) {
		t.Fatalf("the invited driver's account: %d %s", me.Status, me.Body)
	}
	var mine boardAnswer
	if r := a.Get("/api/driver/trips?from="+w.date, driver.Token); r.Status != http.StatusOK {
		t.Fatalf("the driver's day: %d %s", r.Status, r.Body)
	} else {
		r.JSON(t, &mine)
	}
	if len(mine.Data) != 1 || mine.Data[0].OrderID != orderID {
		t.Fatalf("the invited driver's day: %+v", mine.Data)
	}
}

// An invited driver whose link lapsed (or was lost) is invited again from the office: a new link, the
// one that works; once they have chosen a password, inviting the address again only links it.
func TestInvitingAgainADriverWhoHasNotChosenAPasswordSendsANewLink(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 1, 1)
	a := w.a
	admin := a.Staff(t, "admin")
	var board boardAnswer
	a.Get("/api/admin/trips?date="+w.date, admin.Token).JSON(t, &board)
	driverID := board.Drivers[0].ID
	email := apptest.UniqueEmail("late-driver")
	invite := func() bool {
		t.Helper()
		r := a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/admin/drivers/" + driverID + "/invitation", Token: admin.Token,
			Body: map[string]string{"email": email}})
		if r.Status != http.StatusOK {
			t.Fatalf("invite: %d %s", r.Status, r.Body)
		}
		return strings.Contains(string(r.Body), `"invited":true`)
	}
	mails := func() int {
		t.Helper()
		var list struct {
			Total int `json:"total"`
		}
		a.Get("/api/admin/mailbox?to="+url.QueryEscape(email), admin.Token).JSON(t, &list)
		return list.Total
	}
	if !invite() || mails() != 1 {
		t.Fatalf("the first invitation: %d mails", mails())
	}
	first := resetLinkRE.FindStringSubmatch(mailTo(t, a, admin.Token, email)["text"].(string))
	if !invite() || mails() != 2 {
		t.Fatalf("inviting again a driver who has not chosen a password: %d mails", mails())
	}
	second := resetLinkRE.FindStringSubmatch(mailTo(t, a, admin.Token, email)["text"].(string))
	if first == nil || second == nil || first[2] == second[2] {
		t.Fatalf("the second invitation's link %v, the first's %v", second, first)
	}
	set := func(link []string) int {
		token, _ := url.QueryUnescape(link[2])
		return a.Post("/api/password/reset", "", map[string]string{"token": token, "password": "late-but-here", "password_confirmation": "late-but-here"}).Status
	}
	if status := set(first); status == http.StatusOK {
		t.Fatal("the first invitation's link still works after a new one was sent")
	}
	if status := set(second); status != http.StatusOK {
		t.Fatalf("the new link: %d", status)
	}
	if invite() || mails() != 2 {
		t.Fatalf("inviting a driver who chose a password sent %d mails in all", mails())
	}
	a.SignIn(t, email, "late-but-here")
}

// A traveller's or staff e-mail is refused, in the admin's language, and the account keeps its role;
// a bad address is a 422 on the field; an existing driver's account is linked with no mail.
func TestInvitingADriverNeverChangesAnotherAccountsRole(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 1, 1)
	a := w.a
	admin, support, existing := a.Staff(t, "admin"), a.Staff(t, "support"), a.Staff(t, "driver")
	traveller := w.traveller(t)
	var board boardAnswer
	a.Get("/api/admin/trips?date="+w.date, admin.Token).JSON(t, &board)
	driverID := board.Drivers[0].ID
	invite := func(email, lang string) apptest.Response {
		return a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/admin/drivers/" + driverID + "/invitation", Token: admin.Token,
			Body: map[string]string{"email": email}, Header: map[string]string{"lang": lang}})
	}
	for _, c := range []struct{ email, lang, want string }{
		{traveller.Email, "en", "This e-mail belongs to a traveller's account."},
		{traveller.Email, "ar", "هذا البريد الإلكتروني يخص حساب مسافر."},
		{support.Email, "en", "This e-mail belongs to a staff account"},
	} {
		if r := invite(c.email, c.lang); r.Status != http.StatusConflict || !strings.Contains(string(r.Body), c.want) {
			t.Fatalf("inviting %s (%s): %d %s", c.email, c.lang, r.Status, r.Body)
		}
	}
	if me := a.Get("/api/me", traveller.Token); !strings.Contains(string(me.Body), `"role":"user"`) {
		t.Fatalf("the traveller's account after the refused invitation: %s", me.Body)
	}
	if r := invite("not-an-email", "en"); r.Status != http.StatusUnprocessableEntity || !strings.Contains(string(r.Body), `"email"`) {
		t.Fatalf("a malformed address: %d %s", r.Status, r.Body)
	}
	if r := a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/admin/drivers/" + uuid.NewString() + "/invitation", Token: admin.Token,
		Body: map[string]string{"email": apptest.UniqueEmail("nobody")}}); r.Status != http.StatusNotFound {
		t.Fatalf("an unknown driver: %d %s", r.Status, r.Body)
	}
	r := invite(existing.Email, "en")
	if r.Status != http.StatusOK || !strings.Contains(string(r.Body), `"invited":false`) {
		t.Fatalf("an existing driver's account: %d %s", r.Status, r.Body)
	}
	a.Get("/api/admin/trips?date="+w.date, admin.Token).JSON(t, &board)
	if !strings.EqualFold(board.Drivers[0].AccountEmail, existing.Email) {
		t.Fatalf("the board after linking by invitation: %+v", board.Drivers[0])
	}
}

func init() {
	authzMatrix = append(authzMatrix,
		// An unknown driver: only an admin gets as far as hearing so.
		authzRoute{Method: "POST", Route: "/api/admin/drivers/{driverID}/invitation", Want: rolesOnly(404, "admin"), Prepare: func(t *testing.T, e *authzEnv, p string) authzCall {
			return authzCall{Path: "/api/admin/drivers/" + uuid.NewString() + "/invitation", Body: map[string]string{"email": "nobody@example.com"}}
		}},
	)
}
