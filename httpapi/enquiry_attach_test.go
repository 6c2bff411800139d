package httpapi_test

import (
	"net/http"
	"testing"
	"time"

	"mishwar/cmd/mishwar/app/apptest"
)

// A visitor's enquiry joins the account of its e-mail only on proof that the account's holder
// receives that address's mail: its link (mailed there) opened while signed in. An account's e-mail
// is not verified at sign-up, so the address alone attaches nothing.

func (w *orderWorld) myEnquiries(t *testing.T, u apptest.Session) []string {
	t.Helper()
	var mine struct {
		Enquiries []struct {
			TripNumber string `json:"trip_number"`
		} `json:"enquiries"`
	}
	r := w.a.Get("/api/orders", u.Token)
	if r.Status != http.StatusOK {
		t.Fatalf("my orders: %d %s", r.Status, r.Body)
	}
	r.JSON(t, &mine)
	out := make([]string, 0, len(mine.Enquiries))
	for _, q := range mine.Enquiries {
		out = append(out, q.TripNumber)
	}
	return out
}

func (w *orderWorld) openEnquiryLink(t *testing.T, u apptest.Session, number, key string) int {
	t.Helper()
	return w.a.Post("/api/enquiries/"+number+"/view", u.Token, map[string]string{"token": key}).Status
}

func TestAVisitorsEnquiryShowsInTheAccountOfItsEMailOnlyOnceItsLinkIsOpenedSignedIn(t *testing.T) {
	t.Parallel()
	w := newOrderWorld(t, 2, 1)
	program := w.program(t)
	email := apptest.UniqueEmail("layla")
	form := w.guestForm(email)
	form["program_id"] = program.String()
	if r := w.a.Post("/api/enquiries", "", form); r.Status != http.StatusCreated {
		t.Fatalf("a visitor's enquiry: %d %s", r.Status, r.Body)
	}
	number, key := enquiryLink(t, w.a, email, "MSH-")

	// Someone signs up with that address: an e-mail an account merely claims shows them nothing.
	owner := w.a.SignUp(t, email)
	if got := w.myEnquiries(t, owner); len(got) != 0 {
		t.Fatalf("an unverified e-mail's account lists %v", got)
	}
	// Another account that holds the link sees the enquiry by it, but never gets it.
	other := w.a.SignUp(t, "")
	if s := w.openEnquiryLink(t, other, number, key); s != http.StatusOK {
		t.Fatalf("the link opened by another account: %d", s)
	}
	// A wrong secret opens nothing and attaches nothing.
	if s := w.openEnquiryLink(t, owner, number, key[:len(key)-2]+"xx"); s != http.StatusNotFound {
		t.Fatalf("a wrong secret: %d", s)
	}
	time.Sleep(300 * time.Millisecond) // what would have been attached has reached the read model
	if got := w.myEnquiries(t, owner); len(got) != 0 {
		t.Fatalf("listed before the link proved the address: %v", got)
	}
	if got := w.myEnquiries(t, other); len(got) != 0 {
		t.Fatalf("another e-mail's account lists %v", got)
	}

	// The holder of the address opens the link the enquiry's e-mail carried, signed in: it is theirs.
	if s := w.openEnquiryLink(t, owner, number, key); s != http.StatusOK {
		t.Fatalf("the link opened by its owner: %d", s)
	}
	eventually(t, "the enquiry in its owner's account", func() (bool, string) {
		got := w.myEnquiries(t, owner)
		return len(got) == 1 && got[0] == number, number + " not in " + stringsOf(got)
	})
	// Opened again, by either account, nothing changes hands.
	if s := w.openEnquiryLink(t, other, number, key); s != http.StatusOK {
		t.Fatalf("the link opened again by another account: %d", s)
	}
	if s := w.openEnquiryLink(t, owner, number, key); s != http.StatusOK {
		t.Fatalf("the link opened again by its owner: %d", s)
	}
	time.Sleep(300 * time.Millisecond)
	if got := w.myEnquiries(t, other); len(got) != 0 {
		t.Fatalf("another account lists %v", got)
	}
	if got := w.myEnquiries(t, owner); len(got) != 1 || got[0] != number {
		t.Fatalf("the owner lists %v", got)
	}

	// Quoted and paid by its link, it is an order of the account it joined.
	if q := w.a.Post("/api/admin/enquiries/"+number+"/quote", w.a.AdminToken(t), map[string]any{"amount": 1600}); q.Status != http.StatusOK {
		t.Fatalf("quote: %d %s", q.Status, q.Body)
	}
	if p := w.a.Post("/api/enquiries/"+number+"/pay", owner.Token, map[string]string{"token": key}); p.Status != http.StatusOK {
		t.Fatalf("pay by link: %d %s", p.Status, p.Body)
	}
	if r := w.a.Get("/api/orders/"+number, owner.Token); r.Status != http.StatusOK {
		t.Fatalf("the paid quote is not its owner's order: %d %s", r.Status, r.Body)
	}
	if r := w.a.Get("/api/orders/"+number, other.Token); r.Status != http.StatusNotFound {
		t.Fatalf("another account opens the order: %d", r.Status)
	}
}

func stringsOf(ss []string) string {
	out := "["
	for i, s := range ss {
		if i > 0 {
			out += " "
		}
		out += s
	}
	return out + "]"
}
