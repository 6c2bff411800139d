package catalogue_test

import (
	"time"

	"github.com/google/uuid"

	"mishwar/domain/catalogue"
	"mishwar/domain/money"
)

var (
	categoryID = uuid.MustParse("6f1c1f34-2f0e-4a8b-9a55-0b1b8f1f0001")
	destA      = uuid.MustParse("6f1c1f34-2f0e-4a8b-9a55-0b1b8f1f0002")
	destB      = uuid.MustParse("6f1c1f34-2f0e-4a8b-9a55-0b1b8f1f0003")
	planID     = uuid.MustParse("6f1c1f34-2f0e-4a8b-9a55-0b1b8f1f0004")
)

func weekdays9to17() catalogue.WeeklyHours {
	var w catalogue.WeeklyHours
	for d := time.Sunday; d <= time.Saturday; d++ {
		w = append(w, catalogue.DayHours{Day: d, Open: "09:00", Close: "17:00"})
	}
	return w
}

func validDestination() catalogue.DestinationFields {
	return catalogue.DestinationFields{
		CategoryID:       categoryID,
		Name:             catalogue.Text{En: "Citadel of Saladin", Ar: "قلعة صلاح الدين"},
		ShortDescription: catalogue.Text{En: "Medieval fortress above the city.", Ar: "قلعة من العصور الوسطى تطل على المدينة."},
		Lat:              30.0299, Lng: 31.2611,
		VisitMinutes: 120,
		OpeningHours: weekdays9to17(),
		Published:    true,
	}
}

func validCategory() catalogue.CategoryFields {
	return catalogue.CategoryFields{Name: catalogue.Text{En: "Islamic Cairo", Ar: "القاهرة الإسلامية"}}
}

func validProgram() catalogue.ProgramFields {
	return catalogue.ProgramFields{
		Name:             catalogue.Text{En: "Pyramids morning", Ar: "صباح الأهرامات"},
		ShortDescription: catalogue.Text{En: "Giza plateau and the Sphinx.", Ar: "هضبة الجيزة وأبو الهول."},
		DestinationIDs:   []uuid.UUID{destA, destB},
		Hours:            5,
		Price:            money.New(150000, money.EGP),
		Published:        true,
	}
}

func validRatePlan() catalogue.RatePlanFields {
	return catalogue.RatePlanFields{
		Name:           catalogue.Text{En: "Sedan", Ar: "سيدان"},
		Seats:          4,
		PricePerKm:     money.New(1500, money.EGP),
		WaitingPerHour: money.New(12000, money.EGP),
		Active:         true,
	}
}

func validOffer() catalogue.OfferFields {
	return catalogue.OfferFields{
		Title:              catalogue.Text{En: "Winter offer", Ar: "عرض الشتاء"},
		Kind:               catalogue.DiscountPercent,
		PercentBasisPoints: 1000,
		ValidFrom:          "2026-12-01",
		ValidUntil:         "2027-02-28",
		AppliesTo:          catalogue.AppliesToAll,
		Active:             true,
	}
}

func validCountry() catalogue.CountryFields {
	return catalogue.CountryFields{Code: "eg", Name: catalogue.Text{En: "Egypt", Ar: "مصر"}, DialCode: "20", Active: true}
}

func validDriver() catalogue.DriverFields {
	return catalogue.DriverFields{
		Name:        catalogue.Text{En: "Mahmoud Adel", Ar: "محمود عادل"},
		Phone:       "+201001234567",
		Licence:     "CAI-4471920",
		Vehicle:     catalogue.Text{En: "Toyota Corolla, white", Ar: "تويوتا كورولا، أبيض"},
		Seats:       4,
		WorkingDays: []time.Weekday{time.Sunday, time.Monday, time.Tuesday},
		Active:      true,
	}
}

func validPickupPoint() catalogue.PickupPointFields {
	return catalogue.PickupPointFields{
		Name: catalogue.Text{En: "Cairo Airport Terminal 2", Ar: "مطار القاهرة مبنى 2"},
		Kind: catalogue.PickupAirport,
		Lat:  30.1219, Lng: 31.4056,
		Active: true,
	}
}
