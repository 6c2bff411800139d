package mail

import "regexp"

// oneTimeParam finds the value of a URL query parameter that carries a one-time secret (a password
// reset token, a sign-in or verification code, a signed ticket), in a text body or an HTML one (where
// the ampersand is written &amp;).
var oneTimeParam = regexp.MustCompile(`(?i)((?:[?&]|&amp;)(?:token|reset_token|code|otp|key|secret|signature|sig|ticket)=)([^&\s"'<>#]+)`)

// Masked is what a one-time secret reads as in a staff view.
const Masked = "[hidden]"

// MaskSecrets hides the one-time secrets in links of s. The admin mailbox shows other people's
// mail: a live reset link there would let any staff member take over that person's account. The mail
// actually sent keeps them; only the staff views (Outbox) mask them.
func MaskSecrets(s string) string {
	return oneTimeParam.ReplaceAllString(s, "${1}"+Masked)
}
