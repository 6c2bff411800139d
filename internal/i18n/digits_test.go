package i18n_test

import (
	"testing"

	"mishwar/internal/i18n"
)

// The test messages are registered once for the package, not per test: a key registered twice
// panics, and -count=N runs each test N times.
func init() {
	i18n.Register(map[string]i18n.Text{
		"test.digits":         {En: "Trip %s saves %d minutes (%.1f km).", Ar: "الرحلة %s توفّر %d دقيقة (%.1f كم)."},
		"test.clock":          {En: "%s closes at %s (%s).", Ar: "%s يغلق في %s (%s)."},
		"test.clock_and_code": {En: "Closes at %s; your code is %s.", Ar: "يغلق في %s؛ رمزك %s."},
	})
}

func TestArabicMessagesWriteNumbersInArabicIndicDigits(t *testing.T) {
	if got, want := i18n.T(i18n.Ar, "test.digits", "MSH-12AB", 25, 3.5), "الرحلة MSH-12AB توفّر ٢٥ دقيقة (٣٫٥ كم)."; got != want {
		t.Errorf("Arabic: %q, want %q", got, want)
	}
	if got, want := i18n.T(i18n.En, "test.digits", "MSH-12AB", 25, 3.5), "Trip MSH-12AB saves 25 minutes (3.5 km)."; got != want {
		t.Errorf("English: %q, want %q", got, want)
	}
}

// clock is a time of day as the domain hands one to a message (domain.TimeOfDay): a type that says so.
type clock string

func (c clock) ClockTime() string { return string(c) }

func TestArabicMessagesWriteAClockTimeAsTheArabicPageDoesButLeaveOtherTextAlone(t *testing.T) {
	if got, want := i18n.T(i18n.Ar, "test.clock", "Gate 12", clock("17:00"), "MSH-12:30"), "Gate 12 يغلق في ٥:٠٠ م (MSH-12:30)."; got != want {
		t.Errorf("Arabic: %q, want %q", got, want)
	}
	if got, want := i18n.T(i18n.En, "test.clock", "Gate 12", clock("17:00"), "x"), "Gate 12 closes at 17:00 (x)."; got != want {
		t.Errorf("English: %q, want %q", got, want)
	}
}

func TestDigitsWritesANumberInTheLanguagesNumeralSystem(t *testing.T) {
	if got, want := i18n.Digits(i18n.Ar, "2026-11-18"), "٢٠٢٦-١١-١٨"; got != want {
		t.Errorf("Arabic: %q, want %q", got, want)
	}
	if got, want := i18n.Digits(i18n.En, "2026-11-18"), "2026-11-18"; got != want {
		t.Errorf("English: %q, want %q", got, want)
	}
}

func TestArabicMessagesLeaveTextThatLooksLikeAClockTimeAlone(t *testing.T) {
	// given a clock time and, in another argument, a plain string that reads like one (a code someone
	// typed), when the message is said in Arabic, then only the clock is written as a clock, in
	// Arabic-Indic digits
	if got, want := i18n.T(i18n.Ar, "test.clock_and_code", clock("09:30"), "17:00"), "يغلق في ٩:٣٠ ص؛ رمزك 17:00."; got != want {
		t.Errorf("Arabic: %q, want %q", got, want)
	}
}

func TestAmountIsWrittenInTheReadersNumeralsAndCurrency(t *testing.T) {
	cases := []struct {
		lang     i18n.Lang
		minor    int64
		currency string
		want     string
	}{
		{i18n.En, 52220, "EGP", "522.20 EGP"},
		{i18n.Ar, 52220, "EGP", "٥٢٢٫٢٠ ج.م"},
		{i18n.En, 150000, "EGP", "1,500.00 EGP"},
		{i18n.Ar, 123456789, "EGP", "١٬٢٣٤٬٥٦٧٫٨٩ ج.م"},
		{i18n.Ar, 5, "SAR", "٠٫٠٥ ر.س"},
		{i18n.En, -1050, "USD", "-10.50 USD"},
		{i18n.Ar, 1000, "EUR", "١٠٫٠٠ EUR"},
	}
	for _, c := range cases {
		if got := i18n.Amount(c.lang, c.minor, c.currency); got != c.want {
			t.Errorf("Amount(%s, %d, %s) = %q, want %q", c.lang, c.minor, c.currency, got, c.want)
		}
	}
}

func TestWesternDigitsReadsArabicIndicDigits(t *testing.T) {
	if got := i18n.WesternDigits("٤٢٤٢ ۴۲۴۲ 4242/١٢"); got != "4242 4242 4242/12" {
		t.Errorf("i18n.WesternDigits = %q", got)
	}
}
