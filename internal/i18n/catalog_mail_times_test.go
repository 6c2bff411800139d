package i18n_test

import (
	"strings"
	"testing"

	"mishwar/internal/i18n"
)

// Every time a traveller reads is Cairo time and says so: a mail that names the hour of a trip
// ("at %s", "الساعة %s") labels it right after, as it labels the time to pay by.
func TestEveryMailLabelsTheTimeOfDayItNamesAsCairoTime(t *testing.T) {
	t.Parallel()
	for _, key := range i18n.Keys() {
		if !strings.HasPrefix(key, "mail.") {
			continue
		}
		text, _ := i18n.Lookup(key)
		for _, c := range []struct{ text, hour, label string }{
			{text.En, " at %s", " (Cairo time)"},
			{text.Ar, "الساعة %s", " (بتوقيت القاهرة)"},
		} {
			for rest := c.text; strings.Contains(rest, c.hour); {
				rest = rest[strings.Index(rest, c.hour)+len(c.hour):]
				if !strings.HasPrefix(rest, c.label) {
					t.Errorf("%s: %q names an hour without%s", key, c.text, c.label)
				}
			}
		}
	}
}

func TestTheTripMailsSayTheTripsHourIsCairoTime(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		lang i18n.Lang
		key  string
		args []any
		want string
	}{
		{"quote", i18n.En, "mail.enquiry_quoted.body", []any{"2026-12-01", "10:00", "EGP 1,200", "30 Nov 2026, 18:00"},
			"We can offer your trip on 2026-12-01 at 10:00 (Cairo time) for EGP 1,200. Pay before 30 Nov 2026, 18:00 (Cairo time) to confirm it."},
		{"quote in Arabic", i18n.Ar, "mail.enquiry_quoted.body", []any{"١ ديسمبر ٢٠٢٦", "١٠:٠٠", "١٬٢٠٠ ج.م", "٣٠ نوفمبر ٢٠٢٦"},
			"يمكننا تقديم رحلتك يوم ١ ديسمبر ٢٠٢٦ الساعة ١٠:٠٠ (بتوقيت القاهرة) مقابل ١٬٢٠٠ ج.م. ادفع قبل ٣٠ نوفمبر ٢٠٢٦ (بتوقيت القاهرة) لتأكيدها."},
		{"received", i18n.En, "mail.order_received.body", []any{"1 Dec 2026", "09:00", "18:00"},
			"Your trip on 1 Dec 2026 at 09:00 (Cairo time) is held for you until 18:00 (Cairo time). Complete the payment to confirm it."},
		{"received in Arabic", i18n.Ar, "mail.order_received.body", []any{"١ ديسمبر", "٠٩:٠٠", "١٨:٠٠"},
			"رحلتك يوم ١ ديسمبر الساعة ٠٩:٠٠ (بتوقيت القاهرة) محجوزة لك حتى ١٨:٠٠ (بتوقيت القاهرة). أكمل الدفع لتأكيدها."},
		{"confirmed", i18n.En, "mail.payment_confirmed.body", []any{"EGP 900", "1 Dec 2026", "09:00"},
			"We received your payment of EGP 900. Your trip on 1 Dec 2026 at 09:00 (Cairo time) is confirmed."},
		{"confirmed in Arabic", i18n.Ar, "mail.payment_confirmed.body", []any{"٩٠٠ ج.م", "١ ديسمبر", "٠٩:٠٠"},
			"استلمنا دفعتك بقيمة ٩٠٠ ج.م. رحلتك يوم ١ ديسمبر الساعة ٠٩:٠٠ (بتوقيت القاهرة) مؤكدة."},
		{"changed", i18n.En, "mail.order_exchanged.body", []any{"2 Dec 2026", "11:30", "EGP 950"},
			"Your trip now starts on 2 Dec 2026 at 11:30 (Cairo time). New total: EGP 950."},
		{"changed in Arabic", i18n.Ar, "mail.order_exchanged.body", []any{"٢ ديسمبر", "١١:٣٠", "٩٥٠ ج.م"},
			"تبدأ رحلتك الآن يوم ٢ ديسمبر الساعة ١١:٣٠ (بتوقيت القاهرة). الإجمالي الجديد: ٩٥٠ ج.م."},
	}
	for _, c := range cases {
		if got := i18n.T(c.lang, c.key, c.args...); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
	}
}
