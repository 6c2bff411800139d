package payments

import (
	"context"
	"html/template"
	"net/http"
	"strconv"
	"strings"
	"time"

	"mishwar/domain/money"
	"mishwar/domain/payment"
	"mishwar/internal/i18n"
)

// ServeHTTP serves the hosted test card page under PagePath:
//
//	GET  {PagePath}{session}       the card form (or, once the payment is settled, its result page)
//	POST {PagePath}{session}       pay (or cancel) with a test card
//	POST {PagePath}{session}/3ds   answer the one-time code step
//
// The card number, expiry and CVC posted here live only in this request: they pick the outcome and
// are dropped. Nothing about the card is stored, logged or sent in the callback.
func (s *Sandbox) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Cache-Control", "no-store")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Frame-Options", "DENY")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'")

	rest := strings.TrimPrefix(r.URL.Path, s.pagePath)
	token, action, _ := strings.Cut(rest, "/")
	var sess sandboxSession
	if !s.open(token, &sess) {
		s.render(w, http.StatusNotFound, page{Lang: "en", Error: "invalid"})
		return
	}
	p := page{Lang: sess.Lang, Session: sess, Amount: money.New(sess.Minor, money.Currency(sess.Currency)), Action: s.pagePath + token}
	if !s.now().Before(time.Unix(sess.Expires, 0)) {
		p.Error = "expired"
		s.render(w, http.StatusGone, p)
		return
	}
	if s.refusedClosed(w, r, p) {
		return
	}
	switch {
	case r.Method == http.MethodGet && action == "":
		if s.sentOn(w, r, sess) {
			return
		}
		s.render(w, http.StatusOK, p)
	case r.Method == http.MethodPost && (action == "" || action == "3ds"):
		// A payment is settled once: a card or a code submitted again, from another tab or after
		// Back, is sent on to the result instead of being charged again.
		unlock, err := s.paying.Lock(r.Context(), sess.PaymentID)
		if err != nil {
			return // the browser went away while another submit was being paid
		}
		defer unlock()
		if s.sentOn(w, r, sess) || s.refusedClosed(w, r, p) {
			return
		}
		if action == "" {
			s.pay(w, r, p)
		} else {
			s.challenge(w, r, p)
		}
	default:
		w.Header().Set("Allow", "GET, POST")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
	}
}

// refusedClosed answers the page of a session the shop closed (its order cancelled, its change given
// up) with why it can no longer be paid, and says whether it did. A page whose state cannot be read
// is refused too: a closed session must never take a card.
func (s *Sandbox) refusedClosed(w http.ResponseWriter, r *http.Request, p page) bool {
	reason, err := s.ledger.Closed(r.Context(), p.Session.PaymentID)
	switch {
	case err != nil:
		s.log.Error("payments: sandbox: cannot read whether a session is closed", "payment", p.Session.PaymentID, "err", err)
		p.Error = "unavailable"
		s.render(w, http.StatusServiceUnavailable, p)
		return true
	case reason == payment.CloseExchangeAbandoned:
		p.Error = "closed_exchange"
	case reason != "":
		p.Error = "closed_order"
	default:
		return false
	}
	s.render(w, http.StatusGone, p)
	return true
}

// sentOn redirects to the payment's result page when its notices settled it, and says whether it did.
func (s *Sandbox) sentOn(w http.ResponseWriter, r *http.Request, sess sandboxSession) bool {
	if s.settled == nil {
		return false
	}
	switch s.settled(r.Context(), sess.PaymentID) {
	case OutcomeSucceeded:
		http.Redirect(w, r, sess.Success, http.StatusSeeOther)
		return true
	case OutcomeFailed:
		http.Redirect(w, r, sess.Failure, http.StatusSeeOther)
		return true
	}
	return false
}

type challengeClaims struct {
	Session string `json:"s"`
	Nonce   string `json:"n"`
	Expires int64  `json:"x"`
}

func (s *Sandbox) pay(w http.ResponseWriter, r *http.Request, p page) {
	if err := r.ParseForm(); err != nil {
		p.Error = "form"
		s.render(w, http.StatusBadRequest, p)
		return
	}
	if r.PostForm.Get("cancel") != "" {
		s.finish(w, r, p.Session, newNonce(), OutcomeFailed, ReasonCancelled)
		return
	}
	// An Arabic keyboard types Arabic-Indic digits: they are the same card.
	number := digitsOnly(i18n.WesternDigits(r.PostForm.Get("card_number")))
	p.Fields = checkCard(number, i18n.WesternDigits(r.PostForm.Get("expiry")), i18n.WesternDigits(r.PostForm.Get("cvc")), s.now())
	if len(p.Fields) > 0 {
		s.render(w, http.StatusUnprocessableEntity, p)
		return
	}
	switch number {
	case CardSuccess:
		s.finish(w, r, p.Session, newNonce(), OutcomeSucceeded, "")
	case CardInsufficientFunds:
		s.finish(w, r, p.Session, newNonce(), OutcomeFailed, ReasonInsufficientFunds)
	case Card3DS:
		tok, err := s.seal(challengeClaims{Session: strings.TrimPrefix(p.Action, s.pagePath), Nonce: newNonce(), Expires: s.now().Add(10 * time.Minute).Unix()})
		if err != nil {
			http.Error(w, "internal error", http.StatusInternalServerError)
			return
		}
		p.Challenge = tok
		p.Action += "/3ds"
		s.render(w, http.StatusOK, p)
	default:
		s.finish(w, r, p.Session, newNonce(), OutcomeFailed, ReasonDeclined)
	}
}

func (s *Sandbox) challenge(w http.ResponseWriter, r *http.Request, p page) {
	if err := r.ParseForm(); err != nil {
		p.Error = "form"
		s.render(w, http.StatusBadRequest, p)
		return
	}
	var c challengeClaims
	if !s.open(r.PostForm.Get("challenge"), &c) || c.Session != strings.TrimPrefix(p.Action, s.pagePath) || s.now().Unix() >= c.Expires {
		p.Error = "invalid"
		s.render(w, http.StatusBadRequest, p)
		return
	}
	// The notice id comes from the challenge, so answering the same challenge twice is a replay.
	if strings.TrimSpace(i18n.WesternDigits(r.PostForm.Get("otp"))) == SandboxOTP {
		s.finish(w, r, p.Session, c.Nonce, OutcomeSucceeded, "")
		return
	}
	s.finish(w, r, p.Session, c.Nonce, OutcomeFailed, ReasonAuthentication)
}

func (s *Sandbox) finish(w http.ResponseWriter, r *http.Request, sess sandboxSession, nonce, outcome, reason string) {
	n := SandboxNotice{
		PaymentID: sess.PaymentID, NoticeID: "sbx_" + nonce, Outcome: outcome,
		Amount: money.New(sess.Minor, money.Currency(sess.Currency)), Reference: "sbx_txn_" + nonce, Reason: reason,
		CreatedAt: s.now().UTC(),
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), 15*time.Second)
	defer cancel()
	if err := s.deliver(ctx, sess, n); err != nil {
		// A provider keeps sending a notice its merchant did not take (the database was down, the
		// process restarting): the card was charged all the same, and only the notice records it.
		s.log.Warn("sandbox payment callback not delivered; sending it again in the background", "payment", sess.PaymentID, "outcome", outcome, "error", err)
		go s.redeliver(sess, n)
	}
	target := sess.Success
	if outcome != OutcomeSucceeded {
		target = sess.Failure
		if reason != "" {
			target = withQuery(target, "reason", reason)
		}
	}
	http.Redirect(w, r, target, http.StatusSeeOther)
}

// redeliverFor is how long a notice the site did not take is sent again, at growing intervals (a
// real provider keeps at it for days; the sandbox lives in the site's own process).
const redeliverFor = 30 * time.Minute

// redeliver sends a notice again until the site takes it or redeliverFor has passed.
func (s *Sandbox) redeliver(sess sandboxSession, n SandboxNotice) {
	wait := 2 * time.Second
	for deadline := time.Now().Add(redeliverFor); time.Now().Before(deadline); wait = min(2*wait, time.Minute) {
		time.Sleep(wait)
		ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
		err := s.deliver(ctx, sess, n)
		cancel()
		if err == nil {
			s.log.Info("sandbox payment callback delivered on a later try", "payment", sess.PaymentID, "outcome", n.Outcome)
			return
		}
	}
	s.log.Error("sandbox payment callback never delivered: the charge is on no order", "payment", sess.PaymentID, "outcome", n.Outcome, "notice", n.NoticeID)
}

func withQuery(u, k, v string) string {
	sep := "?"
	if strings.Contains(u, "?") {
		sep = "&"
	}
	return u + sep + k + "=" + v
}

func digitsOnly(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// checkCard validates the form the way a real card form does; it returns field → message key.
func checkCard(number, expiry, cvc string, now time.Time) map[string]string {
	errs := map[string]string{}
	if len(number) < 12 || len(number) > 19 || !luhn(number) {
		errs["card_number"] = "card_number"
	}
	mm, yy, ok := strings.Cut(strings.ReplaceAll(strings.TrimSpace(expiry), " ", ""), "/")
	month, errM := strconv.Atoi(mm)
	year, errY := strconv.Atoi(yy)
	if !ok || errM != nil || errY != nil || month < 1 || month > 12 {
		errs["expiry"] = "expiry"
	} else {
		if year < 100 {
			year += 2000
		}
		if !time.Date(year, time.Month(month)+1, 1, 0, 0, 0, 0, time.UTC).After(now) {
			errs["expiry"] = "expired_card"
		}
	}
	if c := digitsOnly(cvc); len(c) < 3 || len(c) > 4 || len(c) != len(strings.TrimSpace(cvc)) {
		errs["cvc"] = "cvc"
	}
	return errs
}

func luhn(number string) bool {
	sum, double := 0, false
	for i := len(number) - 1; i >= 0; i-- {
		d := int(number[i] - '0')
		if double {
			d *= 2
			if d > 9 {
				d -= 9
			}
		}
		sum += d
		double = !double
	}
	return sum%10 == 0
}

type page struct {
	Lang      string
	Session   sandboxSession
	Amount    money.Money
	Action    string
	Error     string
	Fields    map[string]string
	Challenge string
}

func (p page) T(key string) string {
	t, ok := sandboxTexts[key]
	if !ok {
		return key
	}
	if p.Lang == "ar" {
		return t[1]
	}
	return t[0]
}

func (p page) Dir() string {
	if p.Lang == "ar" {
		return "rtl"
	}
	return "ltr"
}

// AmountText is the amount as the rest of the site writes it in the page's language: "522.20 EGP",
// or in Arabic "٥٢٢٫٢٠ ج.م" (Arabic-Indic digits, the currency's Arabic symbol).
func (p page) AmountText() string {
	return i18n.Amount(p.lang(), p.Amount.Minor, string(p.Amount.Currency))
}

func (p page) lang() i18n.Lang {
	if p.Lang == "ar" {
		return i18n.Ar
	}
	return i18n.En
}

var sandboxTexts = map[string][2]string{
	"title":           {"Mishwar test payment", "دفع تجريبي - مشوار"},
	"banner":          {"TEST MODE: this is the Mishwar sandbox. No real card is charged and no money moves.", "وضع الاختبار: هذه بيئة مشوار التجريبية. لن يتم خصم أي مبلغ من أي بطاقة حقيقية."},
	"trip":            {"Trip number", "رقم الرحلة"},
	"amount":          {"Amount", "المبلغ"},
	"number":          {"Card number", "رقم البطاقة"},
	"expiry":          {"Expiry (MM/YY)", "تاريخ الانتهاء (شهر/سنة)"},
	"cvc":             {"CVC", "رمز التحقق"},
	"name":            {"Name on card", "الاسم على البطاقة"},
	"pay":             {"Pay", "ادفع"},
	"cancel":          {"Cancel payment", "إلغاء الدفع"},
	"cards":           {"Test cards", "بطاقات الاختبار"},
	"c_success":       {"payment succeeds", "ينجح الدفع"},
	"c_declined":      {"card declined", "رفض البطاقة"},
	"c_funds":         {"insufficient funds", "رصيد غير كافٍ"},
	"c_3ds":           {"asks for a one-time code (123456 passes)", "يطلب رمزًا لمرة واحدة (١٢٣٤٥٦ ينجح)"},
	"c_hint":          {"Any future expiry date and any 3-digit CVC.", "أي تاريخ انتهاء مستقبلي وأي رمز تحقق من ٣ أرقام."},
	"otp_title":       {"Verify it's you", "تأكيد هويتك"},
	"otp_text":        {"Your bank sent a one-time code. In the sandbox the code is 123456.", "أرسل البنك رمزًا لمرة واحدة. في البيئة التجريبية الرمز هو ١٢٣٤٥٦."},
	"otp":             {"One-time code", "الرمز لمرة واحدة"},
	"verify":          {"Verify", "تحقق"},
	"card_number":     {"Enter a valid card number.", "أدخل رقم بطاقة صحيحًا."},
	"expiry_err":      {"Enter the expiry as MM/YY.", "أدخل تاريخ الانتهاء بصيغة شهر/سنة."},
	"expired_card":    {"This card has expired.", "انتهت صلاحية هذه البطاقة."},
	"cvc_err":         {"Enter the 3 or 4 digits on the back of the card.", "أدخل الأرقام الثلاثة أو الأربعة خلف البطاقة."},
	"invalid":         {"This payment link is not valid.", "رابط الدفع هذا غير صالح."},
	"expired":         {"This payment session has expired. Please go back and try again.", "انتهت صلاحية جلسة الدفع هذه. يرجى العودة والمحاولة مرة أخرى."},
	"closed_order":    {"This payment is no longer open: the order was cancelled. Nothing was charged.", "لم يعد هذا الدفع متاحًا: أُلغي الطلب. لم يُخصم أي مبلغ."},
	"closed_exchange": {"This payment is no longer open: the change it was for was given up. Nothing was charged.", "لم يعد هذا الدفع متاحًا: تم التراجع عن التعديل المطلوب دفعه. لم يُخصم أي مبلغ."},
	"unavailable":     {"The payment page is unavailable right now. Nothing was charged; please try again in a moment.", "صفحة الدفع غير متاحة الآن. لم يُخصم أي مبلغ؛ يرجى المحاولة بعد قليل."},
	"form":            {"The form could not be read.", "تعذرت قراءة النموذج."},
	"back":            {"Back to Mishwar", "العودة إلى مشوار"},
}

func (p page) FieldError(field string) string {
	key, ok := p.Fields[field]
	if !ok {
		return ""
	}
	switch key {
	case "expiry", "cvc":
		key += "_err"
	}
	return p.T(key)
}

var sandboxPage = template.Must(template.New("page").Parse(`<!doctype html>
<html lang="{{.Lang}}" dir="{{.Dir}}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>{{.T "title"}}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f1ea;margin:0;color:#222}
.banner{background:#b3261e;color:#fff;padding:.8rem 1rem;font-weight:700;text-align:center}
main{max-width:26rem;margin:1.5rem auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 2px 12px #0002;overflow-wrap:anywhere}
@media (max-width:28rem){main{margin:1rem .5rem;padding:1rem}.banner{padding:.6rem .75rem}}
[dir=rtl] body{font-family:system-ui,"Noto Sans Arabic",Tahoma,sans-serif}
code,.ltr{direction:ltr;unicode-bidi:isolate}
label{display:block;margin:.8rem 0 .2rem;font-weight:600}
input{width:100%;box-sizing:border-box;padding:.6rem;font-size:1rem;border:1px solid #bbb;border-radius:6px}
.err{color:#b3261e;font-size:.9rem}
.row{display:flex;gap:.8rem}.row>div{flex:1}
button{margin-top:1.2rem;width:100%;padding:.8rem;font-size:1.05rem;border:0;border-radius:6px;background:#0b6e4f;color:#fff;cursor:pointer}
button.secondary{background:#eee;color:#333}
table{width:100%;font-size:.85rem;margin-top:1rem;border-collapse:collapse}td{padding:.2rem 0}
code{font-size:.85rem;white-space:nowrap}
dl{display:grid;grid-template-columns:auto 1fr;gap:.3rem 1rem}dt{color:#666}dd{margin:0;font-weight:600}
</style></head>
<body>
<div class="banner" role="alert" data-testid="sandbox-banner">{{.T "banner"}}</div>
<main>
<h1>{{.T "title"}}</h1>
{{if .Error}}
  <p class="err" role="alert">{{.T .Error}}</p>
  {{if .Session.Failure}}<p><a href="{{.Session.Failure}}">{{.T "back"}}</a></p>{{end}}
{{else}}
<dl><dt>{{.T "trip"}}</dt><dd data-testid="sandbox-trip"><bdi>{{.Session.OrderID}}</bdi></dd><dt>{{.T "amount"}}</dt><dd data-testid="sandbox-amount"><bdi>{{.AmountText}}</bdi></dd></dl>
{{if .Challenge}}
<form method="post" action="{{.Action}}" autocomplete="off">
  <h2>{{.T "otp_title"}}</h2><p>{{.T "otp_text"}}</p>
  <input type="hidden" name="challenge" value="{{.Challenge}}">
  <label for="otp">{{.T "otp"}}</label><input id="otp" name="otp" inputmode="numeric" autocomplete="one-time-code" required dir="ltr">
  <button type="submit">{{.T "verify"}}</button>
</form>
{{else}}
<form method="post" action="{{.Action}}" autocomplete="off" novalidate>
  <label for="card_number">{{.T "number"}}</label>
  <input id="card_number" name="card_number" inputmode="numeric" autocomplete="off" placeholder="4242 4242 4242 4242" dir="ltr">
  {{with .FieldError "card_number"}}<div class="err">{{.}}</div>{{end}}
  <div class="row">
    <div><label for="expiry">{{.T "expiry"}}</label><input id="expiry" name="expiry" placeholder="12/30" autocomplete="off" dir="ltr">
    {{with .FieldError "expiry"}}<div class="err">{{.}}</div>{{end}}</div>
    <div><label for="cvc">{{.T "cvc"}}</label><input id="cvc" name="cvc" inputmode="numeric" placeholder="123" autocomplete="off" dir="ltr">
    {{with .FieldError "cvc"}}<div class="err">{{.}}</div>{{end}}</div>
  </div>
  <label for="holder">{{.T "name"}}</label><input id="holder" name="holder" autocomplete="off">
  <button type="submit" name="pay" value="1" data-testid="sandbox-pay">{{.T "pay"}} <bdi>{{.AmountText}}</bdi></button>
  <button type="submit" name="cancel" value="1" class="secondary" formnovalidate>{{.T "cancel"}}</button>
</form>
<h2>{{.T "cards"}}</h2>
<table>
<tr><td><code dir="ltr">4242 4242 4242 4242</code></td><td>{{.T "c_success"}}</td></tr>
<tr><td><code dir="ltr">4000 0000 0000 0002</code></td><td>{{.T "c_declined"}}</td></tr>
<tr><td><code dir="ltr">4000 0000 0000 9995</code></td><td>{{.T "c_funds"}}</td></tr>
<tr><td><code dir="ltr">4000 0000 0000 3220</code></td><td>{{.T "c_3ds"}}</td></tr>
</table>
<p>{{.T "c_hint"}}</p>
{{end}}
{{end}}
</main>
</body></html>`))

func (s *Sandbox) render(w http.ResponseWriter, status int, p page) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	if err := sandboxPage.Execute(w, p); err != nil {
		s.log.Error("sandbox page", "error", err)
	}
}
