package support_test

import (
	"testing"
	"time"

	"mishwar/commands/support"
	"mishwar/domain/dispatch"
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
		{support.CairoTime(i18n.Ar, at), "السبت ٢٨ نوفمبر ٢٠٢٦، ٩:٣٠ ص بتوقيت القاهرة"},
		{support.Percent(i18n.En, 5000), "50%"},
		{support.Percent(i18n.En, 1250), "12.5%"},
		{support.Percent(i18n.Ar, 5000), "٥٠٪"},
		{support.Distance(i18n.Ar, 42500), "٤٢٫٥ كم"},
		{support.TypeLabel(i18n.Ar, "OrderPlaced"), "تم تقديم الطلب"},
		{support.TypeLabel(i18n.En, "SomethingNewHappened"), "Something new happened"},
		{support.CalendarDay(i18n.En, "2026-11-28"), "Sat 28 Nov 2026"},
		{support.CalendarDay(i18n.Ar, "2026-11-28"), "السبت ٢٨ نوفمبر ٢٠٢٦"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

// Why a rule took a driver off is said in the reader's language, the other trip's times on Cairo's
// clock; an operator's words, an event recorded before causes were and a cause this code does not
// know keep the words recorded.
func TestWhyADriverWasTakenOffIsSaidInTheReadersLanguage(t *testing.T) {
	t.Parallel()
	overlap := dispatch.TimesOverlap("MSH-BBBBBB", time.Date(2026, 11, 18, 12, 0, 0, 0, time.UTC), time.Date(2026, 11, 18, 14, 30, 0, 0, time.UTC))
	moved := dispatch.MovedToDay("2026-11-19")
	for _, c := range []struct {
		lang   i18n.Lang
		reason string
		cause  *dispatch.Cause
		want   string
	}{
		{i18n.En, moved.Text(), moved, "the trip moved to Thu 19 Nov 2026"},
		{i18n.Ar, moved.Text(), moved, "نُقلت الرحلة إلى الخميس ١٩ نوفمبر ٢٠٢٦"},
		{i18n.En, overlap.Text(), overlap, "the new times overlap trip MSH-BBBBBB (14:00–16:30 Cairo time)"},
		{i18n.Ar, overlap.Text(), overlap, "المواعيد الجديدة تتداخل مع الرحلة \u2068MSH-BBBBBB\u2069 (من \u2068٢:٠٠ م\u2069 إلى \u2068٤:٣٠ م\u2069 بتوقيت القاهرة)"},
		{i18n.Ar, "السائق مريض", nil, "السائق مريض"},
		{i18n.Ar, "the new times overlap trip MSH-BBBBBB (14:00–16:30)", nil, "the new times overlap trip MSH-BBBBBB (14:00–16:30)"},
		{i18n.Ar, "the road is closed", &dispatch.Cause{Code: "road_closed"}, "the road is closed"},
	} {
		if got := support.TakenOff(c.lang, c.reason, c.cause); got != c.want {
			t.Errorf("%s, %q, %+v: got %q, want %q", c.lang, c.reason, c.cause, got, c.want)
		}
	}
}
