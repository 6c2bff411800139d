package main

import (
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"mishwar/internal/pgtest"
)

// A rolling deploy: three processes of one release run on one PostgreSQL, and one is restarted with a
// newer release that records an event the others cannot read (the test binary built with -tags
// nextrelease records a cart move as CartItemMoved version 2; commands/cart/next_release.go). The
// old processes stop nothing and skip nothing: the one leading the cart read model stops at the new
// event and steps down, the newer process takes the read model over and applies everything in order,
// the old processes keep serving and taking commands, and every process ends up serving the same
// carts. A move applied twice, or one skipped, would leave a cart in another order.
func TestANewerReleaseTakesOverTheProjectionsTheOldOnesCannotRead(t *testing.T) {
	if testing.Short() {
		t.Skip("builds two binaries and runs three processes")
	}
	dbURL := pgtest.NewDatabaseURL(t)
	old := buildBinary(t)
	newer := buildBinary(t, "nextrelease")
	const adminEmail, adminPassword = "ops@example.com", "s3cret-pass"
	if out, err := command(old, dbURL, t.TempDir(), nil, "users", "add", "--email", adminEmail, "--password", adminPassword, "--role", "admin").CombinedOutput(); err != nil {
		t.Fatalf("users add: %v\n%s", err, out)
	}
	// At level info each process logs the projections it leads.
	const info = "MISHWAR_LOG_LEVEL=info"
	olds := []*serveProcess{startServe(t, old, dbURL, "1", info), startServe(t, old, dbURL, "0", info), startServe(t, old, dbURL, "0", info)}
	ids := waitForDestinations(t, olds[1], 6)
	mona := registerTraveller(t, olds[2], "mona@example.com")
	sami := registerTraveller(t, olds[0], "sami@example.com")
	for i := range 4 {
		addStop(t, olds[i%3], mona, ids[i])
	}
	admin := signIn(t, olds[2], adminEmail, adminPassword)
	waitAllRunning(t, olds[2], admin)

	// One of the processes that do not lead the cart read model is stopped and started again from
	// the newer binary.
	leader := leaderOf(t, "cart", olds)
	var stay []*serveProcess
	for _, p := range olds {
		if p != leader {
			stay = append(stay, p)
		}
	}
	restarted := stay[1]
	if err := restarted.cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	if err := restarted.cmd.Wait(); err != nil {
		t.Fatalf("an old process did not stop cleanly: %v\n%s", err, restarted.log)
	}
	n := startServe(t, newer, dbURL, "0", info)
	a, b := leader, stay[0]
	procs := []*serveProcess{a, b, n}
	if leaderOf(t, "cart", procs) != a {
		t.Fatal("the old leader of the cart read model lost it")
	}

	// The newer process records a move the old ones cannot read. It answers from the cart's stream;
	// the old processes show the cart from the read model, which the newer process takes over.
	moveLastUp(t, n, mona, 2)
	monaWants := []string{ids[0], ids[3], ids[1], ids[2]}
	for _, p := range procs {
		waitForCart(t, p, mona, monaWants)
	}
	if !strings.Contains(a.log.String(), "an event this release cannot read") {
		t.Fatalf("the old leader did not step down at the newer event:\n%s", a.log)
	}
	if leaderOf(t, "cart", procs) != n {
		t.Fatal("the newer process does not lead the cart read model")
	}

	// The old processes go on taking commands (on carts they can read) and serving what the newer one
	// applies; the newer one records more moves after more additions.
	addStop(t, a, sami, ids[4])
	addStop(t, b, sami, ids[5])
	addStop(t, a, sami, ids[0])
	moveLastUp(t, b, sami, 1)
	addStop(t, n, mona, ids[4])
	moveLastUp(t, n, mona, 4)
	// A command on mona's cart, which holds moves the old release cannot read, is refused by an old
	// process with a 503 to try again (a load balancer may retry it on another process at once),
	// and taken by the newer one.
	for _, p := range []*serveProcess{a, b} {
		res := p.call(t, http.MethodPost, "/api/auth/cart", mona, map[string]string{"destination_id": ids[5]}, nil)
		if res.status != http.StatusServiceUnavailable || !strings.Contains(string(res.body), "try again") {
			t.Fatalf("an old process answered a command on a stream it cannot read with %d %s; want 503, try again", res.status, res.body)
		}
	}
	addStop(t, n, mona, ids[5])
	monaWants = []string{ids[4], ids[0], ids[3], ids[1], ids[2], ids[5]}
	samiWants := []string{ids[4], ids[0], ids[5]}
	for _, p := range procs {
		waitForCart(t, p, mona, monaWants)
		waitForCart(t, p, sami, samiWants)
	}
	waitAllRunning(t, a, admin)
	assertNoProjectionError(t, b, admin)
}

// leaderOf waits until exactly one of procs says, in its log, that it leads projection now, and
// returns it. A process logs "leading projection" when it takes the lease and "stepped down" or
// "subscription ended" when it gives it up; the last of these lines tells.
func leaderOf(t *testing.T, projection string, procs []*serveProcess) *serveProcess {
	t.Helper()
	var leaders []*serveProcess
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		leaders = leaders[:0]
		for _, p := range procs {
			if leads(p.log.String(), projection) {
				leaders = append(leaders, p)
			}
		}
		if len(leaders) == 1 {
			return leaders[0]
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("%d processes lead %s: %v", len(leaders), projection, leaders)
	return nil
}

// leads tells from a process's log whether it leads projection: its last line about the projection's
// lease took it.
func leads(log, projection string) bool {
	leading := false
	for _, line := range strings.Split(log, "\n") {
		if !strings.Contains(line, "projection="+projection+" ") && !strings.HasSuffix(line, "projection="+projection) {
			continue
		}
		switch {
		case strings.Contains(line, "leading projection"):
			leading = true
		case strings.Contains(line, "cannot read"), strings.Contains(line, "subscription ended"), strings.Contains(line, "lost"):
			leading = false
		}
	}
	return leading
}

func registerTraveller(t *testing.T, p *serveProcess, email string) string {
	t.Helper()
	var reg struct {
		Token string `json:"token"`
	}
	decode(t, p.call(t, http.MethodPost, "/api/register", "", map[string]string{
		"first_name": "Test", "last_name": "Traveller", "email": email, "password": "correct-horse",
		"phone_number": "01001234567", "country_key": "+20",
	}, nil), http.StatusOK, &reg)
	return reg.Token
}

func addStop(t *testing.T, p *serveProcess, token, destination string) {
	t.Helper()
	if res := p.call(t, http.MethodPost, "/api/auth/cart", token, map[string]string{"destination_id": destination}, nil); res.status != http.StatusCreated {
		t.Fatalf("add %s through %s: %d %s", destination, p.url, res.status, res.body)
	}
}

// assertNoProjectionError fails if any projection records a failure it is retrying.
func assertNoProjectionError(t *testing.T, p *serveProcess, admin string) {
	t.Helper()
	var st struct {
		Data []struct {
			Name      string `json:"name"`
			LastError string `json:"last_error"`
		} `json:"data"`
	}
	decode(t, p.call(t, http.MethodGet, "/api/admin/projections", admin, nil, nil), http.StatusOK, &st)
	for _, s := range st.Data {
		if s.LastError != "" {
			t.Errorf("%s: %s", s.Name, s.LastError)
		}
	}
}
