package ordermail_test

import (
	"testing"

	"mishwar/internal/i18n"
	"mishwar/processes/ordermail"
)

func TestARefundsMailSaysItsReasonInTheTravellersWordsNotAsACode(t *testing.T) {
	t.Parallel()
	cases := []struct {
		lang   i18n.Lang
		reason string
		want   string
	}{
		{i18n.Ar, "cancellation", "إلغاء الرحلة"},
		// Neutral: the business may have cancelled (initiated_by business), not the traveller.
		{i18n.En, "cancellation", "the cancellation of your trip"},
		{i18n.Ar, "exchange", "تعديل الحجز"},
		{i18n.En, "paid_after_cancellation", "a payment made after the trip was cancelled"},
		// Staff's own reason is theirs, as they wrote it.
		{i18n.Ar, "تأخر السائق", "تأخر السائق"},
	}
	for _, c := range cases {
		if got := ordermail.RefundReason(c.lang, c.reason); got != c.want {
			t.Errorf("%s %q: %q, want %q", c.lang, c.reason, got, c.want)
		}
	}
}
