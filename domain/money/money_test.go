package money_test

import (
	"testing"

	"mishwar/domain/money"
)

func TestMulRatRoundsHalfAwayFromZero(t *testing.T) {
	cases := []struct {
		name     string
		minor    int64
		num, den int64
		want     int64
	}{
		{"exact", 1000, 3, 1, 3000},
		{"half rounds up", 5, 1, 2, 3},
		{"below half rounds down", 4, 1, 3, 1},
		{"negative half rounds away from zero", -5, 1, 2, -3},
		{"price per km times metres", 1250, 12345, 1000, 15431}, // 12.50 EGP/km × 12.345 km = 154.3125
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := money.New(c.minor, money.EGP).MulRat(c.num, c.den).Minor
			if got != c.want {
				t.Fatalf("got %d, want %d", got, c.want)
			}
		})
	}
}

func TestConvertUsesTheFixedPointRate(t *testing.T) {
	usd := money.RateFromFloat(money.USD, 0.0205)
	got, err := money.Convert(money.New(100000, money.EGP), usd) // 1000 EGP
	if err != nil {
		t.Fatal(err)
	}
	if got != money.New(2050, money.USD) {
		t.Fatalf("got %v, want 20.50 USD", got)
	}
	if _, err := money.Convert(money.New(1, money.USD), usd); err == nil {
		t.Fatal("converting from USD must fail: rates are per EGP")
	}
}

func TestRoundForDisplay(t *testing.T) {
	cases := []struct {
		in, want money.Money
	}{
		{money.New(123456, money.EGP), money.New(123500, money.EGP)},
		{money.New(123449, money.EGP), money.New(123400, money.EGP)},
		{money.New(2050, money.USD), money.New(2050, money.USD)},
		{money.New(12345, money.USD), money.New(12300, money.USD)},
		{money.New(9950, money.SAR), money.New(10000, money.SAR)},
	}
	for _, c := range cases {
		if got := money.RoundForDisplay(c.in); got != c.want {
			t.Errorf("RoundForDisplay(%v) = %v, want %v", c.in, got, c.want)
		}
	}
}
