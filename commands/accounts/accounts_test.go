package accounts_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	store "mishwar/adapters/accountsdb"
	"mishwar/adapters/mail"
	"mishwar/adapters/ratelimit"
	"mishwar/commands"
	cmdaccounts "mishwar/commands/accounts"
	"mishwar/domain"
	"mishwar/domain/account"
	"mishwar/eventstore"
	"mishwar/eventstore/postgres"
	"mishwar/internal/i18n"
	"mishwar/internal/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

type env struct {
	pool   *pgxpool.Pool
	es     eventstore.Store
	runner *commands.Runner
	app    cmdaccounts.Application
	svc    service
}

// service calls the application's handlers the way the tests below read best.
type service struct{ app cmdaccounts.Application }

func (s service) Register(ctx context.Context, in cmdaccounts.Registration, c store.Client) (cmdaccounts.SignedIn, error) {
	return s.app.Commands.Register.Handle(ctx, in, c)
}
func (s service) SignIn(ctx context.Context, email, password string, c store.Client) (cmdaccounts.SignedIn, error) {
	return s.app.Commands.SignIn.Handle(ctx, email, password, c)
}
func (s service) Authenticate(ctx context.Context, token string) (store.Principal, error) {
	return s.app.Queries.Session.Handle(ctx, token)
}
func (s service) ChangePassword(ctx context.Context, a cmdaccounts.Actor, in cmdaccounts.PasswordChange) (cmdaccounts.PasswordChanged, error) {
	return s.app.Commands.ChangePassword.Handle(ctx, a, in)
}
func (s service) ChangePersonalInfo(ctx context.Context, a cmdaccounts.Actor, in cmdaccounts.PersonalInfo) (store.User, error) {
	return s.app.Commands.ChangePersonalInfo.Handle(ctx, a, in)
}
func (s service) RequestPasswordReset(ctx context.Context, email string, area cmdaccounts.Area, lang i18n.Lang, c store.Client) error {
	return s.app.Commands.RequestPasswordReset.Handle(ctx, email, area, lang, c)
}
func (s service) ResetPassword(ctx context.Context, in cmdaccounts.PasswordReset, c store.Client) (store.User, error) {
	return s.app.Commands.ResetPassword.Handle(ctx, in, c)
}
func (s service) AddOrUpdateUser(ctx context.Context, email, password, role, first, last string) (bool, error) {
	return s.app.Commands.AddOrUpdateUser.Handle(ctx, email, password, role, first, last)
}
func (s service) EnsureDemoAdmin(ctx context.Context) (string, string, bool, error) {
	return s.app.Commands.EnsureDemoAdmin.Handle(ctx)
}
func (s service) FlushPendingAudit(ctx context.Context, olderThan time.Duration) (int, error) {
	return s.app.Audit.FlushPending(ctx, olderThan)
}

func newEnv(t *testing.T) env {
	t.Helper()
	pool := pgtest.NewDatabase(t)
	reg := eventstore.NewRegistry()
	cmdaccounts.RegisterEvents(reg)
	es := postgres.New(pool)
	runner := commands.NewRunner(es, reg)
	tables := store.NewTables(store.NewStore(pool), func(ctx context.Context, db store.DBTX, m account.Mail) error {
		return mail.QueueAccountMail(ctx, db, m)
	})
	app := cmdaccounts.New(cmdaccounts.Config{
		Tables: tables, Transactions: cmdaccounts.Transact(tables.InTx), Passwords: store.Passwords{},
		Limiter: ratelimit.NewLimiter(pool), Runner: runner,
		PublicURL: func() string { return "https://mishwar.example" }, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	return env{pool: pool, es: es, runner: runner, app: app, svc: service{app}}
}

var client = store.Client{IP: "203.0.113.7", UserAgent: "test"}

func register(t *testing.T, e env, email string) cmdaccounts.SignedIn {
	t.Helper()
	s, err := e.svc.Register(context.Background(), cmdaccounts.Registration{
		FirstName: "Mona", LastName: "Zaki", Email: email, Password: "correct-horse", PhoneNumber: "01001234567", CountryKey: "+20",
	}, client)
	if err != nil {
		t.Fatalf("register %s: %v", email, err)
	}
	return s
}

func stream(t *testing.T, e env, id uuid.UUID) []eventstore.RecordedEvent {
	t.Helper()
	recs, err := e.es.ReadStream(context.Background(), eventstore.StreamID("account", id.String()), 0)
	if err != nil && !errors.Is(err, eventstore.ErrStreamNotFound) {
		t.Fatal(err)
	}
	return recs
}

func types(recs []eventstore.RecordedEvent) []string {
	out := make([]string, len(recs))
	for i, r := range recs {
		out[i] = r.Type
	}
	return out
}

func TestRegisterSignsInAndAuditsWithoutSecrets(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	s := register(t, e, "  Mona@Example.com ")
	if s.User.Email != "mona@example.com" || s.User.PhoneNumber != "+201001234567" || s.User.Role != "user" {
		t.Fatalf("user = %+v", s.User)
	}
	p, err := e.svc.Authenticate(context.Background(), s.Token)
	if err != nil || p.User.ID != s.User.ID {
		t.Fatalf("the new token does not sign in: %v", err)
	}
	recs := stream(t, e, s.User.ID)
	if strings.Join(types(recs), ",") != "UserRegistered" {
		t.Fatalf("stream = %v, want [UserRegistered]", types(recs))
	}
	data := string(recs[0].Data) + recs[0].Metadata.ActorID
	for _, secret := range []string{"correct-horse", "argon2", s.Token} {
		if strings.Contains(data, secret) {
			t.Fatalf("the audit event holds a secret (%q): %s", secret, data)
		}
	}
	if recs[0].Metadata.ActorID != s.User.ID.String() || recs[0].Metadata.ClientIP != client.IP {
		t.Fatalf("metadata = %+v", recs[0].Metadata)
	}
	var pending int
	_ = e.pool.QueryRow(context.Background(), `SELECT count(*) FROM account_audit_outbox`).Scan(&pending)
	if pending != 0 {
		t.Fatalf("%d audit commands left queued", pending)
	}
}

func fields(t *testing.T, err error) map[string][]string {
	t.Helper()
	var v *domain.ValidationError
	if !errors.As(err, &v) {
		t.Fatalf("error = %v, want a validation error", err)
	}
	return v.Fields
}

func TestRegisterReportsEveryBrokenRuleAndTheTakenEmailTogether(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	register(t, e, "taken@example.com")
	_, err := e.svc.Register(context.Background(), cmdaccounts.Registration{Email: "Taken@example.com", Password: "short", PhoneNumber: "123"}, client)
	got := fields(t, err)
	want := map[string]string{
		"first_name": account.KeyFirstNameRequired, "last_name": account.KeyLastNameRequired,
		"email": account.KeyEmailTaken, "password": account.KeyPasswordLength, "phone_number": account.KeyPhoneInvalid,
	}
	for f, k := range want {
		if len(got[f]) != 1 || got[f][0] != k {
			t.Errorf("%s: %v, want [%s]", f, got[f], k)
		}
	}
	if len(got) != len(want) {
		t.Errorf("fields = %v", got)
	}
	_, err = e.svc.Register(context.Background(), cmdaccounts.Registration{FirstName: "A", LastName: "B", Email: "taken@example.com", Password: "correct-horse", PhoneNumber: "+201001234567"}, client)
	if f := fields(t, err); len(f) != 1 || f["email"][0] != account.KeyEmailTaken {
		t.Fatalf("duplicate alone: %v", f)
	}
}

// loginLimits turns the sign-in rules down to numbers a test reaches; a rule not named is off.
func loginLimits(e env, set func(l *cmdaccounts.Limits)) {
	e.app.Limits.LoginIP = ratelimit.Rule{}
	e.app.Limits.LoginFailuresIP = ratelimit.Rule{}
	e.app.Limits.LoginAccountIP = ratelimit.Rule{}
	e.app.Limits.LoginAccountIPDaily = ratelimit.Rule{}
	e.app.Limits.LoginAccount = ratelimit.Rule{}
	set(e.app.Limits)
}

func from(ip string) store.Client { return store.Client{IP: ip, UserAgent: "test"} }

func wantSlowedDown(t *testing.T, what string, err error, most time.Duration) {
	t.Helper()
	var rl *ratelimit.RateLimitError
	if !errors.As(err, &rl) || rl.After <= 0 || rl.After > most {
		t.Fatalf("%s: %v, want a rate-limit error asking to wait at most %s", what, err, most)
	}
}

func TestSignInSlowsTheGuesserDownNotTheOwner(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	loginLimits(e, func(l *cmdaccounts.Limits) {
		l.LoginAccountIP = ratelimit.Rule{Name: "login-account-ip", Limit: 3, Period: time.Hour}
		l.LoginAccount = ratelimit.Rule{Name: "login-account", Limit: 5, Period: time.Hour}
	})
	ctx := context.Background()
	register(t, e, "owner@example.com") // signed in from client's address: the owner's address
	for range 5 {
		if _, err := e.svc.SignIn(ctx, "owner@example.com", "correct-horse", client); err != nil {
			t.Fatalf("successful sign-ins must not spend the failure budget: %v", err)
		}
	}

	// A stranger's failures slow the stranger down (one try per 20 minutes after 3)...
	stranger := from("198.51.100.9")
	for i := range 3 {
		if _, err := e.svc.SignIn(ctx, "owner@example.com", "guess-guess", stranger); !errors.Is(err, cmdaccounts.ErrWrongCredentials) {
			t.Fatalf("stranger's failure %d: %v, want ErrWrongCredentials", i+1, err)
		}
	}
	_, err := e.svc.SignIn(ctx, "owner@example.com", "correct-horse", stranger)
	wantSlowedDown(t, "the stranger's 4th try", err, 20*time.Minute)
	// ...and not the owner.
	if _, err := e.svc.SignIn(ctx, "owner@example.com", "correct-horse", client); err != nil {
		t.Fatalf("the owner, while a stranger guesses: %v", err)
	}

	// Guesses spread over addresses spend the account's budget: new addresses wait...
	for i, ip := range []string{"198.51.100.10", "198.51.100.11"} {
		if _, err := e.svc.SignIn(ctx, "owner@example.com", "guess-guess", from(ip)); !errors.Is(err, cmdaccounts.ErrWrongCredentials) {
			t.Fatalf("spread failure %d: %v", i+1, err)
		}
	}
	_, err = e.svc.SignIn(ctx, "owner@example.com", "correct-horse", from("192.0.2.1"))
	wantSlowedDown(t, "a new address once the account's budget is spent", err, 12*time.Minute)
	// ...but the addresses the owner signs in from do not.
	if _, err := e.svc.SignIn(ctx, "owner@example.com", "correct-horse", client); err != nil {
		t.Fatalf("the owner's address, with the account under attack: %v", err)
	}

	// The owner's own typos are bounded at the owner's address like anyone's.
	for i := range 3 {
		if _, err := e.svc.SignIn(ctx, "owner@example.com", "typo-typo", client); !errors.Is(err, cmdaccounts.ErrWrongCredentials) {
			t.Fatalf("owner's typo %d: %v", i+1, err)
		}
	}
	_, err = e.svc.SignIn(ctx, "owner@example.com", "correct-horse", client)
	wantSlowedDown(t, "the owner after 3 typos", err, 20*time.Minute)

	if _, err := e.svc.SignIn(ctx, "nobody@example.com", "x", client); !errors.Is(err, cmdaccounts.ErrWrongCredentials) {
		t.Fatalf("unknown e-mail: %v, want the same ErrWrongCredentials", err)
	}
}

func TestSignInBoundsOneAddressAcrossAccounts(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	loginLimits(e, func(l *cmdaccounts.Limits) {
		l.LoginFailuresIP = ratelimit.Rule{Name: "login-failures-ip", Limit: 4, Period: time.Hour}
	})
	ctx := context.Background()
	register(t, e, "sprayed@example.com")
	sprayer := from("198.51.100.20")
	for i := range 4 {
		email := fmt.Sprintf("victim%d@example.com", i)
		if _, err := e.svc.SignIn(ctx, email, "Summer2026!", sprayer); !errors.Is(err, cmdaccounts.ErrWrongCredentials) {
			t.Fatalf("spray %d: %v", i+1, err)
		}
	}
	_, err := e.svc.SignIn(ctx, "sprayed@example.com", "correct-horse", sprayer)
	wantSlowedDown(t, "5th account from one address", err, 15*time.Minute)
	if _, err := e.svc.SignIn(ctx, "sprayed@example.com", "correct-horse", client); err != nil {
		t.Fatalf("another address: %v", err)
	}
}

func TestSignInDailyRuleStretchesTheWait(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	loginLimits(e, func(l *cmdaccounts.Limits) {
		l.LoginAccountIP = ratelimit.Rule{Name: "login-account-ip", Limit: 10, Period: time.Minute}
		l.LoginAccountIPDaily = ratelimit.Rule{Name: "login-account-ip-day", Limit: 3, Period: 24 * time.Hour}
	})
	ctx := context.Background()
	register(t, e, "daily@example.com")
	stranger := from("198.51.100.30")
	for range 3 {
		if _, err := e.svc.SignIn(ctx, "daily@example.com", "guess-guess", stranger); !errors.Is(err, cmdaccounts.ErrWrongCredentials) {
			t.Fatal(err)
		}
	}
	// Within the short budget (6 seconds apart), but the day's is spent: the wait is hours.
	_, err := e.svc.SignIn(ctx, "daily@example.com", "correct-horse", stranger)
	var rl *ratelimit.RateLimitError
	if !errors.As(err, &rl) || rl.After < time.Hour {
		t.Fatalf("after the day's budget: %v, want a wait of hours", err)
	}
}

func TestChangePasswordChecksTheOldOneAndCanEndOtherSessions(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	s := register(t, e, "pw@example.com")
	other, err := e.svc.SignIn(ctx, "pw@example.com", "correct-horse", client)
	if err != nil {
		t.Fatal(err)
	}
	me := cmdaccounts.Actor{UserID: s.User.ID, Role: "user", SessionID: s.Session.ID}

	_, err = e.svc.ChangePassword(ctx, me, cmdaccounts.PasswordChange{OldPassword: "nope-nope", NewPassword: "new-password", PasswordConfirmation: "new-password"})
	if f := fields(t, err); f["old_password"][0] != account.KeyOldPasswordWrong {
		t.Fatalf("wrong old password: %v", f)
	}
	_, err = e.svc.ChangePassword(ctx, me, cmdaccounts.PasswordChange{OldPassword: "correct-horse", NewPassword: "new-password", PasswordConfirmation: "new-passwor"})
	if f := fields(t, err); f["password_confirmation"][0] != account.KeyPasswordMismatch {
		t.Fatalf("mismatch: %v", f)
	}

	res, err := e.svc.ChangePassword(ctx, me, cmdaccounts.PasswordChange{OldPassword: "correct-horse", NewPassword: "new-password", PasswordConfirmation: "new-password"})
	if err != nil || res.OtherSessions != 1 || res.SessionsEnded != 0 {
		t.Fatalf("change keeping sessions = %+v, %v; want 1 other session offered", res, err)
	}
	if _, err := e.svc.Authenticate(ctx, other.Token); err != nil {
		t.Fatal("the other session ended although it was only offered")
	}
	res, err = e.svc.ChangePassword(ctx, me, cmdaccounts.PasswordChange{OldPassword: "new-password", NewPassword: "newer-password", PasswordConfirmation: "newer-password", EndOtherSessions: true})
	if err != nil || res.SessionsEnded != 1 {
		t.Fatalf("change ending sessions = %+v, %v", res, err)
	}
	if _, err := e.svc.Authenticate(ctx, other.Token); !errors.Is(err, store.ErrNoSession) {
		t.Fatalf("the other session survived: %v", err)
	}
	if _, err := e.svc.Authenticate(ctx, s.Token); err != nil {
		t.Fatalf("the current session ended: %v", err)
	}
	if _, err := e.svc.SignIn(ctx, "pw@example.com", "newer-password", client); err != nil {
		t.Fatalf("signing in with the new password: %v", err)
	}
	if got := strings.Join(types(stream(t, e, s.User.ID)), ","); got != "UserRegistered,PasswordChanged,PasswordChanged" {
		t.Fatalf("stream = %s", got)
	}
}

var tokenInLink = regexp.MustCompile(`https://mishwar\.example(/[a-z/-]+)\?token=([A-Za-z0-9_%-]+)`)

func resetLink(t *testing.T, e env, to string) (path, token string) {
	t.Helper()
	var text string
	err := e.pool.QueryRow(context.Background(), `SELECT text_body FROM mail_outbox WHERE to_address = $1 ORDER BY created_at DESC LIMIT 1`, to).Scan(&text)
	if err != nil {
		t.Fatalf("no reset mail to %s: %v", to, err)
	}
	m := tokenInLink.FindStringSubmatch(text)
	if m == nil {
		t.Fatalf("no reset link in:\n%s", text)
	}
	tok, _ := url.QueryUnescape(m[2])
	return m[1], tok
}

func TestPasswordResetByEmailedLink(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	s := register(t, e, "reset@example.com")
	if err := e.svc.RequestPasswordReset(ctx, "Reset@Example.com", cmdaccounts.AreaSite, i18n.Ar, client); err != nil {
		t.Fatal(err)
	}
	var subject, lang string
	_ = e.pool.QueryRow(ctx, `SELECT subject, lang FROM mail_outbox WHERE to_address = 'reset@example.com'`).Scan(&subject, &lang)
	if lang != "ar" || subject != i18n.T(i18n.Ar, "accounts.mail.reset.subject") {
		t.Fatalf("mail in %q: %q", lang, subject)
	}
	path, token := resetLink(t, e, "reset@example.com")
	if path != "/reset-password" {
		t.Fatalf("link path %s", path)
	}
	_, err := e.svc.ResetPassword(ctx, cmdaccounts.PasswordReset{Token: token, Password: "brand-new-pw", PasswordConfirmation: "brand-new-pw"}, client)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.Authenticate(ctx, s.Token); !errors.Is(err, store.ErrNoSession) {
		t.Fatal("a reset left a session signed in")
	}
	_, err = e.svc.ResetPassword(ctx, cmdaccounts.PasswordReset{Token: token, Password: "another-pw-1", PasswordConfirmation: "another-pw-1"}, client)
	if f := fields(t, err); f["token"][0] != account.KeyResetTokenInvalid {
		t.Fatalf("second use of a token: %v", f)
	}
	if _, err := e.svc.SignIn(ctx, "reset@example.com", "brand-new-pw", client); err != nil {
		t.Fatal(err)
	}
	recs := stream(t, e, s.User.ID)
	if got := strings.Join(types(recs), ","); got != "UserRegistered,PasswordResetRequested,PasswordChanged" {
		t.Fatalf("stream = %s", got)
	}
	// The reset was asked for by someone signed out: the record does not say the owner asked.
	if m := recs[1].Metadata; m.ActorID != "" || m.ActorRole != cmdaccounts.RoleGuest {
		t.Fatalf("the reset request recorded as asked by %q (%s); want a guest", m.ActorID, m.ActorRole)
	}
}

func TestAdminAreaResetMailsOnlyStaffAndLinksToTheAdminScreen(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	register(t, e, "plain@example.com")
	if _, err := e.svc.AddOrUpdateUser(ctx, "boss@example.com", "admin-pass-1", "admin", "", ""); err != nil {
		t.Fatal(err)
	}
	for _, to := range []string{"plain@example.com", "boss@example.com", "ghost@example.com"} {
		if err := e.svc.RequestPasswordReset(ctx, to, cmdaccounts.AreaAdmin, i18n.En, client); err != nil {
			t.Fatalf("%s: %v", to, err)
		}
	}
	var n int
	_ = e.pool.QueryRow(ctx, `SELECT count(*) FROM mail_outbox`).Scan(&n)
	if n != 1 {
		t.Fatalf("%d mails, want only the admin's", n)
	}
	if path, _ := resetLink(t, e, "boss@example.com"); path != "/admin/password-reset" {
		t.Fatalf("admin link path %s", path)
	}
}

// failingStore is the real event store with appends switched off, to stand for an outage.
type failingStore struct {
	eventstore.Store
	down bool
}

func (f *failingStore) Append(ctx context.Context, s string, v eventstore.ExpectedVersion, ev ...eventstore.EventData) (eventstore.AppendResult, error) {
	if f.down {
		return eventstore.AppendResult{}, errors.New("event store unavailable")
	}
	return f.Store.Append(ctx, s, v, ev...)
}

func TestAuditEventsWaitOutAnEventStoreOutageInOrder(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	fs := &failingStore{Store: e.es, down: true}
	e.runner.Store = fs

	s := register(t, e, "outage@example.com")
	me := cmdaccounts.Actor{UserID: s.User.ID, Role: "user", SessionID: s.Session.ID}
	if _, err := e.svc.ChangePersonalInfo(ctx, me, cmdaccounts.PersonalInfo{FirstName: "Mona", LastName: "Adel", Email: "outage@example.com", PhoneNumber: "+201001234567"}); err != nil {
		t.Fatalf("a change must succeed while the event store is down: %v", err)
	}
	if recs := stream(t, e, s.User.ID); len(recs) != 0 {
		t.Fatalf("stream has %d events during the outage", len(recs))
	}
	fs.down = false
	if n, err := e.svc.FlushPendingAudit(ctx, 0); err != nil || n != 1 {
		t.Fatalf("FlushPendingAudit = %d, %v", n, err)
	}
	if got := strings.Join(types(stream(t, e, s.User.ID)), ","); got != "UserRegistered,PersonalInfoChanged" {
		t.Fatalf("stream after the outage = %s", got)
	}
	// A second relay pass (as after a crash before the queue row was deleted) appends nothing.
	if n, _ := e.svc.FlushPendingAudit(ctx, 0); n != 0 {
		t.Fatalf("relay found %d accounts to flush again", n)
	}
}

func TestAddOrUpdateUser(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	created, err := e.svc.AddOrUpdateUser(ctx, "Driver@Example.com", "drive-safely", "driver", "Karim", "")
	if err != nil || !created {
		t.Fatalf("create = %v, %v", created, err)
	}
	u, err := e.svc.SignIn(ctx, "driver@example.com", "drive-safely", client)
	if err != nil || u.User.Role != "driver" || u.User.FirstName != "Karim" || u.User.LastName != "Driver" {
		t.Fatalf("sign in = %+v, %v", u.User, err)
	}
	created, err = e.svc.AddOrUpdateUser(ctx, "driver@example.com", "support-pass", "support", "", "Hassan")
	if err != nil || created {
		t.Fatalf("update = %v, %v", created, err)
	}
	if _, err := e.svc.Authenticate(ctx, u.Token); !errors.Is(err, store.ErrNoSession) {
		t.Fatal("a password set by the operator left the old session signed in")
	}
	again, err := e.svc.SignIn(ctx, "driver@example.com", "support-pass", client)
	if err != nil || again.User.Role != "support" || again.User.LastName != "Hassan" || again.User.FirstName != "Karim" {
		t.Fatalf("after update = %+v, %v", again.User, err)
	}
	got := strings.Join(types(stream(t, e, u.User.ID)), ",")
	if got != "UserRegistered,PersonalInfoChanged,PasswordChanged,RoleChanged" {
		t.Fatalf("stream = %s", got)
	}
	for _, bad := range [][3]string{{"x", "long-enough", "user"}, {"a@example.com", "short", "user"}, {"a@example.com", "long-enough", "root"}} {
		if _, err := e.svc.AddOrUpdateUser(ctx, bad[0], bad[1], bad[2], "", ""); !errors.Is(err, cmdaccounts.ErrInvalidUser) {
			t.Errorf("%v: %v, want ErrInvalidUser", bad, err)
		}
	}
}

func TestEnsureDemoAdminCreatesOneAdminOnce(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	// Someone signed up with the demo address before any admin existed: they must not become admin.
	squatter := register(t, e, cmdaccounts.DemoAdminEmail)

	email, password, created, err := e.svc.EnsureDemoAdmin(ctx)
	if err != nil || !created || len(password) < 12 {
		t.Fatalf("EnsureDemoAdmin = %q, %d-char password, %v, %v", email, len(password), created, err)
	}
	if email == cmdaccounts.DemoAdminEmail {
		t.Fatal("the demo admin took over an existing account")
	}
	s, err := e.svc.SignIn(ctx, email, password, client)
	if err != nil || s.User.Role != "admin" {
		t.Fatalf("demo admin sign-in = %+v, %v", s.User, err)
	}
	if _, err := e.svc.Authenticate(ctx, squatter.Token); err != nil {
		t.Fatal("the existing account was touched")
	}
	if _, _, created, err := e.svc.EnsureDemoAdmin(ctx); created || err != nil {
		t.Fatalf("second call created = %v, %v", created, err)
	}
}
