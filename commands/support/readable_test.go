package support_test

import (
	"testing"
	"time"

	"mishwar/commands/support"
	"mishwar/domain/money"
	"mishwar/internal/i18n"
)

func TestValuesAreSaidAsPeopleReadThem(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 11, 28, 7, 30, 0, 0, time.UTC) // 09:30 in Cairo
	for _, c := range []struct{ got, want string }{
		{support.Money(i18n.En, money.New(123450, money.EGP)), "EGP 1,234.50"},
		{support.Money(i18n.En, money.New(-5, money.USD)), "-USD 0.05"},
		{support.Money(i18n.Ar, money.New(123450, money.EGP)), "١٬٢٣٤٫٥٠ ج.م"},
		{support.Duration(i18n.En, 24*time.Hour), "24 hours"},
		{support.Duration(i18n.En, 90*time.Minute), "1 hour 30 minutes"},
		{support.Duration(i18n.En, 50*time.Hour), "2 days 2 hours"},
		{support.Duration(i18n.Ar, 24*time.Hour), "٢٤ ساعة"},
		{support.Duration(i18n.Ar, 5*time.Hour+2*time.Minute), "٥ ساعات ودقيقتان"},
		{support.Duration(i18n.Ar, time.Hour), "ساعة واحدة"},
		{support.Duration(i18n.En, 0), "no time"},
		{support.CairoTime(i18n.En, at), "Sat 28 Nov 2026, 09:30 Cairo time"},
		{support.CairoTime(i18n.Ar, at), "السبت ٢٨ نوفمبر ٢٠٢٦، ٠٩:٣٠ بتوقيت القاهرة"},
		{support.Percent(i18n.En, 5000), "50%"},
		{support.Percent(i18n.En, 1250), "12.5%"},
		{support.Percent(i18n.Ar, 5000), "٥٠٪"},
		{support.Distance(i18n.Ar, 42500), "٤٢٫٥ كم"},
		{support.TypeLabel(i18n.Ar, "OrderPlaced"), "تم تقديم الطلب"},
		{support.TypeLabel(i18n.En, "SomethingNewHappened"), "Something new happened"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}
