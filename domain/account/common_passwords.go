package account

import (
	"strings"
	"unicode/utf8"
)

// commonPasswords are passwords of 8 characters or more found at the top of every list of leaked
// passwords, lower-cased: tried first by anyone guessing, they would fall within the sign-in limit of
// 20 attempts a day (docs/accounts.md).
var commonPasswords = func() map[string]bool {
	m := map[string]bool{}
	for _, p := range strings.Fields(`
		password password1 password12 password123 password1234 passw0rd p@ssw0rd p@ssword
		12345678 123456789 1234567890 12345678910 0123456789 87654321 98765432 987654321 9876543210
		11111111 00000000 88888888 12341234 11223344 12121212 123123123 1q2w3e4r 1q2w3e4r5t
		1qaz2wsx qwertyui qwertyuiop qwerty12 qwerty123 qwerty1234 asdfghjk asdfghjkl zxcvbnm1
		abcd1234 abc12345 abcdefgh a1b2c3d4 aa123456 iloveyou iloveyou1 sunshine princess
		football baseball welcome1 welcome123 letmein1 trustno1 superman batman123 starwars
		whatever computer internet michael1 jennifer dragon12 monkey12 master12 shadow12
		admin123 admin1234 administrator changeme changeme1 default1 secret12 mishwar1 mishwar123
		cairo123 egypt123 egypt2024 egypt2025 egypt2026 pyramids
	`) {
		m[p] = true
	}
	return m
}()

// guessable reports whether a password is among those tried first: a common one, or one character
// (or nothing but spaces) repeated.
func guessable(password string) bool {
	if commonPasswords[strings.ToLower(password)] {
		return true
	}
	first, _ := utf8.DecodeRuneInString(password)
	return strings.TrimSpace(password) == "" || strings.Count(password, string(first)) == utf8.RuneCountInString(password)
}
