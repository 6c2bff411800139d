package catalogue_test

import (
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"

	"mishwar/domain"
	"mishwar/domain/catalogue"
	"mishwar/domain/money"
)

// fieldError asserts that err is a validation error naming field with key.
func fieldError(t *testing.T, err error, field, key string) {
	t.Helper()
	var ve *domain.ValidationError
	if !errors.As(err, &ve) {
		t.Fatalf("got %v, want a validation error on %s", err, field)
	}
	if !slices.Contains(ve.Fields[field], key) {
		t.Fatalf("got %v, want %s=%s", ve.Fields, field, key)
	}
}

type rule[F any] struct {
	name   string
	change func(*F)
	field  string
	key    string
}

func checkRules[F catalogue.Fields[F]](t *testing.T, valid F, rules []rule[F]) {
	t.Helper()
	if err := valid.Normalized().Validate(); err != nil {
		t.Fatalf("the valid fixture is refused: %v", err)
	}
	for _, r := range rules {
		t.Run(r.name, func(t *testing.T) {
			f := valid
			r.change(&f)
			fieldError(t, f.Normalized().Validate(), r.field, r.key)
		})
	}
}

func TestDestinationRules(t *testing.T) {
	checkRules(t, validDestination(), []rule[catalogue.DestinationFields]{
		{"the Arabic name is required", func(f *catalogue.DestinationFields) { f.Name.Ar = "  " }, "name.ar", "common.required"},
		{"the English short description is required", func(f *catalogue.DestinationFields) { f.ShortDescription.En = "" }, "short_description.en", "common.required"},
		{"a name that would show in another order than written is refused", func(f *catalogue.DestinationFields) { f.Name.En = "Citadel \u202Elatot" }, "name.en", "common.direction_override"},
		{"a category is required", func(f *catalogue.DestinationFields) { f.CategoryID = uuid.Nil }, "category_id", "common.required"},
		{"a point outside Cairo is refused", func(f *catalogue.DestinationFields) { f.Lat, f.Lng = 25.6872, 32.6396 }, "lat", "catalogue.out_of_area"},
		{"zero coordinates are refused", func(f *catalogue.DestinationFields) { f.Lng = 0 }, "lng", "catalogue.out_of_area"},
		{"a slug with capitals is refused", func(f *catalogue.DestinationFields) { f.Slug = "Citadel" }, "slug", "catalogue.invalid_slug"},
		{"an Arabic-only name needs an explicit slug", func(f *catalogue.DestinationFields) { f.Name.En = "" }, "slug", "common.required"},
		{"a visit shorter than ten minutes is refused", func(f *catalogue.DestinationFields) { f.VisitMinutes = 5 }, "visit_minutes", "catalogue.out_of_range"},
		{"a day listed twice is refused, named where it was sent", func(f *catalogue.DestinationFields) {
			f.OpeningHours = append(f.OpeningHours, catalogue.DayHours{Day: time.Monday, Open: "10:00", Close: "11:00"})
		}, "opening_hours.7.day", "catalogue.duplicate_day"},
		{"closing before opening is refused", func(f *catalogue.DestinationFields) {
			f.OpeningHours = catalogue.WeeklyHours{{Day: time.Friday, Open: "18:00", Close: "09:00"}}
		}, "opening_hours.0.close", "catalogue.close_before_open"},
		{"a malformed time is refused", func(f *catalogue.DestinationFields) {
			f.OpeningHours = catalogue.WeeklyHours{{Day: time.Friday, Open: "9am", Close: "17:00"}}
		}, "opening_hours.0.open", "catalogue.invalid_time"},
		{"a photo path climbing out is refused", func(f *catalogue.DestinationFields) { f.Photos = []string{"/uploads/../etc/passwd"} }, "photos.0", "catalogue.invalid_photo"},
		{"the same photo twice is refused", func(f *catalogue.DestinationFields) { f.Photos = []string{"/uploads/a.jpg", "/uploads/a.jpg"} }, "photos.1", "catalogue.duplicate"},
		{"a photo on another site is refused (the pages may show only the site's own images)", func(f *catalogue.DestinationFields) {
			f.Photos = []string{"https://evil.example/x.png"}
		}, "photos.0", "catalogue.invalid_photo"},
		{"a protocol-relative photo is refused", func(f *catalogue.DestinationFields) { f.Photos = []string{"//evil.example/x.png"} }, "photos.0", "catalogue.invalid_photo"},
		{"a path the site serves no pictures from is refused", func(f *catalogue.DestinationFields) { f.Photos = []string{"/media/x.png"} }, "photos.0", "catalogue.invalid_photo"},
	})
}

func TestDestinationNormalizedDerivesTheSlugAndSortsHours(t *testing.T) {
	f := validDestination()
	f.Name.En = "  Sultan Hassan & Al-Rifa'i Mosques "
	f.OpeningHours = catalogue.WeeklyHours{{Day: time.Saturday, Open: "09:00", Close: "17:00"}, {Day: time.Monday, Open: "09:00", Close: "17:00"}}
	n := f.Normalized()
	if n.Slug != "sultan-hassan-al-rifai-mosques" {
		t.Errorf("slug %q", n.Slug)
	}
	if n.Name.En != "Sultan Hassan & Al-Rifa'i Mosques" {
		t.Errorf("name %q", n.Name.En)
	}
	if n.OpeningHours[0].Day != time.Monday {
		t.Errorf("hours not sorted: %v", n.OpeningHours)
	}
}

func TestSlugify(t *testing.T) {
	for in, want := range map[string]string{
		"Khan el-Khalili":          "khan-el-khalili",
		"Café Riche, Downtown":     "cafe-riche-downtown",
		"  Cairo Tower (El Borg) ": "cairo-tower-el-borg",
		"الأهرامات":                "",
		"Ibn Tulun Mosque 879 AD":  "ibn-tulun-mosque-879-ad",
		"Baron Empain’s Palace!!":  "baron-empains-palace",
	} {
		if got := catalogue.Slugify(in); got != want {
			t.Errorf("Slugify(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestProgramRules(t *testing.T) {
	checkRules(t, validProgram(), []rule[catalogue.ProgramFields]{
		{"a program needs destinations", func(f *catalogue.ProgramFields) { f.DestinationIDs = nil }, "destination_ids", "common.required"},
		{"a destination cannot appear twice", func(f *catalogue.ProgramFields) { f.DestinationIDs = []uuid.UUID{destA, destA} }, "destination_ids.1", "catalogue.duplicate"},
		{"too many stops are refused", func(f *catalogue.ProgramFields) {
			f.DestinationIDs = nil
			for range catalogue.MaxProgramStops + 1 {
				f.DestinationIDs = append(f.DestinationIDs, uuid.New())
			}
		}, "destination_ids", "catalogue.too_many"},
		{"hours must fit in a day", func(f *catalogue.ProgramFields) { f.Hours = 25 }, "hours", "catalogue.out_of_range"},
		{"the price is in EGP", func(f *catalogue.ProgramFields) { f.Price = money.New(5000, money.USD) }, "price", "catalogue.must_be_egp"},
		{"the price is positive", func(f *catalogue.ProgramFields) { f.Price = money.New(0, money.EGP) }, "price", "catalogue.must_be_positive"},
	})
}

func TestCategoryRules(t *testing.T) {
	checkRules(t, validCategory(), []rule[catalogue.CategoryFields]{
		{"the name is required in English", func(f *catalogue.CategoryFields) { f.Name.En = ""; f.Slug = "x" }, "name.en", "common.required"},
		{"a photo must be a path or URL", func(f *catalogue.CategoryFields) { f.Photo = "javascript:alert(1)" }, "photo.0", "catalogue.invalid_photo"},
	})
}

func TestRatePlanRules(t *testing.T) {
	checkRules(t, validRatePlan(), []rule[catalogue.RatePlanFields]{
		{"the price per km is positive", func(f *catalogue.RatePlanFields) { f.PricePerKm = money.New(0, money.EGP) }, "price_per_km", "catalogue.must_be_positive"},
		{"a price per km left out is required, not refused for its currency", func(f *catalogue.RatePlanFields) { f.PricePerKm = money.Money{} }, "price_per_km", "common.required"},
		{"waiting may be free but not negative", func(f *catalogue.RatePlanFields) { f.WaitingPerHour = money.New(-1, money.EGP) }, "waiting_per_hour", "catalogue.must_be_positive"},
		{"an absurd price per km is too large, not negative", func(f *catalogue.RatePlanFields) { f.PricePerKm = money.FromMajor(1e17, money.EGP) }, "price_per_km", "catalogue.amount_too_large"},
		{"a price past what int64 holds is too large too", func(f *catalogue.RatePlanFields) { f.PricePerKm = money.FromMajor(1e30, money.EGP) }, "price_per_km", "catalogue.amount_too_large"},
		{"waiting is charged in EGP", func(f *catalogue.RatePlanFields) { f.WaitingPerHour = money.New(100, money.SAR) }, "waiting_per_hour", "catalogue.must_be_egp"},
		{"seats are at least one", func(f *catalogue.RatePlanFields) { f.Seats = 0 }, "seats", "catalogue.out_of_range"},
	})
	f := validRatePlan()
	f.WaitingPerHour = money.New(0, money.EGP)
	if err := f.Validate(); err != nil {
		t.Errorf("free waiting refused: %v", err)
	}
}

func TestOfferRules(t *testing.T) {
	checkRules(t, validOffer(), []rule[catalogue.OfferFields]{
		{"a kind is required", func(f *catalogue.OfferFields) { f.Kind = "" }, "kind", "common.required"},
		{"an unknown kind is refused", func(f *catalogue.OfferFields) { f.Kind = "bogo" }, "kind", "catalogue.invalid_choice"},
		{"more than 100 percent is refused", func(f *catalogue.OfferFields) { f.PercentBasisPoints = 10001 }, "percent_basis_points", "catalogue.out_of_range"},
		{"an amount offer needs an amount", func(f *catalogue.OfferFields) { f.Kind = catalogue.DiscountAmount }, "amount", "common.required"},
		{"an amount offer's amount is in EGP", func(f *catalogue.OfferFields) {
			f.Kind = catalogue.DiscountAmount
			f.Amount = money.New(500, money.USD)
		}, "amount", "catalogue.must_be_egp"},
		{"the window cannot end before it starts", func(f *catalogue.OfferFields) { f.ValidUntil = "2026-11-30" }, "valid_until", "catalogue.end_before_start"},
		{"dates are YYYY-MM-DD", func(f *catalogue.OfferFields) { f.ValidFrom = "01/12/2026" }, "valid_from", "catalogue.invalid_date"},
		{"a promo code with spaces is refused", func(f *catalogue.OfferFields) { f.PromoCode = "WIN TER" }, "promo_code", "catalogue.invalid_code"},
		{"a program offer names programs", func(f *catalogue.OfferFields) { f.AppliesTo = catalogue.AppliesToPrograms }, "program_ids", "common.required"},
		{"an unknown scope is refused", func(f *catalogue.OfferFields) { f.AppliesTo = "users" }, "applies_to", "catalogue.invalid_choice"},
	})
}

func TestOfferNormalizedDropsWhatTheScopeAndKindDoNotUse(t *testing.T) {
	f := validOffer()
	f.ProgramIDs = []uuid.UUID{uuid.New()}
	f.RatePlanIDs = []uuid.UUID{planID}
	f.AppliesTo = catalogue.AppliesToRatePlans
	f.Amount = money.New(100, money.EGP)
	f.PromoCode = " nile10 "
	n := f.Normalized()
	if n.ProgramIDs != nil || len(n.RatePlanIDs) != 1 || n.Amount != (money.Money{}) || n.PromoCode != "NILE10" {
		t.Fatalf("got %+v", n)
	}
}

func TestOfferDiscountAndWindow(t *testing.T) {
	price := money.New(200000, money.EGP)
	percent := validOffer() // 10%
	if got := percent.DiscountOn(price); got != money.New(20000, money.EGP) {
		t.Errorf("10%% of 2000 EGP: %v", got)
	}
	amount := validOffer()
	amount.Kind, amount.Amount = catalogue.DiscountAmount, money.New(300000, money.EGP)
	if got := amount.DiscountOn(price); got != price {
		t.Errorf("an amount above the price takes off the price only: %v", got)
	}
	// 2026-12-01 00:30 in Cairo is still 30 November in UTC: the window is read in Cairo.
	firstDay := time.Date(2026, 11, 30, 22, 30, 0, 0, time.UTC)
	if !percent.ValidOn(firstDay) {
		t.Error("offer not valid on its first Cairo day")
	}
	if percent.ValidOn(time.Date(2027, 3, 1, 12, 0, 0, 0, catalogue.Cairo)) {
		t.Error("offer valid after its window")
	}
	percent.Active = false
	if percent.ValidOn(time.Date(2026, 12, 5, 12, 0, 0, 0, catalogue.Cairo)) {
		t.Error("an inactive offer is valid")
	}
}

func TestCountryRules(t *testing.T) {
	checkRules(t, validCountry(), []rule[catalogue.CountryFields]{
		{"the code has two letters", func(f *catalogue.CountryFields) { f.Code = "EGY" }, "code", "catalogue.invalid_code"},
		{"the dial code is digits", func(f *catalogue.CountryFields) { f.DialCode = "+2o" }, "dial_code", "catalogue.invalid_code"},
		{"the dial code is required", func(f *catalogue.CountryFields) { f.DialCode = " " }, "dial_code", "common.required"},
	})
	n := validCountry().Normalized()
	if n.Code != "EG" || n.DialCode != "+20" {
		t.Errorf("normalized to %+v", n)
	}
}

func TestDriverRules(t *testing.T) {
	checkRules(t, validDriver(), []rule[catalogue.DriverFields]{
		{"a number that is no phone number is refused", func(f *catalogue.DriverFields) { f.Phone = "0100123" }, "phone", "catalogue.invalid_phone"},
		{"a number of another country needs its country code", func(f *catalogue.DriverFields) { f.Phone = "2025550123" }, "phone", "catalogue.invalid_phone"},
		{"a licence is required", func(f *catalogue.DriverFields) { f.Licence = "" }, "licence", "common.required"},
		{"a driver works some day", func(f *catalogue.DriverFields) { f.WorkingDays = nil }, "working_days", "common.required"},
		{"a working day listed twice is refused", func(f *catalogue.DriverFields) {
			f.WorkingDays = []time.Weekday{time.Monday, time.Monday}
		}, "working_days.1", "catalogue.duplicate_day"},
		{"weekday 7 does not exist", func(f *catalogue.DriverFields) { f.WorkingDays = []time.Weekday{7} }, "working_days.0", "catalogue.invalid_day"},
		{"trips per day are bounded", func(f *catalogue.DriverFields) { f.TripsPerDay = 9 }, "trips_per_day", "catalogue.out_of_range"},
	})
	d := validDriver()
	d.TripsPerDay = 0
	d.Phone = "+20 100 123 4567"
	n := d.Normalized()
	if n.TripsPerDay != 1 || n.Phone != "+201001234567" {
		t.Errorf("normalized to %+v", n)
	}
	// A number typed in national form is Egyptian, as a traveller's is at sign-up, and is kept in
	// international form.
	for _, typed := range []string{"01112223334", "0111 222 3334", "00201112223334"} {
		d.Phone = typed
		if n := d.Normalized(); n.Phone != "+201112223334" || n.Validate() != nil {
			t.Errorf("%q normalized to %q (%v)", typed, n.Phone, n.Validate())
		}
	}
	if !n.WorksOn(time.Monday) || n.WorksOn(time.Friday) {
		t.Errorf("WorksOn wrong for %v", n.WorkingDays)
	}
}

func TestPickupPointRules(t *testing.T) {
	checkRules(t, validPickupPoint(), []rule[catalogue.PickupPointFields]{
		{"a kind is required", func(f *catalogue.PickupPointFields) { f.Kind = "" }, "kind", "common.required"},
		{"an unknown kind is refused", func(f *catalogue.PickupPointFields) { f.Kind = "harbour" }, "kind", "catalogue.invalid_choice"},
		{"Alexandria is outside the service area", func(f *catalogue.PickupPointFields) { f.Lat, f.Lng = 31.2001, 29.9187 }, "lat", "catalogue.out_of_area"},
	})
}

func TestTheSitesOwnPicturesAreAcceptedAsPhotos(t *testing.T) {
	for _, p := range []string{"/uploads/3f2a-detail.webp", "/art/pyramids/giza-pyramids.svg"} {
		if !catalogue.IsSitePhoto(p) {
			t.Errorf("%s refused", p)
		}
		f := validDestination()
		f.Photos = []string{p}
		if err := f.Normalized().Validate(); err != nil {
			t.Errorf("%s: %v", p, err)
		}
	}
}
