package accountsdb_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"mishwar/adapters/accountsdb"
	"mishwar/internal/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

func newStore(t *testing.T) (*accountsdb.Store, *clock) {
	t.Helper()
	pool := pgtest.NewDatabase(t)
	c := &clock{t: time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)}
	s := accountsdb.NewStore(pool)
	s.Now = c.Now
	return s, c
}

func addUser(t *testing.T, s *accountsdb.Store, email string) accountsdb.User {
	t.Helper()
	u, err := s.CreateUser(context.Background(), s.Pool(), accountsdb.NewUser{
		ID: uuid.New(), Email: email, PasswordHash: "$argon2id$x", FirstName: "Mona", LastName: "Zaki",
		PhoneNumber: "+201001234567", Role: "user",
	})
	if err != nil {
		t.Fatalf("create user: %v", err)
	}
	return u
}

func TestPasswordHashVerifies(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	h, err := accountsdb.HashPassword(ctx, "s3cret-pass")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h, "$argon2id$v=19$m=19456,t=2,p=1$") || strings.Contains(h, "s3cret") {
		t.Fatalf("hash %q is not a PHC argon2id string", h)
	}
	h2, _ := accountsdb.HashPassword(ctx, "s3cret-pass")
	if h == h2 {
		t.Fatal("two hashes of one password are equal: the salt is not random")
	}
	for pw, want := range map[string]bool{"s3cret-pass": true, "s3cret-pasS": false, "": false} {
		ok, err := accountsdb.VerifyPassword(ctx, h, pw)
		if err != nil || ok != want {
			t.Errorf("VerifyPassword(%q) = %v, %v; want %v", pw, ok, err, want)
		}
	}
	for _, bad := range []string{"", "plain", "$2a$10$abc", "$argon2id$v=19$m=1,t=1,p=1$!!$!!"} {
		if _, err := accountsdb.VerifyPassword(ctx, bad, "x"); !errors.Is(err, accountsdb.ErrMalformedHash) {
			t.Errorf("VerifyPassword(%q) error = %v, want ErrMalformedHash", bad, err)
		}
	}
}

func TestCreateUserRefusesATakenEmailEvenWhenRacing(t *testing.T) {
	t.Parallel()
	s, _ := newStore(t)
	ctx := context.Background()
	var wins, taken atomic.Int32
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := s.CreateUser(ctx, s.Pool(), accountsdb.NewUser{ID: uuid.New(), Email: "race@example.com", PasswordHash: "h", FirstName: "A", LastName: "B", Role: "user"})
			switch {
			case err == nil:
				wins.Add(1)
			case errors.Is(err, accountsdb.ErrEmailTaken):
				taken.Add(1)
			default:
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if wins.Load() != 1 || taken.Load() != 7 {
		t.Fatalf("wins = %d, taken = %d; want 1 and 7", wins.Load(), taken.Load())
	}
}

func TestUpdatePersonalInfoRefusesAnotherUsersEmail(t *testing.T) {
	t.Parallel()
	s, _ := newStore(t)
	ctx := context.Background()
	a := addUser(t, s, "a@example.com")
	addUser(t, s, "b@example.com")
	_, err := s.UpdatePersonalInfo(ctx, s.Pool(), a.ID, accountsdb.PersonalInfo{Email: "b@example.com", FirstName: "A", LastName: "B"})
	if !errors.Is(err, accountsdb.ErrEmailTaken) {
		t.Fatalf("error = %v, want ErrEmailTaken", err)
	}
	u, err := s.UpdatePersonalInfo(ctx, s.Pool(), a.ID, accountsdb.PersonalInfo{Email: "a2@example.com", FirstName: "Aya", LastName: "Nour", PhoneNumber: "+201112223334"})
	if err != nil || u.Email != "a2@example.com" || u.FirstName != "Aya" || u.PhoneNumber != "+201112223334" {
		t.Fatalf("update = %+v, %v", u, err)
	}
}

func TestSessionLifecycle(t *testing.T) {
	t.Parallel()
	s, c := newStore(t)
	ctx := context.Background()
	u := addUser(t, s, "s@example.com")

	token, sess, err := s.CreateSession(ctx, s.Pool(), u.ID, accountsdb.Client{IP: "10.0.0.1", UserAgent: "test"})
	if err != nil {
		t.Fatal(err)
	}
	if len(token) < 32 {
		t.Fatalf("token %q is shorter than 128 bits in base64", token)
	}
	var clear, hashed int
	err = s.Pool().QueryRow(ctx, `SELECT count(*) FILTER (WHERE row_to_json(s)::text LIKE '%' || $1 || '%'),
	                                    count(*) FILTER (WHERE token_hash = sha256(convert_to($1, 'UTF8')))
	                               FROM sessions s`, token).Scan(&clear, &hashed)
	if err != nil || clear != 0 || hashed != 1 {
		t.Fatalf("sessions: %d rows hold the token in clear, %d its SHA-256 (%v); want 0 and 1", clear, hashed, err)
	}
	p, err := s.Authenticate(ctx, token)
	if err != nil || p.User.ID != u.ID || p.SessionID != sess.ID || p.User.Role != "user" {
		t.Fatalf("Authenticate = %+v, %v", p, err)
	}
	if _, err := s.Authenticate(ctx, token+"x"); !errors.Is(err, accountsdb.ErrNoSession) {
		t.Fatalf("wrong token: %v, want ErrNoSession", err)
	}
	if _, err := s.Authenticate(ctx, ""); !errors.Is(err, accountsdb.ErrNoSession) {
		t.Fatalf("empty token: %v, want ErrNoSession", err)
	}

	c.Advance(accountsdb.DefaultSessionTTL + time.Second)
	if _, err := s.Authenticate(ctx, token); !errors.Is(err, accountsdb.ErrNoSession) {
		t.Fatalf("expired token: %v, want ErrNoSession", err)
	}

	token2, _, _ := s.CreateSession(ctx, s.Pool(), u.ID, accountsdb.Client{})
	if ok, err := s.RevokeToken(ctx, s.Pool(), token2); !ok || err != nil {
		t.Fatalf("RevokeToken = %v, %v", ok, err)
	}
	if _, err := s.Authenticate(ctx, token2); !errors.Is(err, accountsdb.ErrNoSession) {
		t.Fatalf("revoked token: %v, want ErrNoSession", err)
	}
	if ok, _ := s.RevokeToken(ctx, s.Pool(), token2); ok {
		t.Fatal("revoking twice reported a session ended")
	}
}

func TestRevokeUserSessionsKeepsTheCurrentOne(t *testing.T) {
	t.Parallel()
	s, _ := newStore(t)
	ctx := context.Background()
	u := addUser(t, s, "k@example.com")
	other := addUser(t, s, "o@example.com")
	keep, keepSess, _ := s.CreateSession(ctx, s.Pool(), u.ID, accountsdb.Client{})
	t1, _, _ := s.CreateSession(ctx, s.Pool(), u.ID, accountsdb.Client{})
	t2, _, _ := s.CreateSession(ctx, s.Pool(), u.ID, accountsdb.Client{})
	otherTok, _, _ := s.CreateSession(ctx, s.Pool(), other.ID, accountsdb.Client{})

	list, err := s.ActiveSessions(ctx, s.Pool(), u.ID)
	if err != nil || len(list) != 3 {
		t.Fatalf("ActiveSessions = %d, %v; want 3", len(list), err)
	}
	n, err := s.RevokeUserSessions(ctx, s.Pool(), u.ID, keepSess.ID)
	if err != nil || n != 2 {
		t.Fatalf("RevokeUserSessions = %d, %v; want 2", n, err)
	}
	for tok, live := range map[string]bool{keep: true, t1: false, t2: false, otherTok: true} {
		_, err := s.Authenticate(ctx, tok)
		if (err == nil) != live {
			t.Errorf("token live = %v, want %v", err == nil, live)
		}
	}
	if n, _ := s.RevokeUserSessions(ctx, s.Pool(), u.ID, uuid.Nil); n != 1 {
		t.Fatalf("revoking all ended %d, want 1", n)
	}
	if err := s.RevokeSession(ctx, s.Pool(), u.ID, keepSess.ID); !errors.Is(err, accountsdb.ErrNotFound) {
		t.Fatalf("revoking an ended session: %v, want ErrNotFound", err)
	}
}

func TestResetTokenWorksOnceBeforeExpiryAndOnlyTheLatest(t *testing.T) {
	t.Parallel()
	s, c := newStore(t)
	ctx := context.Background()
	u := addUser(t, s, "r@example.com")

	old, _ := s.CreateResetToken(ctx, s.Pool(), u.ID)
	tok, err := s.CreateResetToken(ctx, s.Pool(), u.ID)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.ConsumeResetToken(ctx, s.Pool(), old); !errors.Is(err, accountsdb.ErrBadResetToken) {
		t.Fatalf("superseded token: %v, want ErrBadResetToken", err)
	}
	id, err := s.ConsumeResetToken(ctx, s.Pool(), tok)
	if err != nil || id != u.ID {
		t.Fatalf("Consume = %v, %v", id, err)
	}
	if _, err := s.ConsumeResetToken(ctx, s.Pool(), tok); !errors.Is(err, accountsdb.ErrBadResetToken) {
		t.Fatalf("second use: %v, want ErrBadResetToken", err)
	}
	late, _ := s.CreateResetToken(ctx, s.Pool(), u.ID)
	c.Advance(accountsdb.DefaultResetTTL + time.Second)
	if _, err := s.ConsumeResetToken(ctx, s.Pool(), late); !errors.Is(err, accountsdb.ErrBadResetToken) {
		t.Fatalf("expired token: %v, want ErrBadResetToken", err)
	}
}

func TestAnInvitationTokenWorksForAWeekWhereAResetTokenWorksAnHour(t *testing.T) {
	t.Parallel()
	s, c := newStore(t)
	ctx := context.Background()
	u := addUser(t, s, "invited@example.com")

	tok, until, err := s.CreateInviteToken(ctx, s.Pool(), u.ID)
	if err != nil {
		t.Fatal(err)
	}
	if want := s.Now().UTC().Add(accountsdb.DefaultInviteTTL); !until.Equal(want) {
		t.Fatalf("the invitation works until %v, want %v", until, want)
	}
	c.Advance(accountsdb.DefaultInviteTTL - time.Minute)
	if id, err := s.ConsumeResetToken(ctx, s.Pool(), tok); err != nil || id != u.ID {
		t.Fatalf("an invitation six days and more old: %v, %v", id, err)
	}
	late, _, _ := s.CreateInviteToken(ctx, s.Pool(), u.ID)
	c.Advance(accountsdb.DefaultInviteTTL + time.Second)
	if _, err := s.ConsumeResetToken(ctx, s.Pool(), late); !errors.Is(err, accountsdb.ErrBadResetToken) {
		t.Fatalf("an invitation past its week: %v, want ErrBadResetToken", err)
	}
}

func TestPlacesBelongToTheirOwner(t *testing.T) {
	t.Parallel()
	s, _ := newStore(t)
	ctx := context.Background()
	a := addUser(t, s, "pa@example.com")
	b := addUser(t, s, "pb@example.com")

	loc, err := s.AddSavedLocation(ctx, a.ID, accountsdb.SavedLocation{Label: "Home", Address: "Zamalek", Kind: "start", Lat: 30.06, Lng: 31.22})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteSavedLocation(ctx, b.ID, loc.ID); !errors.Is(err, accountsdb.ErrNotFound) {
		t.Fatalf("deleting someone else's location: %v, want ErrNotFound", err)
	}
	if list, _ := s.SavedLocations(ctx, b.ID); len(list) != 0 {
		t.Fatalf("b sees %d of a's locations", len(list))
	}
	if list, _ := s.SavedLocations(ctx, a.ID); len(list) != 1 || list[0] != loc {
		t.Fatalf("a's locations = %+v, want [%+v]", list, loc)
	}
	if err := s.DeleteSavedLocation(ctx, a.ID, loc.ID); err != nil {
		t.Fatal(err)
	}

	pp, err := s.AddPickupPoint(ctx, a.ID, accountsdb.PickupPoint{Name: "Hotel", Lat: 30.04, Lng: 31.23})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.PickupPoint(ctx, b.ID, pp.ID); !errors.Is(err, accountsdb.ErrNotFound) {
		t.Fatalf("reading someone else's pickup point: %v", err)
	}
	if err := s.DeletePickupPoint(ctx, b.ID, pp.ID); !errors.Is(err, accountsdb.ErrNotFound) {
		t.Fatalf("deleting someone else's pickup point: %v", err)
	}
	if got, err := s.PickupPoint(ctx, a.ID, pp.ID); err != nil || got != pp {
		t.Fatalf("PickupPoint = %+v, %v", got, err)
	}

	if _, added, err := s.AddToWishlist(ctx, a.ID, "destination", "12"); !added || err != nil {
		t.Fatalf("AddToWishlist = %v, %v", added, err)
	}
	if _, added, _ := s.AddToWishlist(ctx, a.ID, "destination", "12"); added {
		t.Fatal("adding twice reported added")
	}
	if err := s.RemoveFromWishlist(ctx, b.ID, "destination", "12"); !errors.Is(err, accountsdb.ErrNotFound) {
		t.Fatalf("removing from someone else's wishlist: %v", err)
	}
	if list, _ := s.Wishlist(ctx, a.ID); len(list) != 1 || list[0].ItemID != "12" {
		t.Fatalf("wishlist = %+v", list)
	}
}

func TestPlacesAreBounded(t *testing.T) {
	t.Parallel()
	s, _ := newStore(t)
	ctx := context.Background()
	a := addUser(t, s, "many@example.com")
	for i := range accountsdb.MaxPlacesPerUser {
		if _, err := s.AddSavedLocation(ctx, a.ID, accountsdb.SavedLocation{Label: "x", Kind: "any", Lat: 30, Lng: 31.2}); err != nil {
			t.Fatalf("location %d: %v", i, err)
		}
	}
	if _, err := s.AddSavedLocation(ctx, a.ID, accountsdb.SavedLocation{Label: "x", Kind: "any", Lat: 30, Lng: 31.2}); !errors.Is(err, accountsdb.ErrTooMany) {
		t.Fatalf("one too many: %v, want ErrTooMany", err)
	}
}

// A person's capped rows never pass the cap, however many of their inserts race: with three places
// left, of twenty-four concurrent adds exactly three land and the rest are refused with ErrTooMany
// (each add counts the rows and inserts in one transaction; two that both counted 47 must not both
// insert). The same for saved locations, pickup points and the wishlist. Run with -count=200 when
// touching insertCapped.
func TestConcurrentAddsNeverPassTheCap(t *testing.T) {
	t.Parallel()
	cfg, err := pgxpool.ParseConfig(pgtest.NewDatabaseURL(t))
	if err != nil {
		t.Fatal(err)
	}
	const racers, left = 24, 3
	cfg.MaxConns = racers // every add on a connection of its own, all at once
	pool, err := pgxpool.NewWithConfig(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	s := accountsdb.NewStore(pool)
	ctx := context.Background()
	a := addUser(t, s, "racer@example.com")
	other := addUser(t, s, "other@example.com")

	for _, c := range []struct {
		table, fill string
		max         int
		add         func(i int) error
	}{
		{"saved_locations", `INSERT INTO saved_locations (id, user_id, label, kind, lat, lng)
			SELECT gen_random_uuid(), $1, 'x', 'any', 30, 31.2 FROM generate_series(1, $2)`, accountsdb.MaxPlacesPerUser,
			func(int) error {
				_, err := s.AddSavedLocation(ctx, a.ID, accountsdb.SavedLocation{Label: "x", Kind: "any", Lat: 30, Lng: 31.2})
				return err
			}},
		{"user_pickup_points", `INSERT INTO user_pickup_points (id, user_id, name, lat, lng)
			SELECT gen_random_uuid(), $1, 'x', 30, 31.2 FROM generate_series(1, $2)`, accountsdb.MaxPlacesPerUser,
			func(int) error {
				_, err := s.AddPickupPoint(ctx, a.ID, accountsdb.PickupPoint{Name: "x", Lat: 30, Lng: 31.2})
				return err
			}},
		{"wishlist_items", `INSERT INTO wishlist_items (user_id, kind, item_id)
			SELECT $1, 'destination', 'kept-' || n FROM generate_series(1, $2) AS n`, accountsdb.MaxWishlistItems,
			func(i int) error {
				_, added, err := s.AddToWishlist(ctx, a.ID, "destination", fmt.Sprintf("new-%d", i))
				if err == nil && !added {
					return errors.New("a new item reported as there already")
				}
				return err
			}},
	} {
		// Another person's rows count for them only.
		if _, err := pool.Exec(ctx, c.fill, other.ID, c.max); err != nil {
			t.Fatal(err)
		}
		if _, err := pool.Exec(ctx, c.fill, a.ID, c.max-left); err != nil {
			t.Fatal(err)
		}
		start := make(chan struct{})
		errs := make([]error, racers)
		var wg sync.WaitGroup
		for i := range racers {
			wg.Go(func() {
				<-start
				errs[i] = c.add(i)
			})
		}
		close(start)
		wg.Wait()
		landed := 0
		for _, err := range errs {
			switch {
			case err == nil:
				landed++
			case !errors.Is(err, accountsdb.ErrTooMany):
				t.Fatalf("%s: %v, want ErrTooMany when refused", c.table, err)
			}
		}
		var n int
		if err := pool.QueryRow(ctx, `SELECT count(*) FROM `+c.table+` WHERE user_id = $1`, a.ID).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != c.max || landed != left {
			t.Fatalf("%s: %d rows after %d racing adds with %d left (%d landed), want exactly the cap %d", c.table, n, racers, left, landed, c.max)
		}
	}
	// On the full wishlist, an item already there is still "there already", not "too many".
	if _, added, err := s.AddToWishlist(ctx, a.ID, "destination", "kept-1"); added || err != nil {
		t.Fatalf("re-adding an item to a full wishlist: added %v, %v; want not added and no error", added, err)
	}
}
