package i18n_test

import (
	"testing"

	"mishwar/domain/account"
	"mishwar/internal/i18n"
)

// Every too-long message of the account fields is the app's own, in both languages.
func TestAccountTooLongMessagesExistInEnglishAndArabic(t *testing.T) {
	for _, k := range []string{account.KeyFirstNameTooLong, account.KeyLastNameTooLong, account.KeyEmailTooLong,
		account.KeyPhoneTooLong, account.KeyLabelTooLong, account.KeyAddressTooLong, account.KeyNotesTooLong,
		account.KeyPlaceNameTooLong, account.KeyNameTooLong, account.KeyTextTooLong} {
		en, ar := i18n.T(i18n.En, k), i18n.T(i18n.Ar, k)
		if !i18n.Has(k) || en == ar {
			t.Errorf("%s: en %q, ar %q", k, en, ar)
		}
	}
}
