package catalogue_test

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/google/uuid"

	"mishwar/domain"
	"mishwar/domain/catalogue"
	"mishwar/domain/money"
)

func monToFri9to22() catalogue.WeeklyHours {
	var w catalogue.WeeklyHours
	for d := time.Monday; d <= time.Friday; d++ {
		w = append(w, catalogue.DayHours{Day: d, Open: "09:00", Close: "22:00"})
	}
	return w
}

func TestSettingsDecider(t *testing.T) {
	point := uuid.New()
	sinai := catalogue.Holiday{Date: "2026-04-25", Name: catalogue.Text{En: "Sinai Liberation Day", Ar: "عيد تحرير سيناء"}}
	hoursSet := catalogue.OpeningHoursSet{Hours: monToFri9to22()}
	other, third := uuid.New(), uuid.New()
	at := func(v int64) *int64 { return &v }
	weekdays := func(close string) catalogue.WeeklyHours {
		w := monToFri9to22()
		for i := range w {
			w[i].Close = close
		}
		return w
	}
	cases := []struct {
		name  string
		given []catalogue.SettingsEvent
		when  catalogue.SettingsCommand
		then  []catalogue.SettingsEvent
		err   string
	}{
		{"opening hours are recorded sorted", nil, catalogue.SetOpeningHours{Hours: append(catalogue.WeeklyHours{monToFri9to22()[4]}, monToFri9to22()[:4]...)}, []catalogue.SettingsEvent{hoursSet}, ""},
		{"the same hours again record nothing", []catalogue.SettingsEvent{hoursSet}, catalogue.SetOpeningHours{Hours: monToFri9to22()}, nil, ""},
		{"closing before opening is refused", nil, catalogue.SetOpeningHours{Hours: catalogue.WeeklyHours{{Day: time.Monday, Open: "22:00", Close: "09:00"}}}, nil, "hours.0.close"},
		{"a fault names the entry by its place as sent, not as it would be kept", nil,
			catalogue.SetOpeningHours{Hours: append(monToFri9to22(), catalogue.DayHours{Day: time.Sunday, Open: "22:00", Close: "09:00"})}, nil, "hours.5.close"},
		{"a second Monday is named where it was sent", nil,
			catalogue.SetOpeningHours{Hours: append(monToFri9to22(), catalogue.DayHours{Day: time.Monday, Open: "09:00", Close: "10:00"})}, nil, "hours.5.day"},
		{"every day closed is allowed", []catalogue.SettingsEvent{hoursSet}, catalogue.SetOpeningHours{Hours: catalogue.WeeklyHours{}}, []catalogue.SettingsEvent{catalogue.OpeningHoursSet{Hours: catalogue.WeeklyHours{}}}, ""},
		{"a holiday is added", nil, catalogue.AddHoliday{Holiday: sinai}, []catalogue.SettingsEvent{catalogue.HolidayAdded{Holiday: sinai}}, ""},
		{"adding the same holiday again records nothing", []catalogue.SettingsEvent{catalogue.HolidayAdded{Holiday: sinai}}, catalogue.AddHoliday{Holiday: sinai}, nil, ""},
		{"a holiday needs a real date", nil, catalogue.AddHoliday{Holiday: catalogue.Holiday{Date: "2026-02-30", Name: sinai.Name}}, nil, "date"},
		{"a holiday in 1900 is a slip of the hand", nil, catalogue.AddHoliday{Holiday: catalogue.Holiday{Date: "1900-01-01", Name: sinai.Name}}, nil, "date"},
		{"so is one in 9999", nil, catalogue.AddHoliday{Holiday: catalogue.Holiday{Date: "9999-12-31", Name: sinai.Name}}, nil, "date"},
		{"a holiday needs a name in both languages", nil, catalogue.AddHoliday{Holiday: catalogue.Holiday{Date: "2026-04-25", Name: catalogue.Text{En: "x"}}}, nil, "name.ar"},
		{"a holiday is removed", []catalogue.SettingsEvent{catalogue.HolidayAdded{Holiday: sinai}}, catalogue.RemoveHoliday{Date: sinai.Date}, []catalogue.SettingsEvent{catalogue.HolidayRemoved{Date: sinai.Date}}, ""},
		{"removing an unknown holiday is not found", nil, catalogue.RemoveHoliday{Date: "2026-01-01"}, nil, "catalogue.holiday_not_found"},
		{"the default pickup point is set", nil, catalogue.SetDefaultPickupPoint{PickupPointID: point}, []catalogue.SettingsEvent{catalogue.DefaultPickupPointSet{PickupPointID: point}}, ""},
		{"setting the same default again records nothing", []catalogue.SettingsEvent{catalogue.DefaultPickupPointSet{PickupPointID: point}}, catalogue.SetDefaultPickupPoint{PickupPointID: point}, nil, ""},
		{"the default pickup point is required", nil, catalogue.SetDefaultPickupPoint{}, nil, "pickup_point_id"},
		// Each form's If-Match protects only the group it replaces: hours and default point keep the
		// stream version of their own last change (stream versions count from 0).
		{"office hours loaded before a holiday was added are saved", []catalogue.SettingsEvent{hoursSet, catalogue.HolidayAdded{Holiday: sinai}},
			catalogue.SetOpeningHours{Hours: weekdays("21:00"), IfVersion: at(0)}, []catalogue.SettingsEvent{catalogue.OpeningHoursSet{Hours: weekdays("21:00")}}, ""},
		{"office hours loaded before the default pickup point was chosen are saved", []catalogue.SettingsEvent{hoursSet, catalogue.DefaultPickupPointSet{PickupPointID: point}},
			catalogue.SetOpeningHours{Hours: weekdays("21:00"), IfVersion: at(0)}, []catalogue.SettingsEvent{catalogue.OpeningHoursSet{Hours: weekdays("21:00")}}, ""},
		{"office hours loaded before another hours save are refused", []catalogue.SettingsEvent{hoursSet, catalogue.OpeningHoursSet{Hours: weekdays("23:00")}},
			catalogue.SetOpeningHours{Hours: weekdays("21:00"), IfVersion: at(0)}, nil, "common.concurrent_change"},
		{"office hours loaded before another hours save are refused even when they are the same", []catalogue.SettingsEvent{hoursSet, catalogue.OpeningHoursSet{Hours: weekdays("23:00")}, catalogue.HolidayAdded{Holiday: sinai}},
			catalogue.SetOpeningHours{Hours: weekdays("23:00"), IfVersion: at(0)}, nil, "common.concurrent_change"},
		{"office hours never set are saved at -1 after a holiday", []catalogue.SettingsEvent{catalogue.HolidayAdded{Holiday: sinai}},
			catalogue.SetOpeningHours{Hours: weekdays("21:00"), IfVersion: at(-1)}, []catalogue.SettingsEvent{catalogue.OpeningHoursSet{Hours: weekdays("21:00")}}, ""},
		{"office hours at -1 after someone set them are refused", []catalogue.SettingsEvent{catalogue.HolidayAdded{Holiday: sinai}, hoursSet},
			catalogue.SetOpeningHours{Hours: weekdays("21:00"), IfVersion: at(-1)}, nil, "common.concurrent_change"},
		{"office hours at the settings' version (an older client's If-Match) are saved when the hours did not change since", []catalogue.SettingsEvent{hoursSet, catalogue.HolidayAdded{Holiday: sinai}},
			catalogue.SetOpeningHours{Hours: weekdays("21:00"), IfVersion: at(1)}, []catalogue.SettingsEvent{catalogue.OpeningHoursSet{Hours: weekdays("21:00")}}, ""},
		{"office hours at a version the settings never reached are refused", []catalogue.SettingsEvent{hoursSet},
			catalogue.SetOpeningHours{Hours: weekdays("21:00"), IfVersion: at(5)}, nil, "common.concurrent_change"},
		{"the default pickup point loaded before a holiday and an hours save is set", []catalogue.SettingsEvent{catalogue.DefaultPickupPointSet{PickupPointID: point}, catalogue.HolidayAdded{Holiday: sinai}, hoursSet},
			catalogue.SetDefaultPickupPoint{PickupPointID: other, IfVersion: at(0)}, []catalogue.SettingsEvent{catalogue.DefaultPickupPointSet{PickupPointID: other}}, ""},
		{"the default pickup point loaded before another choice of it is refused", []catalogue.SettingsEvent{catalogue.DefaultPickupPointSet{PickupPointID: point}, catalogue.DefaultPickupPointSet{PickupPointID: third}},
			catalogue.SetDefaultPickupPoint{PickupPointID: other, IfVersion: at(0)}, nil, "common.concurrent_change"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := catalogue.Settings.Decide(catalogue.Settings.Fold(tc.given), tc.when, now)
			if tc.err != "" {
				if err == nil {
					t.Fatalf("want error %s, got events %v", tc.err, got)
				}
				if !containsField(err, tc.err) {
					t.Fatalf("got %v, want %s", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(tc.then) || (len(got) > 0 && !reflect.DeepEqual(got, tc.then)) {
				t.Fatalf("got %#v, want %#v", got, tc.then)
			}
		})
	}
}

// containsField reports whether err names want, either as a field of a validation error or as a
// refusal key.
func containsField(err error, want string) bool {
	var ve *domain.ValidationError
	if errors.As(err, &ve) {
		_, ok := ve.Fields[want]
		return ok
	}
	var de *domain.Error
	return errors.As(err, &de) && de.Key == want
}

func TestSettingsKeepTheVersionOfEachGroupsLastChange(t *testing.T) {
	s := catalogue.Settings.Fold(nil)
	if s.Version != -1 || s.HoursVersion != -1 || s.DefaultPickupPointVersion != -1 {
		t.Fatalf("settings never changed: %+v, want every version -1", s)
	}
	s = catalogue.Settings.Fold([]catalogue.SettingsEvent{
		catalogue.OpeningHoursSet{Hours: monToFri9to22()},
		catalogue.DefaultPickupPointSet{PickupPointID: uuid.New()},
		catalogue.HolidayAdded{Holiday: catalogue.Holiday{Date: "2026-10-06", Name: catalogue.Text{En: "Armed Forces Day", Ar: "عيد القوات المسلحة"}}},
		catalogue.OpeningHoursSet{},
		catalogue.HolidayRemoved{Date: "2026-10-06"},
	})
	if s.Version != 4 || s.HoursVersion != 3 || s.DefaultPickupPointVersion != 1 {
		t.Fatalf("got versions %d (settings), %d (hours), %d (default point); want 4, 3, 1", s.Version, s.HoursVersion, s.DefaultPickupPointVersion)
	}
}

func TestSettingsEvolveKeepsHolidaysSortedAndRenamesInPlace(t *testing.T) {
	s := catalogue.Settings.Fold([]catalogue.SettingsEvent{
		catalogue.HolidayAdded{Holiday: catalogue.Holiday{Date: "2026-10-06", Name: catalogue.Text{En: "Armed Forces Day", Ar: "عيد القوات المسلحة"}}},
		catalogue.HolidayAdded{Holiday: catalogue.Holiday{Date: "2026-01-07", Name: catalogue.Text{En: "Coptic Christmas", Ar: "عيد الميلاد المجيد"}}},
		catalogue.HolidayAdded{Holiday: catalogue.Holiday{Date: "2026-10-06", Name: catalogue.Text{En: "October 6 Victory Day", Ar: "عيد النصر"}}},
		catalogue.HolidayRemoved{Date: "2026-01-07"},
	})
	if len(s.Holidays) != 1 || s.Holidays[0].Name.En != "October 6 Victory Day" {
		t.Fatalf("got %+v", s.Holidays)
	}
}

func TestBusinessHours(t *testing.T) {
	b := catalogue.BusinessHours{Weekly: monToFri9to22(), Holidays: []catalogue.Holiday{{Date: "2026-04-27"}}}
	at := func(day, hour, minute int) time.Time {
		return time.Date(2026, 4, day, hour, minute, 0, 0, catalogue.Cairo)
	}
	cases := []struct {
		name     string
		t        time.Time
		open     bool
		nextOpen time.Time
	}{
		{"Tuesday noon is open", at(21, 12, 0), true, at(21, 12, 0)},
		{"Tuesday 22:00 has just closed; Wednesday 9:00 is next", at(21, 22, 0), false, at(22, 9, 0)},
		{"Friday before opening waits until 9:00", at(24, 8, 59), false, at(24, 9, 0)},
		{"Saturday is closed until Tuesday when Monday is a holiday", at(25, 11, 0), false, at(28, 9, 0)},
		{"the holiday itself is closed", at(27, 12, 0), false, at(28, 9, 0)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := b.OpenAt(tc.t); got != tc.open {
				t.Errorf("OpenAt = %v", got)
			}
			next, ok := b.NextOpen(tc.t)
			if !ok || !next.Equal(tc.nextOpen) {
				t.Errorf("NextOpen = %v %v, want %v", next, ok, tc.nextOpen)
			}
		})
	}
	if _, ok := (catalogue.BusinessHours{}).NextOpen(at(21, 12, 0)); ok {
		t.Error("an office with no hours opens")
	}
	if got := monToFri9to22().ClosedDays(); !reflect.DeepEqual(got, []time.Weekday{time.Sunday, time.Saturday}) {
		t.Errorf("ClosedDays = %v", got)
	}
}

func TestCurrencyRatesDecider(t *testing.T) {
	usd, sar := money.RateFromFloat(money.USD, 0.0205), money.RateFromFloat(money.SAR, 0.0769)
	set := catalogue.CurrencyRatesSet{Rates: []money.Rate{usd, sar}, SetAt: now}
	cases := []struct {
		name  string
		given []catalogue.CurrencyRatesSet
		rates []money.Rate
		then  []catalogue.CurrencyRatesSet
		err   string
	}{
		{"rates are recorded in currency order with the time they were set", nil, []money.Rate{sar, usd}, []catalogue.CurrencyRatesSet{set}, ""},
		{"the same rates again record nothing", []catalogue.CurrencyRatesSet{set}, []money.Rate{usd, sar}, nil, ""},
		{"a missing currency is refused", nil, []money.Rate{usd}, nil, "rates.SAR"},
		{"an inverted rate is refused", nil, []money.Rate{money.RateFromFloat(money.USD, 48.7), sar}, nil, "rates.USD"},
		{"a zero rate is refused", nil, []money.Rate{{To: money.USD}, sar}, nil, "rates.USD"},
		{"an unknown currency is refused", nil, []money.Rate{usd, sar, {To: "EUR", Scaled: 190000}}, nil, "rates.EUR"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d := catalogue.CurrencyRates
			got, err := d.Decide(d.Fold(tc.given), catalogue.SetCurrencyRates{Rates: tc.rates}, now)
			if tc.err != "" {
				if err == nil || !containsField(err, tc.err) {
					t.Fatalf("got %v, want an error on %s", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tc.then) && !(len(got) == 0 && len(tc.then) == 0) {
				t.Fatalf("got %#v, want %#v", got, tc.then)
			}
		})
	}
}

func validHome() catalogue.HomeContent {
	return catalogue.HomeContent{
		Hero:     catalogue.Hero{Title: catalogue.Text{En: "Cairo, your way", Ar: "القاهرة على طريقتك"}},
		FAQ:      []catalogue.FAQItem{{Question: catalogue.Text{En: "Q?", Ar: "س؟"}, Answer: catalogue.Text{En: "A.", Ar: "ج."}}},
		WhatsApp: "+201001234567",
	}
}

func TestHomeDecider(t *testing.T) {
	first, err := catalogue.Home.Decide(catalogue.Home.Initial(), catalogue.UpdateHomeContent{Content: validHome()}, now)
	if err != nil || len(first) != 1 || len(first[0].Changed) != 8 {
		t.Fatalf("first update: %v %+v", err, first)
	}
	s := catalogue.Home.Fold(first)
	if again, err := catalogue.Home.Decide(s, catalogue.UpdateHomeContent{Content: validHome()}, now); err != nil || len(again) != 0 {
		t.Fatalf("same content again: %v %+v", err, again)
	}
	edited := validHome()
	edited.WhatsApp = "+20 122 000 0000"
	edited.FAQ = append(edited.FAQ, catalogue.FAQItem{}) // an empty row the form left is dropped
	got, err := catalogue.Home.Decide(s, catalogue.UpdateHomeContent{Content: edited}, now)
	if err != nil || len(got) != 1 || !reflect.DeepEqual(got[0].Changed, []string{"whatsapp"}) || got[0].Content.WhatsApp != "+201220000000" {
		t.Fatalf("edit: %v %+v", err, got)
	}
	broken := validHome()
	broken.FAQ[0].Answer.Ar = ""
	broken.Contact.Email = "not-an-email"
	_, err = catalogue.Home.Decide(s, catalogue.UpdateHomeContent{Content: broken}, now)
	fieldError(t, err, "faq.0.answer.ar", "common.required")
	fieldError(t, err, "contact.email", "catalogue.invalid_email")
}

func TestUniqueKeyDecider(t *testing.T) {
	a, b := uuid.New(), uuid.New()
	claimedByA := catalogue.KeyClaimed{Key: "destination:citadel", Owner: a}
	cases := []struct {
		name  string
		given []catalogue.KeyEvent
		when  catalogue.KeyCommand
		then  []catalogue.KeyEvent
		err   error
	}{
		{"a free key is claimed", nil, catalogue.ClaimKey{Key: "destination:citadel", Owner: a}, []catalogue.KeyEvent{claimedByA}, nil},
		{"claiming one's own key again records nothing", []catalogue.KeyEvent{claimedByA}, catalogue.ClaimKey{Key: "destination:citadel", Owner: a}, nil, nil},
		{"a key held by another is taken", []catalogue.KeyEvent{claimedByA}, catalogue.ClaimKey{Key: "destination:citadel", Owner: b}, nil, catalogue.ErrKeyTaken},
		{"the owner releases the key", []catalogue.KeyEvent{claimedByA}, catalogue.ReleaseKey{Key: "destination:citadel", Owner: a}, []catalogue.KeyEvent{catalogue.KeyReleased{Key: "destination:citadel", Owner: a}}, nil},
		{"another may not release it", []catalogue.KeyEvent{claimedByA}, catalogue.ReleaseKey{Key: "destination:citadel", Owner: b}, nil, catalogue.ErrNotKeyOwner},
		{"releasing a free key records nothing", nil, catalogue.ReleaseKey{Key: "destination:citadel", Owner: a}, nil, nil},
		{"a released key can be claimed by another", []catalogue.KeyEvent{claimedByA, catalogue.KeyReleased{Key: "destination:citadel", Owner: a}}, catalogue.ClaimKey{Key: "destination:citadel", Owner: b}, []catalogue.KeyEvent{catalogue.KeyClaimed{Key: "destination:citadel", Owner: b}}, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d := catalogue.UniqueKey
			got, err := d.Decide(d.Fold(tc.given), tc.when, now)
			if !errors.Is(err, tc.err) {
				t.Fatalf("error %v, want %v", err, tc.err)
			}
			if len(got) != len(tc.then) || (len(got) > 0 && !reflect.DeepEqual(got, tc.then)) {
				t.Fatalf("got %#v, want %#v", got, tc.then)
			}
		})
	}
}
