package httpapi_test

import (
	"bytes"
	"mime/multipart"
	"net/http"
	"net/url"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"mishwar/adapters/mail/mailpittest"
	"mishwar/adapters/ratelimit"
	"mishwar/cmd/mishwar/app/apptest"
	"mishwar/cmd/mishwar/demo"
	cat "mishwar/domain/catalogue"
	"mishwar/internal/config"
)

// uniqueEmail returns an address no other test uses.
func uniqueEmail(prefix string) string { return apptest.UniqueEmail(prefix) }

type signedUp = apptest.Session

func signUp(t *testing.T, a *apptest.App, email string) signedUp {
	t.Helper()
	return a.SignUp(t, email)
}

// staff creates an account with role through the operator's path and signs it in over the API.
func staff(t *testing.T, a *apptest.App, role string) signedUp {
	t.Helper()
	return a.Staff(t, role)
}

func logIn(t *testing.T, a *apptest.App, email, password string) signedUp {
	t.Helper()
	return a.SignIn(t, email, password)
}

func keys(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func wantKeys(t *testing.T, what string, m map[string]any, want ...string) {
	t.Helper()
	sort.Strings(want)
	if got := keys(m); !reflect.DeepEqual(got, want) {
		t.Fatalf("%s keys = %v, want %v", what, got, want)
	}
}

func cookieNamed(h http.Header, name string) *http.Cookie {
	for _, c := range (&http.Response{Header: h}).Cookies() {
		if c.Name == name {
			return c
		}
	}
	return nil
}

func TestRegisterAnswersTheSpecShapeAndSignsIn(t *testing.T) {
	t.Parallel()
	a := apptest.New(t)
	email := uniqueEmail("shape")
	r := a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/register", Header: map[string]string{"lang": "en"}, Body: map[string]string{
		"first_name": "Mona", "last_name": "El Sayed", "email": strings.ToUpper(email), "password": "correct-horse", "phone_number": "010 0123 4567", "country_key": "+20",
	}})
	if r.Status != http.StatusOK {
		t.Fatalf("status %d %s", r.Status, r.Body)
	}
	body := r.Map(t)
	wantKeys(t, "register", body, "status", "message", "token", "user")
	if body["status"] != float64(200) || body["message"] != "Registration successful." {
		t.Fatalf("status/message = %v / %v", body["status"], body["message"])
	}
	token, _ := body["token"].(string)
	if len(token) < 22 { // 22 base64 characters carry 128 bits
		t.Fatalf("token %q is too short for 128 random bits", token)
	}
	user := body["user"].(map[string]any)
	wantKeys(t, "user", user, "id", "first_name", "last_name", "email", "phone_number", "role", "created_at")
	if user["email"] != email || user["phone_number"] != "+201001234567" || user["role"] != "user" || user["last_name"] != "El Sayed" {
		t.Fatalf("user = %v", user)
	}
	c := cookieNamed(r.Header, "authToken")
	if c == nil || c.Value != token || !c.HttpOnly || c.SameSite != http.SameSiteLaxMode || c.Path != "/" || c.Secure {
		t.Fatalf("authToken cookie = %+v", c)
	}

	me := a.Get("/api/me", token)
	if me.Status != http.StatusOK {
		t.Fatalf("/api/me with the bearer token: %d %s", me.Status, me.Body)
	}
	got := me.Map(t)
	wantKeys(t, "me", got, "id", "first_name", "last_name", "email", "phone_number", "role", "created_at")
	if got["id"] != user["id"] {
		t.Fatalf("me = %v", got)
	}
	byCookie := a.Do(apptest.Request{Method: http.MethodGet, Path: "/api/me", Header: map[string]string{"Cookie": "authToken=" + token}})
	if byCookie.Status != http.StatusOK {
		t.Fatalf("/api/me with the cookie: %d", byCookie.Status)
	}
}

func TestRegisterAcceptsFormPosts(t *testing.T) {
	t.Parallel()
	a := apptest.New(t)
	fields := map[string]string{"first_name": "Omar", "last_name": "Fathy", "password": "correct-horse", "phone_number": "+966501234567"}

	form := url.Values{}
	for k, v := range fields {
		form.Set(k, v)
	}
	form.Set("email", uniqueEmail("urlenc"))
	r := a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/register", Body: []byte(form.Encode()),
		Header: map[string]string{"Content-Type": "application/x-www-form-urlencoded"}})
	if r.Status != http.StatusOK {
		t.Fatalf("urlencoded: %d %s", r.Status, r.Body)
	}

	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for k, v := range fields {
		_ = mw.WriteField(k, v)
	}
	_ = mw.WriteField("email", uniqueEmail("multipart"))
	_ = mw.Close()
	r = a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/register", Body: buf.Bytes(),
		Header: map[string]string{"Content-Type": mw.FormDataContentType()}})
	if r.Status != http.StatusOK {
		t.Fatalf("multipart: %d %s", r.Status, r.Body)
	}
	if u := r.Map(t)["user"].(map[string]any); u["phone_number"] != "+966501234567" {
		t.Fatalf("user = %v", u)
	}
}

func TestRegisterValidationAnswers422ByField(t *testing.T) {
	t.Parallel()
	a := apptest.New(t)
	a.Accounts.Limits.RegisterIP.Limit = 0 // this test signs up more often than a person would
	taken := signUp(t, a, uniqueEmail("taken"))
	valid := func() map[string]string {
		return map[string]string{"first_name": "Mona", "last_name": "Zaki", "email": uniqueEmail("v"), "password": "correct-horse", "phone_number": "01001234567", "country_key": "+20"}
	}
	cases := []struct {
		name, field, value, wantEn, wantAr string
	}{
		{"e-mail required", "email", "", "The e-mail is required.", "البريد الإلكتروني مطلوب."},
		{"e-mail valid", "email", "mona@", "Please enter a valid e-mail address.", "يرجى إدخال بريد إلكتروني صحيح."},
		{"e-mail in one alphabet, no look-alike of a taken one", "email", "\u0430" + taken.Email[1:],
			"This e-mail address mixes letters of different alphabets (such as a Cyrillic а among Latin letters). Please type it again.",
			"يخلط عنوان البريد الإلكتروني هذا بين حروف من أبجديات مختلفة (مثل حرف سيريلي بين حروف لاتينية). يرجى كتابته مرة أخرى."},
		{"e-mail unique, whatever its case", "email", strings.ToUpper(taken.Email), "This e-mail is already registered.", "هذا البريد الإلكتروني مسجل بالفعل."},
		{"first name required", "first_name", " ", "The first name is required.", "الاسم الأول مطلوب."},
		{"last name required", "last_name", "", "The last name is required.", "اسم العائلة مطلوب."},
		{"name valid", "first_name", "M0na", "Names may contain letters, spaces, hyphens and apostrophes only.", "يمكن أن يحتوي الاسم على حروف ومسافات وشرطات وفواصل عليا فقط."},
		{"password required", "password", "", "The password is required.", "كلمة المرور مطلوبة."},
		{"password at least 8", "password", "1234567", "The password must be 8 to 20 characters.", "يجب أن تتكون كلمة المرور من ٨ إلى ٢٠ حرفًا."},
		{"password at most 20", "password", "123456789012345678901", "The password must be 8 to 20 characters.", "يجب أن تتكون كلمة المرور من ٨ إلى ٢٠ حرفًا."},
		{"phone required", "phone_number", "", "The phone number is required.", "رقم الهاتف مطلوب."},
		{"phone valid for its country", "phone_number", "0100123", "Please enter a valid phone number for the selected country.", "يرجى إدخال رقم هاتف صحيح للدولة المختارة."},
		// Too long: the app's own words, naming the field and its limit.
		{"first name at most 50", "first_name", strings.Repeat("a", 51), "The first name is too long (50 characters at most).", "الاسم الأول طويل جدًا (٥٠ حرفًا كحد أقصى)."},
		{"last name at most 50", "last_name", strings.Repeat("ب", 51), "The last name is too long (50 characters at most).", "اسم العائلة طويل جدًا (٥٠ حرفًا كحد أقصى)."},
		{"first name far too long", "first_name", strings.Repeat("a", 5000), "The first name is too long (50 characters at most).", "الاسم الأول طويل جدًا (٥٠ حرفًا كحد أقصى)."},
		{"e-mail at most 254", "email", strings.Repeat("a", 250) + "@example.com", "The e-mail is too long (254 characters at most).", "البريد الإلكتروني طويل جدًا (٢٥٤ حرفًا كحد أقصى)."},
		{"phone at most 32", "phone_number", strings.Repeat("1", 33), "The phone number is too long (32 characters at most).", "رقم الهاتف طويل جدًا (٣٢ حرفًا كحد أقصى)."},
	}
	for _, c := range cases {
		for _, lang := range []string{"en", "ar"} {
			body := valid()
			body[c.field] = c.value
			r := a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/register", Body: body, Header: map[string]string{"lang": lang}})
			if r.Status != http.StatusUnprocessableEntity {
				t.Errorf("%s (%s): status %d %s", c.name, lang, r.Status, r.Body)
				continue
			}
			var got struct {
				Message string              `json:"message"`
				Errors  map[string][]string `json:"errors"`
			}
			r.JSON(t, &got)
			want := c.wantEn
			if lang == "ar" {
				want = c.wantAr
			}
			if !reflect.DeepEqual(got.Errors, map[string][]string{c.field: {want}}) || got.Message != want {
				t.Errorf("%s (%s): %s", c.name, lang, r.Body)
			}
		}
	}
	// Several broken fields come back together.
	r := a.Post("/api/register", "", map[string]string{"email": "x"})
	var got struct {
		Errors map[string][]string `json:"errors"`
	}
	r.JSON(t, &got)
	if r.Status != http.StatusUnprocessableEntity || len(got.Errors) != 5 {
		t.Fatalf("everything missing: %d %s", r.Status, r.Body)
	}
}

func TestLoginAnswersTheSpecShape(t *testing.T) {
	t.Parallel()
	a := apptest.New(t)
	u := signUp(t, a, uniqueEmail("login"))
	r := a.Post("/api/user/login", "", map[string]string{"email": strings.ToUpper(u.Email), "password": u.Password})
	if r.Status != http.StatusOK {
		t.Fatalf("login: %d %s", r.Status, r.Body)
	}
	body := r.Map(t)
	data, ok := body["data"].(map[string]any)
	if !ok {
		t.Fatalf("no data object: %s", r.Body)
	}
	wantKeys(t, "data", data, "token", "id", "first_name", "last_name", "email", "phone_number", "role")
	if data["id"] != u.UserID || data["email"] != u.Email || data["role"] != "user" || data["phone_number"] != "+201001234567" {
		t.Fatalf("data = %v", data)
	}
	if c := cookieNamed(r.Header, "authToken"); c == nil || c.Value != data["token"] || !c.HttpOnly {
		t.Fatalf("cookie = %+v", c)
	}
	if data["token"] == u.Token {
		t.Fatal("a new sign-in reused the old session's token")
	}
	if me := a.Get("/api/me", data["token"].(string)); me.Status != http.StatusOK {
		t.Fatalf("new token: %d", me.Status)
	}

	for name, creds := range map[string]map[string]string{
		"wrong password": {"email": u.Email, "password": "wrong-horse"},
		"unknown e-mail": {"email": "nobody@example.com", "password": u.Password},
	} {
		for lang, want := range map[string]string{"en": "The e-mail or password is incorrect.", "ar": "البريد الإلكتروني أو كلمة المرور غير صحيحة."} {
			r := a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/user/login", Body: creds, Header: map[string]string{"Accept-Language": lang}})
			if r.Status != http.StatusUnauthorized || r.Map(t)["message"] != want {
				t.Errorf("%s (%s): %d %s", name, lang, r.Status, r.Body)
			}
		}
	}
	r = a.Post("/api/user/login", "", map[string]string{"email": "", "password": ""})
	var v struct {
		Errors map[string][]string `json:"errors"`
	}
	r.JSON(t, &v)
	if r.Status != http.StatusUnprocessableEntity || len(v.Errors["email"]) != 1 || len(v.Errors["password"]) != 1 {
		t.Fatalf("empty login: %d %s", r.Status, r.Body)
	}
}

func TestLogoutRevokesTheTokenEverywhere(t *testing.T) {
	t.Parallel()
	a := apptest.New(t)
	u := signUp(t, a, uniqueEmail("logout"))
	second := logIn(t, a, u.Email, u.Password)

	r := a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/logout", Token: u.Token})
	if r.Status != http.StatusOK || r.Map(t)["message"] != "Signed out." {
		t.Fatalf("logout: %d %s", r.Status, r.Body)
	}
	if c := cookieNamed(r.Header, "authToken"); c == nil || c.MaxAge >= 0 {
		t.Fatalf("logout did not clear the cookie: %+v", c)
	}
	for _, how := range []apptest.Request{
		{Method: http.MethodGet, Path: "/api/me", Token: u.Token},
		{Method: http.MethodGet, Path: "/api/me", Header: map[string]string{"Cookie": "authToken=" + u.Token}},
	} {
		if me := a.Do(how); me.Status != http.StatusUnauthorized {
			t.Fatalf("revoked token still works: %d", me.Status)
		}
	}
	if me := a.Get("/api/me", second.Token); me.Status != http.StatusOK {
		t.Fatalf("logging out one session ended another: %d", me.Status)
	}
	// Signing out by cookie (the web app's way), and with no session at all.
	r = a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/logout", Header: map[string]string{"Cookie": "authToken=" + second.Token}})
	if r.Status != http.StatusOK || a.Get("/api/me", second.Token).Status != http.StatusUnauthorized {
		t.Fatalf("logout by cookie: %d", r.Status)
	}
	if r := a.Post("/api/logout", "", nil); r.Status != http.StatusOK {
		t.Fatalf("logout without a session: %d", r.Status)
	}
}

func TestMeWithAnInvalidSessionIs401(t *testing.T) {
	t.Parallel()
	a := apptest.New(t)
	for _, tok := range []string{"not-a-token", strings.Repeat("A", 43)} {
		if r := a.Get("/api/me", tok); r.Status != http.StatusUnauthorized || r.Map(t)["message"] != "Please sign in first." {
			t.Fatalf("bearer %q: %d %s", tok, r.Status, r.Body)
		}
		r := a.Do(apptest.Request{Method: http.MethodGet, Path: "/api/me", Header: map[string]string{"Cookie": "authToken=" + tok}})
		if r.Status != http.StatusUnauthorized {
			t.Fatalf("cookie %q: %d %s", tok, r.Status, r.Body)
		}
	}
}

// A visitor with no session at all is nobody, not an error: every public page asks, and a 401 there
// is a failed request in the browser's console.
func TestMeWithoutSessionIsNullNotAnError(t *testing.T) {
	t.Parallel()
	a := apptest.New(t)
	r := a.Do(apptest.Request{Method: http.MethodGet, Path: "/api/me", Header: map[string]string{"Cookie": "lang=ar; cart=x"}})
	if r.Status != http.StatusOK || strings.TrimSpace(string(r.Body)) != "null" {
		t.Fatalf("no session: %d %q", r.Status, r.Body)
	}
	// Everything else about the account still needs a session.
	for _, path := range []string{"/api/me/sessions", "/api/me/locations"} {
		if r := a.Get(path, ""); r.Status != http.StatusUnauthorized {
			t.Fatalf("%s without a session: %d", path, r.Status)
		}
	}
	if r := a.Do(apptest.Request{Method: http.MethodPut, Path: "/api/me", Body: map[string]string{"first_name": "X"}}); r.Status != http.StatusUnauthorized {
		t.Fatalf("PUT /api/me without a session: %d", r.Status)
	}
}

func TestGetAdminShapeAndRefusals(t *testing.T) {
	t.Parallel()
	a := apptest.New(t)
	admin := staff(t, a, "admin")
	r := a.Get("/api/auth/getadmin", admin.Token)
	if r.Status != http.StatusOK {
		t.Fatalf("admin: %d %s", r.Status, r.Body)
	}
	body := r.Map(t)
	wantKeys(t, "getadmin", body, "id", "first_name", "last_name", "email", "role")
	if body["id"] != admin.UserID || body["first_name"] != "Sara" || body["role"] != "admin" {
		t.Fatalf("getadmin = %v", body)
	}
	user := signUp(t, a, uniqueEmail("notadmin"))
	r = a.Get("/api/auth/getadmin", user.Token)
	if r.Status != http.StatusUnauthorized || r.Map(t)["message"] != "This account has no access to the admin area." {
		t.Fatalf("signed-in user: %d %s", r.Status, r.Body)
	}
	if r := a.Get("/api/auth/getadmin", ""); r.Status != http.StatusUnauthorized {
		t.Fatalf("visitor: %d", r.Status)
	}
}

func TestPersonalInfo(t *testing.T) {
	t.Parallel()
	a := apptest.New(t)
	u := signUp(t, a, uniqueEmail("info"))
	other := signUp(t, a, uniqueEmail("info-other"))

	r := a.Patch("/api/me", u.Token, map[string]string{"last_name": "Adel", "phone_number": "0501234567", "country_key": "SA"})
	if r.Status != http.StatusOK {
		t.Fatalf("patch: %d %s", r.Status, r.Body)
	}
	body := r.Map(t)
	wantKeys(t, "update", body, "message", "user")
	user := body["user"].(map[string]any)
	if body["message"] != "Personal info updated." || user["last_name"] != "Adel" || user["first_name"] != "Mona" || user["phone_number"] != "+966501234567" {
		t.Fatalf("update = %s", r.Body)
	}
	if me := a.Get("/api/me", u.Token).Map(t); me["last_name"] != "Adel" {
		t.Fatalf("me after update = %v", me)
	}

	newEmail := uniqueEmail("moved")
	cases := []struct {
		name  string
		body  map[string]string
		field string
		msg   string
	}{
		{"changing the e-mail needs the password", map[string]string{"email": newEmail}, "current_password", "Your current password is required."},
		{"with the right one", map[string]string{"email": newEmail, "current_password": "wrong-horse"}, "current_password", "Your current password is not correct."},
		{"another user's e-mail", map[string]string{"email": other.Email, "current_password": u.Password}, "email", "This e-mail is already registered."},
		{"a valid phone", map[string]string{"phone_number": "12"}, "phone_number", "Please enter a valid phone number for the selected country."},
		{"a name", map[string]string{"first_name": ""}, "first_name", "The first name is required."},
		{"a first name of 50 characters at most", map[string]string{"first_name": strings.Repeat("a", 51)}, "first_name", "The first name is too long (50 characters at most)."},
		{"a last name of 50 characters at most", map[string]string{"last_name": strings.Repeat("a", 300)}, "last_name", "The last name is too long (50 characters at most)."},
	}
	for _, c := range cases {
		r := a.Do(apptest.Request{Method: http.MethodPut, Path: "/api/me", Token: u.Token, Body: c.body})
		var got struct {
			Errors map[string][]string `json:"errors"`
		}
		r.JSON(t, &got)
		if r.Status != http.StatusUnprocessableEntity || !reflect.DeepEqual(got.Errors, map[string][]string{c.field: {c.msg}}) {
			t.Errorf("%s: %d %s", c.name, r.Status, r.Body)
		}
	}
	r = a.Do(apptest.Request{Method: http.MethodPut, Path: "/api/me", Token: u.Token, Body: map[string]string{"email": newEmail, "current_password": u.Password}})
	if r.Status != http.StatusOK {
		t.Fatalf("e-mail change: %d %s", r.Status, r.Body)
	}
	logIn(t, a, newEmail, u.Password)
	if other := a.Get("/api/me", other.Token).Map(t); other["last_name"] != "Zaki" {
		t.Fatalf("another user's data changed: %v", other)
	}
}

func TestChangePassword(t *testing.T) {
	t.Parallel()
	a := apptest.New(t)
	u := signUp(t, a, uniqueEmail("pw"))
	phone := logIn(t, a, u.Email, u.Password)
	laptop := logIn(t, a, u.Email, u.Password)

	cases := []struct {
		name  string
		body  map[string]any
		field string
		msg   string
	}{
		{"old password required", map[string]any{"password": "new-horse-1", "password_confirmation": "new-horse-1"}, "old_password", "Your current password is required."},
		{"old password right", map[string]any{"old_password": "wrong-horse", "password": "new-horse-1", "password_confirmation": "new-horse-1"}, "old_password", "Your current password is not correct."},
		{"new and confirm match", map[string]any{"old_password": u.Password, "password": "new-horse-1", "password_confirmation": "new-horse-2"}, "password_confirmation", "The passwords do not match."},
		{"same strength as sign-up", map[string]any{"old_password": u.Password, "password": "short", "password_confirmation": "short"}, "password", "The password must be 8 to 20 characters."},
	}
	for _, c := range cases {
		r := a.Post("/api/me/password", u.Token, c.body)
		var got struct {
			Errors map[string][]string `json:"errors"`
		}
		r.JSON(t, &got)
		if r.Status != http.StatusUnprocessableEntity || !reflect.DeepEqual(got.Errors, map[string][]string{c.field: {c.msg}}) {
			t.Errorf("%s: %d %s", c.name, r.Status, r.Body)
		}
	}

	r := a.Post("/api/me/password", u.Token, map[string]any{"old_password": u.Password, "password": "new-horse-1", "password_confirmation": "new-horse-1"})
	if r.Status != http.StatusOK {
		t.Fatalf("change: %d %s", r.Status, r.Body)
	}
	body := r.Map(t)
	wantKeys(t, "change password", body, "message", "sessions_ended", "other_sessions")
	if body["message"] != "Password updated successfully." || body["other_sessions"] != float64(2) || body["sessions_ended"] != float64(0) {
		t.Fatalf("change = %v", body)
	}
	if a.Get("/api/me", phone.Token).Status != http.StatusOK {
		t.Fatal("sessions ended although the user only was offered to end them")
	}
	if r := a.Post("/api/user/login", "", map[string]string{"email": u.Email, "password": u.Password}); r.Status != http.StatusUnauthorized {
		t.Fatalf("old password still signs in: %d", r.Status)
	}

	r = a.Post("/api/me/password", u.Token, map[string]any{"old_password": "new-horse-1", "password": "new-horse-2", "password_confirmation": "new-horse-2", "end_other_sessions": true})
	if r.Status != http.StatusOK || r.Map(t)["sessions_ended"] != float64(2) {
		t.Fatalf("change ending sessions: %d %s", r.Status, r.Body)
	}
	for _, tok := range []string{phone.Token, laptop.Token} {
		if a.Get("/api/me", tok).Status != http.StatusUnauthorized {
			t.Fatal("another session survived a password change that ended them")
		}
	}
	if a.Get("/api/me", u.Token).Status != http.StatusOK {
		t.Fatal("the session that changed the password was ended")
	}
	logIn(t, a, u.Email, "new-horse-2")
}

func TestSessionsListAndEndOthers(t *testing.T) {
	t.Parallel()
	a := apptest.New(t)
	u := signUp(t, a, uniqueEmail("sess"))
	other := logIn(t, a, u.Email, u.Password)
	r := a.Get("/api/me/sessions", u.Token)
	var list struct {
		Data []struct {
			ID      string `json:"id"`
			Current bool   `json:"current"`
		} `json:"data"`
	}
	r.JSON(t, &list)
	if r.Status != http.StatusOK || len(list.Data) != 2 || list.Data[0].Current == list.Data[1].Current {
		t.Fatalf("sessions: %d %s", r.Status, r.Body)
	}
	r = a.Delete("/api/me/sessions", u.Token)
	if r.Status != http.StatusOK || r.Map(t)["sessions_ended"] != float64(1) {
		t.Fatalf("end others: %d %s", r.Status, r.Body)
	}
	if a.Get("/api/me", other.Token).Status != http.StatusUnauthorized || a.Get("/api/me", u.Token).Status != http.StatusOK {
		t.Fatal("ending other sessions ended the wrong ones")
	}
}

var resetLinkRE = regexp.MustCompile(`(/reset-password|/admin/password-reset)\?token=([A-Za-z0-9_%-]+)`)

// mailTo reads the newest mail to addr through the admin mailbox API, waiting for the sender. The
// mailbox masks reset links from staff, so "text" and "html" are replaced by the bodies the recipient
// gets (the masked ones stay under "staff_text" and "staff_html").
func mailTo(t *testing.T, a *apptest.App, adminToken, addr string) map[string]any {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		r := a.Get("/api/admin/mailbox?to="+url.QueryEscape(addr), adminToken)
		var list struct {
			Data []map[string]any `json:"data"`
		}
		r.JSON(t, &list)
		if len(list.Data) > 0 && list.Data[0]["status"] == "sent" {
			m := a.Get("/api/admin/mailbox/"+list.Data[0]["id"].(string), adminToken)
			if m.Status != http.StatusOK {
				t.Fatalf("mailbox message: %d %s", m.Status, m.Body)
			}
			data := m.Map(t)["data"].(map[string]any)
			data["staff_text"], data["staff_html"] = data["text"], data["html"]
			data["text"], data["html"] = a.SentMail(t, list.Data[0]["id"].(string))
			return data
		}
		if time.Now().After(deadline) {
			t.Fatalf("no sent mail to %s: %s", addr, r.Body)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func TestForgotAndResetPassword(t *testing.T) {
	t.Parallel()
	a := apptest.New(t)
	admin := staff(t, a, "admin")
	u := signUp(t, a, uniqueEmail("forgot"))

	generic := "If an account exists for this e-mail, we have sent it a link to choose a new password."
	for _, email := range []string{u.Email, "nobody@example.com"} {
		r := a.Post("/api/password/forgot", "", map[string]string{"email": email})
		if r.Status != http.StatusOK || r.Map(t)["message"] != generic {
			t.Fatalf("forgot %s: %d %s", email, r.Status, r.Body)
		}
	}
	if r := a.Post("/api/password/forgot", "", map[string]string{"email": "not-an-email"}); r.Status != http.StatusUnprocessableEntity {
		t.Fatalf("malformed e-mail: %d", r.Status)
	}
	m := mailTo(t, a, admin.Token, u.Email)
	if m["subject"] != "Reset your Mishwar password" || m["sent_via"] != "mailbox" || !strings.Contains(m["html"].(string), "<a href=") {
		t.Fatalf("mail = %v", m)
	}
	link := resetLinkRE.FindStringSubmatch(m["text"].(string))
	if link == nil || link[1] != "/reset-password" || !strings.Contains(m["text"].(string), a.URL+"/reset-password?token=") {
		t.Fatalf("no site reset link in %q", m["text"])
	}
	token, _ := url.QueryUnescape(link[2])
	if staffView := m["staff_text"].(string) + m["staff_html"].(string); strings.Contains(staffView, link[2]) || !strings.Contains(staffView, "?token=[hidden]") {
		t.Fatalf("the admin mailbox shows the live reset link: %q", m["staff_text"])
	}

	r := a.Post("/api/password/reset", "", map[string]string{"token": token, "password": "fresh-horse", "password_confirmation": "fresh-hors"})
	if r.Status != http.StatusUnprocessableEntity {
		t.Fatalf("mismatch: %d", r.Status)
	}
	r = a.Post("/api/password/reset", "", map[string]string{"token": token, "password": "fresh-horse", "password_confirmation": "fresh-horse"})
	if r.Status != http.StatusOK {
		t.Fatalf("reset: %d %s", r.Status, r.Body)
	}
	if body := r.Map(t); body["area"] != "site" || body["message"] != "Your password has been reset. Please sign in with your new password." {
		t.Fatalf("reset = %v", body)
	}
	if a.Get("/api/me", u.Token).Status != http.StatusUnauthorized {
		t.Fatal("a reset left the old session signed in")
	}
	logIn(t, a, u.Email, "fresh-horse")
	r = a.Post("/api/password/reset", "", map[string]string{"token": token, "password": "other-horse", "password_confirmation": "other-horse"})
	var v struct {
		Errors map[string][]string `json:"errors"`
	}
	r.JSON(t, &v)
	if r.Status != http.StatusUnprocessableEntity || len(v.Errors["token"]) != 1 {
		t.Fatalf("reusing a token: %d %s", r.Status, r.Body)
	}
}

func TestAdminPasswordResetLinksToTheAdminScreenInArabic(t *testing.T) {
	t.Parallel()
	a := apptest.New(t)
	admin := staff(t, a, "admin")
	other := staff(t, a, "admin")
	r := a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/admin/password/forgot", Body: map[string]string{"email": other.Email}, Header: map[string]string{"lang": "ar"}})
	if r.Status != http.StatusOK {
		t.Fatalf("admin forgot: %d %s", r.Status, r.Body)
	}
	m := mailTo(t, a, admin.Token, other.Email)
	if m["lang"] != "ar" || m["subject"] != "إعادة تعيين كلمة مرور مشوار" || !strings.Contains(m["html"].(string), `dir="rtl"`) {
		t.Fatalf("mail = %v", m)
	}
	link := resetLinkRE.FindStringSubmatch(m["text"].(string))
	if link == nil || link[1] != "/admin/password-reset" {
		t.Fatalf("no admin link in %q", m["text"])
	}
	token, _ := url.QueryUnescape(link[2])
	r = a.Post("/api/password/reset", "", map[string]string{"token": token, "password": "new-admin-pw", "password_confirmation": "new-admin-pw"})
	if r.Status != http.StatusOK || r.Map(t)["area"] != "admin" {
		t.Fatalf("admin reset: %d %s", r.Status, r.Body)
	}
	// A plain user asking from the admin screen gets the same answer and no mail.
	user := signUp(t, a, uniqueEmail("plain"))
	if r := a.Post("/api/admin/password/forgot", "", map[string]string{"email": user.Email}); r.Status != http.StatusOK {
		t.Fatalf("user on the admin screen: %d", r.Status)
	}
	var list struct {
		Total int `json:"total"`
	}
	a.Get("/api/admin/mailbox?to="+url.QueryEscape(user.Email), admin.Token).JSON(t, &list)
	if list.Total != 0 {
		t.Fatal("a plain user got an admin reset link")
	}
}

func TestSavedLocations(t *testing.T) {
	t.Parallel()
	a := apptest.New(t)
	u := signUp(t, a, uniqueEmail("loc"))
	other := signUp(t, a, uniqueEmail("loc-other"))

	r := a.Post("/api/me/locations", u.Token, map[string]any{"label": "Home"})
	if r.Status != http.StatusUnprocessableEntity || r.Map(t)["message"] != "Save location needs a selected source or end location" {
		t.Fatalf("no coordinates: %d %s", r.Status, r.Body)
	}
	r = a.Post("/api/me/locations", u.Token, map[string]any{"label": "Alexandria", "lat": 31.2, "lng": 29.9})
	if r.Status != http.StatusUnprocessableEntity || r.Map(t)["message"] != "This place is outside our service area (Cairo)." {
		t.Fatalf("outside Cairo: %d %s", r.Status, r.Body)
	}
	r = a.Post("/api/me/locations", u.Token, map[string]any{"label": "Home", "address": "26 July St, Zamalek", "kind": "start", "lat": 30.0626, "lng": 31.2197})
	if r.Status != http.StatusCreated {
		t.Fatalf("save: %d %s", r.Status, r.Body)
	}
	body := r.Map(t)
	wantKeys(t, "saved location", body, "message", "data")
	loc := body["data"].(map[string]any)
	wantKeys(t, "location", loc, "id", "label", "address", "kind", "lat", "lng", "created_at")
	if body["message"] != "Location saved." || loc["lat"] != 30.0626 || loc["kind"] != "start" {
		t.Fatalf("saved = %v", body)
	}
	id := loc["id"].(string)
	var list struct {
		Data []map[string]any `json:"data"`
	}
	a.Get("/api/me/locations", u.Token).JSON(t, &list)
	if len(list.Data) != 1 || list.Data[0]["id"] != id {
		t.Fatalf("list = %v", list.Data)
	}
	a.Get("/api/me/locations", other.Token).JSON(t, &list)
	if len(list.Data) != 0 {
		t.Fatal("another user sees this user's locations")
	}
	if r := a.Delete("/api/me/locations/"+id, other.Token); r.Status != http.StatusNotFound {
		t.Fatalf("another user deleting: %d", r.Status)
	}
	if r := a.Delete("/api/me/locations/"+id, u.Token); r.Status != http.StatusOK || r.Map(t)["message"] != "Location deleted." {
		t.Fatalf("delete: %d %s", r.Status, r.Body)
	}
	if r := a.Delete("/api/me/locations/"+id, u.Token); r.Status != http.StatusNotFound {
		t.Fatalf("delete twice: %d", r.Status)
	}
	if r := a.Delete("/api/me/locations/not-a-uuid", u.Token); r.Status != http.StatusNotFound {
		t.Fatalf("bad id: %d", r.Status)
	}
}

func TestWishlist(t *testing.T) {
	t.Parallel()
	a := demoApp(t)
	u := signUp(t, a, uniqueEmail("wish"))
	other := signUp(t, a, uniqueEmail("wish-other"))
	pyramids := demo.ID(cat.DestinationStream, "giza-pyramids").String()
	morning := demo.ID(cat.ProgramStream, "pyramids-and-sphinx-morning").String()

	// A destination by its slug is kept under its id; the same place by its id is already there.
	r := a.Post("/api/me/wishlist", u.Token, map[string]any{"kind": "destination", "item_id": "giza-pyramids"})
	if r.Status != http.StatusCreated || r.Map(t)["message"] != "Added to your wishlist." {
		t.Fatalf("add: %d %s", r.Status, r.Body)
	}
	if r := a.Post("/api/me/wishlist", u.Token, map[string]any{"kind": "destination", "item_id": pyramids}); r.Status != http.StatusOK {
		t.Fatalf("the same place by its id: %d %s", r.Status, r.Body)
	}
	if r := a.Post("/api/me/wishlist", u.Token, map[string]any{"kind": "destination", "item_id": "Giza-Pyramids"}); r.Status != http.StatusOK {
		t.Fatalf("the slug again: %d %s", r.Status, r.Body)
	}
	if r := a.Post("/api/me/wishlist", u.Token, map[string]any{"kind": "program", "item_id": "pyramids-and-sphinx-morning"}); r.Status != http.StatusCreated {
		t.Fatalf("add program: %d %s", r.Status, r.Body)
	}
	// The wrong kind, an unknown id and an unknown kind are refused, by field, in the caller's language.
	wrong := a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/me/wishlist", Token: u.Token,
		Body: map[string]any{"kind": "program", "item_id": pyramids}, Header: map[string]string{"Accept-Language": "ar"}})
	if wrong.Status != http.StatusUnprocessableEntity || !strings.Contains(string(wrong.Body), "برامجنا") {
		t.Fatalf("a destination's id as a program: %d %s", wrong.Status, wrong.Body)
	}
	if r := a.Post("/api/me/wishlist", u.Token, map[string]any{"kind": "destination", "item_id": morning}); r.Status != http.StatusUnprocessableEntity ||
		!strings.Contains(string(r.Body), "none of our destinations") {
		t.Fatalf("a program's id as a destination: %d %s", r.Status, r.Body)
	}
	if r := a.Post("/api/me/wishlist", u.Token, map[string]any{"kind": "destination", "item_id": 12}); r.Status != http.StatusUnprocessableEntity {
		t.Fatalf("an unknown id: %d %s", r.Status, r.Body)
	}
	if r := a.Post("/api/me/wishlist", u.Token, map[string]any{"kind": "hotel", "item_id": "1"}); r.Status != http.StatusUnprocessableEntity {
		t.Fatalf("bad kind: %d", r.Status)
	}
	var list struct {
		Data []map[string]any `json:"data"`
	}
	a.Get("/api/me/wishlist", u.Token).JSON(t, &list)
	if len(list.Data) != 2 {
		t.Fatalf("list = %v", list.Data)
	}
	got := []string{list.Data[0]["kind"].(string) + " " + list.Data[0]["item_id"].(string), list.Data[1]["kind"].(string) + " " + list.Data[1]["item_id"].(string)}
	slices.Sort(got)
	if want := []string{"destination " + pyramids, "program " + morning}; !reflect.DeepEqual(got, want) {
		t.Fatalf("items = %v, want %v", got, want)
	}
	if r := a.Delete("/api/me/wishlist/destination/"+pyramids, other.Token); r.Status != http.StatusNotFound {
		t.Fatalf("another traveller removing: %d", r.Status)
	}
	if r := a.Delete("/api/me/wishlist/destination/"+pyramids, u.Token); r.Status != http.StatusOK {
		t.Fatalf("remove: %d", r.Status)
	}
	if r := a.Delete("/api/me/wishlist/destination/"+pyramids, u.Token); r.Status != http.StatusNotFound {
		t.Fatalf("remove twice: %d", r.Status)
	}
}

func TestPickupPoints(t *testing.T) {
	t.Parallel()
	a := apptest.New(t)
	u := signUp(t, a, uniqueEmail("pick"))
	other := signUp(t, a, uniqueEmail("pick-other"))
	r := a.Post("/api/me/pickup-points", u.Token, map[string]any{"name": "", "lat": 30.04, "lng": 31.23})
	if r.Status != http.StatusUnprocessableEntity {
		t.Fatalf("no name: %d", r.Status)
	}
	r = a.Post("/api/me/pickup-points", u.Token, map[string]any{"name": "Hotel lobby", "address": "Corniche El Nil", "notes": "Main door", "lat": "30.0444", "lng": "31.2357"})
	if r.Status != http.StatusCreated {
		t.Fatalf("add: %d %s", r.Status, r.Body)
	}
	p := r.Map(t)["data"].(map[string]any)
	wantKeys(t, "pickup point", p, "id", "name", "address", "notes", "lat", "lng", "created_at")
	path := "/api/me/pickup-points/" + p["id"].(string)
	if r := a.Get(path, u.Token); r.Status != http.StatusOK {
		t.Fatalf("get: %d", r.Status)
	}
	if r := a.Get(path, other.Token); r.Status != http.StatusNotFound {
		t.Fatalf("another user reading: %d", r.Status)
	}
	if r := a.Delete(path, other.Token); r.Status != http.StatusNotFound {
		t.Fatalf("another user deleting: %d", r.Status)
	}
	if r := a.Delete(path, u.Token); r.Status != http.StatusOK {
		t.Fatalf("delete: %d", r.Status)
	}
}

func fromIP(ip string) map[string]string { return map[string]string{"X-Forwarded-For": ip} }

func trustProxy(c *config.Config) { c.TrustProxy = true }

func assert429(t *testing.T, what string, r apptest.Response) {
	t.Helper()
	if r.Status != http.StatusTooManyRequests {
		t.Fatalf("%s: %d %s, want 429", what, r.Status, r.Body)
	}
	secs, err := strconv.Atoi(r.Header.Get("Retry-After"))
	if err != nil || secs < 1 {
		t.Fatalf("%s: Retry-After %q", what, r.Header.Get("Retry-After"))
	}
	if msg, _ := r.Map(t)["message"].(string); !strings.HasPrefix(msg, "Too many attempts.") {
		t.Fatalf("%s: message %q", what, msg)
	}
}

func TestLoginIsRateLimitedPerIPAndPerAccount(t *testing.T) {
	t.Parallel()
	a := apptest.New(t, trustProxy)
	a.Accounts.Limits.LoginIP = ratelimit.Rule{Name: "login-ip", Limit: 4, Period: time.Hour}
	a.Accounts.Limits.LoginAccount = ratelimit.Rule{Name: "login-account", Limit: 3, Period: time.Hour}
	u := signUp(t, a, uniqueEmail("rl"))
	login := func(ip, email, pw string) apptest.Response {
		return a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/user/login", Body: map[string]string{"email": email, "password": pw}, Header: fromIP(ip)})
	}

	// Per IP: the 5th attempt from one address is refused whoever it is for.
	for i := range 4 {
		if r := login("198.51.100.1", uniqueEmail("spray"), "guess-guess"); r.Status != http.StatusUnauthorized {
			t.Fatalf("attempt %d: %d", i+1, r.Status)
		}
	}
	assert429(t, "5th attempt from one IP", login("198.51.100.1", u.Email, u.Password))
	if r := login("198.51.100.2", u.Email, u.Password); r.Status != http.StatusOK {
		t.Fatalf("another IP is not limited: %d", r.Status)
	}

	// Per account: failures from many addresses add up; then even the right password waits.
	for i := range 3 {
		if r := login("203.0.113."+strconv.Itoa(i+1), u.Email, "wrong-horse"); r.Status != http.StatusUnauthorized {
			t.Fatalf("failure %d: %d", i+1, r.Status)
		}
	}
	assert429(t, "account after 3 failures", login("203.0.113.50", u.Email, u.Password))
	ar := a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/user/login", Body: map[string]string{"email": u.Email, "password": u.Password},
		Header: map[string]string{"X-Forwarded-For": "203.0.113.51", "lang": "ar"}})
	if msg, _ := ar.Map(t)["message"].(string); ar.Status != http.StatusTooManyRequests || !strings.HasPrefix(msg, "محاولات كثيرة جدًا") {
		t.Fatalf("Arabic 429: %d %s", ar.Status, ar.Body)
	}
}

func TestAStrangerHammeringAnAccountDoesNotLockTheOwnerOut(t *testing.T) {
	t.Parallel()
	a := apptest.New(t, trustProxy)
	// The defaults: 5 failures per account and address in 15 minutes, then one every 3 minutes.
	u := signUp(t, a, uniqueEmail("owner"))
	login := func(ip, pw string) apptest.Response {
		return a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/user/login", Body: map[string]string{"email": u.Email, "password": pw}, Header: fromIP(ip)})
	}
	if r := login("192.0.2.77", u.Password); r.Status != http.StatusOK {
		t.Fatalf("the owner at home: %d %s", r.Status, r.Body)
	}
	for i := range 5 {
		if r := login("198.51.100.66", "guess-"+strconv.Itoa(i)); r.Status != http.StatusUnauthorized {
			t.Fatalf("stranger's guess %d: %d %s", i+1, r.Status, r.Body)
		}
	}
	for range 3 {
		r := login("198.51.100.66", "guess-again")
		assert429(t, "the stranger after 5 failures", r)
		if secs, _ := strconv.Atoi(r.Header.Get("Retry-After")); secs > 180 {
			t.Fatalf("the stranger is slowed down, not locked out: Retry-After %d s", secs)
		}
	}
	if r := login("192.0.2.77", u.Password); r.Status != http.StatusOK {
		t.Fatalf("the owner while a stranger hammers the account: %d %s", r.Status, r.Body)
	}
}

func TestRegisterForgotAndResetAreRateLimited(t *testing.T) {
	t.Parallel()
	a := apptest.New(t, trustProxy)
	a.Accounts.Limits.RegisterIP = ratelimit.Rule{Name: "register-ip", Limit: 2, Period: time.Hour}
	a.Accounts.Limits.ForgotAccount = ratelimit.Rule{Name: "forgot-account", Limit: 2, Period: time.Hour}
	a.Accounts.Limits.ResetIP = ratelimit.Rule{Name: "reset-ip", Limit: 2, Period: time.Hour}
	reg := func() apptest.Response {
		return a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/register", Header: fromIP("192.0.2.9"), Body: map[string]string{
			"first_name": "A", "last_name": "B", "email": uniqueEmail("reg"), "password": "correct-horse", "phone_number": "+201001234567"}})
	}
	reg()
	reg()
	assert429(t, "3rd sign-up from one IP", reg())

	forgot := func(ip string) apptest.Response {
		return a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/password/forgot", Header: fromIP(ip), Body: map[string]string{"email": "someone@example.com"}})
	}
	forgot("192.0.2.20")
	forgot("192.0.2.21")
	assert429(t, "3rd reset mail for one address", forgot("192.0.2.22"))

	reset := func() apptest.Response {
		return a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/password/reset", Header: fromIP("192.0.2.30"), Body: map[string]string{"token": "guess", "password": "correct-horse", "password_confirmation": "correct-horse"}})
	}
	reset()
	reset()
	assert429(t, "3rd token guess from one IP", reset())
}

func TestCookieSessionsRefuseCrossSiteWrites(t *testing.T) {
	t.Parallel()
	a := apptest.New(t)
	u := signUp(t, a, uniqueEmail("csrf"))
	r := a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/logout", Header: map[string]string{
		"Cookie": "authToken=" + u.Token, "Origin": "https://evil.example", "Sec-Fetch-Site": "cross-site"}})
	if r.Status != http.StatusForbidden {
		t.Fatalf("cross-site logout: %d", r.Status)
	}
	if a.Get("/api/me", u.Token).Status != http.StatusOK {
		t.Fatal("the cross-site request signed the user out")
	}
}

func TestSessionCookieIsSecureWhenTheSiteIsHTTPS(t *testing.T) {
	t.Parallel()
	a := apptest.New(t)
	a.Config.PublicURL = "https://mishwar.example"
	u := signUp(t, a, uniqueEmail("secure"))
	r := a.Post("/api/user/login", "", map[string]string{"email": u.Email, "password": u.Password})
	if c := cookieNamed(r.Header, "authToken"); c == nil || !c.Secure || !c.HttpOnly || c.SameSite != http.SameSiteLaxMode {
		t.Fatalf("cookie = %+v", c)
	}
}

// The whole app with MISHWAR_SMTP_URL set: the reset mail leaves through a real SMTP server (Mailpit)
// on loopback, multipart in the requester's language, and its link works. (Not parallel: it sets the
// process environment the app reads its mail settings from. Plain text: the app trusts only the
// system's certificate authorities; STARTTLS, TLS and authentication are the mail adapter's tests.)
func TestPasswordResetMailGoesOutOverSMTP(t *testing.T) {
	srv := mailpittest.Start(t, mailpittest.Options{PlainText: true})
	t.Setenv("MISHWAR_SMTP_URL", srv.URL())
	t.Setenv("MISHWAR_MAIL_FROM", "Mishwar Trips <trips@mishwar.example>")
	a := apptest.New(t)
	u := signUp(t, a, uniqueEmail("smtp"))

	r := a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/password/forgot", Body: map[string]string{"email": u.Email}, Header: map[string]string{"lang": "ar"}})
	if r.Status != http.StatusOK {
		t.Fatalf("forgot: %d %s", r.Status, r.Body)
	}
	got := srv.Wait(t, 1, 15*time.Second)
	m := got[0]
	if m.From == nil || m.From.Address != "trips@mishwar.example" || len(m.To) != 1 || m.To[0].Address != u.Email {
		t.Fatalf("mail from %+v to %+v", m.From, m.To)
	}
	if ct := m.Header("Content-Type"); !strings.HasPrefix(ct, "multipart/alternative") || m.Subject != "إعادة تعيين كلمة مرور مشوار" || !strings.Contains(m.HTML, `dir="rtl"`) {
		t.Fatalf("mail: %s %q", ct, m.Subject)
	}
	link := resetLinkRE.FindStringSubmatch(m.Text)
	if link == nil {
		t.Fatalf("no link in %q", m.Text)
	}
	token, _ := url.QueryUnescape(link[2])
	if r := a.Post("/api/password/reset", "", map[string]string{"token": token, "password": "smtp-horse-1", "password_confirmation": "smtp-horse-1"}); r.Status != http.StatusOK {
		t.Fatalf("reset: %d %s", r.Status, r.Body)
	}
	logIn(t, a, u.Email, "smtp-horse-1")
}

// The account routes that change something without carrying a secret go through the shared
// Idempotency-Key middleware: a retried save is answered from the first one and saves nothing twice.
func TestARepeatedIdempotencyKeySavesALocationOnce(t *testing.T) {
	t.Parallel()
	a := apptest.New(t)
	u := signUp(t, a, uniqueEmail("idem-loc"))
	save := func(label string) apptest.Response {
		return a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/me/locations", Token: u.Token,
			Body:   map[string]any{"label": label, "lat": 30.0626, "lng": 31.2197},
			Header: map[string]string{"Idempotency-Key": "save-home-1"}})
	}
	first := save("Home")
	if first.Status != http.StatusCreated {
		t.Fatalf("save: %d %s", first.Status, first.Body)
	}
	again := save("Home")
	if again.Status != http.StatusCreated || again.Header.Get("Idempotent-Replayed") != "true" || !bytes.Equal(again.Body, first.Body) {
		t.Fatalf("repeat: %d %q %s, want the first answer replayed", again.Status, again.Header.Get("Idempotent-Replayed"), again.Body)
	}
	var list struct {
		Data []map[string]any `json:"data"`
	}
	a.Get("/api/me/locations", u.Token).JSON(t, &list)
	if len(list.Data) != 1 {
		t.Fatalf("%d locations saved, want 1", len(list.Data))
	}
	if r := save("Work"); r.Status != http.StatusUnprocessableEntity {
		t.Fatalf("the key with another body: %d %s, want 422", r.Status, r.Body)
	}
	// Sign-in never goes through it: its answer is a session token, which must not be kept.
	r := a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/user/login", Body: map[string]string{"email": u.Email, "password": u.Password},
		Header: map[string]string{"Idempotency-Key": "login-1"}})
	again = a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/user/login", Body: map[string]string{"email": u.Email, "password": u.Password},
		Header: map[string]string{"Idempotency-Key": "login-1"}})
	if r.Status != http.StatusOK || again.Status != http.StatusOK || again.Header.Get("Idempotent-Replayed") != "" || bytes.Equal(r.Body, again.Body) {
		t.Fatalf("sign-in with a key: %d, then %d replayed=%q; want two sessions", r.Status, again.Status, again.Header.Get("Idempotent-Replayed"))
	}
}

// Answers that carry a session, contact details or a trip are kept by no cache (a shared computer's
// browser, a proxy); the public catalogue's are, briefly.
func TestPrivateAnswersAreNotStoredAndTheCatalogueIsCachedBriefly(t *testing.T) {
	t.Parallel()
	a := apptest.New(t)
	u := signUp(t, a, uniqueEmail("nostore"))
	for _, r := range []apptest.Response{
		a.Get("/api/me", u.Token),
		a.Post("/api/user/login", "", map[string]string{"email": u.Email, "password": u.Password}),
		a.Get("/api/me/sessions", u.Token),
		a.Get("/api/me", ""),
	} {
		if got := r.Header.Get("Cache-Control"); got != "no-store" {
			t.Errorf("%d %s: Cache-Control %q, want no-store", r.Status, r.Body, got)
		}
	}
	if got := a.Get("/api/destinations", "").Header.Get("Cache-Control"); got != "public, max-age=30" {
		t.Errorf("the catalogue: Cache-Control %q, want public, max-age=30", got)
	}
}
