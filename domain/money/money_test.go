package money_test

import (
	"math"
	"math/big"
	"math/rand/v2"
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

// MulRat takes int64 arithmetic while the product fits and math/big's otherwise: both must give the
// exact rational product rounded half away from zero, for any signs, near the limits too.
func TestMulRatEqualsTheExactProductRoundedHalfAwayFromZero(t *testing.T) {
	exact := func(a, b, den int64) int64 {
		r := new(big.Rat).SetFrac(new(big.Int).Mul(big.NewInt(a), big.NewInt(b)), big.NewInt(den))
		num, d := new(big.Int).Abs(r.Num()), r.Denom()
		q, rem := new(big.Int).QuoRem(num, d, new(big.Int))
		if new(big.Int).Mul(rem, big.NewInt(2)).Cmp(d) >= 0 {
			q.Add(q, big.NewInt(1))
		}
		if r.Sign() < 0 {
			q.Neg(q)
		}
		return q.Int64()
	}
	edges := []int64{0, 1, -1, 2, -2, 3, 7, 10, 60, 1000, 10000, math.MaxInt32, math.MinInt32,
		math.MaxInt64 / 3, math.MaxInt64 / 2, math.MaxInt64 - 1, math.MaxInt64, math.MinInt64 + 1, math.MinInt64}
	check := func(a, b, den int64) {
		t.Helper()
		if den == 0 {
			return
		}
		want := exact(a, b, den)
		if !new(big.Int).Quo(new(big.Int).Mul(big.NewInt(a), big.NewInt(b)), big.NewInt(den)).IsInt64() {
			return // the quotient does not fit an int64: no amount is that large
		}
		if got := money.New(a, money.EGP).MulRat(b, den).Minor; got != want {
			t.Fatalf("%d × %d / %d = %d, want %d", a, b, den, got, want)
		}
	}
	for _, a := range edges {
		for _, b := range edges {
			for _, den := range edges {
				check(a, b, den)
			}
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 200_000 {
		bitsOf := func() int64 { return rng.Int64() >> rng.IntN(64) * int64(1-2*rng.IntN(2)) }
		check(bitsOf(), bitsOf(), bitsOf())
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

func TestAnAmountFinerThanAPiastreIsNotWholeMinorUnits(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		major float64
		whole bool
	}{{12.5, true}, {0.29, true}, {2.675, false}, {1.005, false}, {0.005, false}, {770.4, true}, {-3.1, true}, {1e-7, false}} {
		if got := money.WholeMinor(c.major); got != c.whole {
			t.Errorf("WholeMinor(%v) = %v, want %v", c.major, got, c.whole)
		}
	}
}
