// Package money represents prices without floating-point drift: amounts are integers of a currency's
// minor unit (piastre, cent, halala; 100 to the major unit for all three currencies Mishwar shows).
// Trips are charged in EGP; USD and SAR are shown beside it, converted at the admin's rates.
package money

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"strconv"
)

// Currency is an ISO 4217 code Mishwar supports.
type Currency string

const (
	EGP Currency = "EGP"
	USD Currency = "USD"
	SAR Currency = "SAR"
)

// Currencies lists the supported currencies, EGP (the charging currency) first.
var Currencies = []Currency{EGP, USD, SAR}

// ErrUnknownCurrency is a currency code Mishwar does not support.
var ErrUnknownCurrency = errors.New("money: unknown currency")

// ParseCurrency accepts a supported ISO code.
func ParseCurrency(s string) (Currency, error) {
	for _, c := range Currencies {
		if string(c) == s {
			return c, nil
		}
	}
	return "", fmt.Errorf("%w: %q", ErrUnknownCurrency, s)
}

// Money is an amount in minor units of a currency.
type Money struct {
	Minor    int64    `json:"minor"`
	Currency Currency `json:"currency"`
}

// New returns amount minor units of c.
func New(minor int64, c Currency) Money { return Money{Minor: minor, Currency: c} }

// FromMajor converts a decimal major amount (as typed by an admin: 12.5 pounds) to minor units,
// rounding half away from zero to the nearest minor unit.
func FromMajor(major float64, c Currency) Money {
	// Beyond what int64 holds the conversion saturates, so an absurd amount stays absurd (and is
	// refused as too large) instead of wrapping round to a negative one.
	minor := math.Round(major * 100)
	switch {
	case minor >= math.MaxInt64:
		return Money{Minor: math.MaxInt64, Currency: c}
	case minor <= math.MinInt64:
		return Money{Minor: math.MinInt64, Currency: c}
	}
	return Money{Minor: int64(minor), Currency: c}
}

// WholeMinor reports whether a decimal major amount is a whole number of minor units (at most two
// decimals: 12.50, not 1.005). An amount finer than a piastre is refused, not silently rounded.
func WholeMinor(major float64) bool {
	if math.IsNaN(major) || math.IsInf(major, 0) {
		return false
	}
	scaled := major * 100
	// A binary float holds 0.29 as 0.28999…: a difference far below a thousandth of a piastre is that.
	return math.Abs(scaled-math.Round(scaled)) <= 1e-9*math.Max(1, math.Abs(scaled))
}

// MaxMinor is the largest amount a price or a refund may be, in minor units (ten million): more than
// any trip costs, and far from where sums of amounts could overflow.
const MaxMinor = 10_000_000_00

// Major is the amount in major units, for display and JSON answers.
func (m Money) Major() float64 { return float64(m.Minor) / 100 }

// Add sums two amounts of the same currency.
func (m Money) Add(o Money) Money {
	if m.Currency == "" {
		m.Currency = o.Currency
	}
	if o.Minor != 0 && m.Currency != o.Currency {
		panic(fmt.Sprintf("money: adding %s to %s", o.Currency, m.Currency))
	}
	return Money{Minor: m.Minor + o.Minor, Currency: m.Currency}
}

// MulRat multiplies by num/den, rounding half away from zero. Used for quantities like kilometres
// (in metres: price per km × metres / 1000) and hours (in minutes: price per hour × minutes / 60).
func (m Money) MulRat(num, den int64) Money {
	if den == 0 {
		panic("money: division by zero")
	}
	if q, ok := mulDivRound(m.Minor, num, den); ok {
		return Money{Minor: q, Currency: m.Currency}
	}
	r := new(big.Rat).SetFrac(new(big.Int).Mul(big.NewInt(m.Minor), big.NewInt(num)), big.NewInt(den))
	return Money{Minor: roundRat(r), Currency: m.Currency}
}

// mulDivRound is a×b/den rounded half away from zero in int64 arithmetic, and false when a×b does not
// fit (MulRat then takes math/big's slower way). Every price of a cart is made this way, each time
// the cart is shown.
func mulDivRound(a, b, den int64) (int64, bool) {
	if a == math.MinInt64 || b == math.MinInt64 || den == math.MinInt64 {
		return 0, false
	}
	neg := (a < 0) != (b < 0) != (den < 0)
	hi, lo := bits.Mul64(uint64(abs(a)), uint64(abs(b)))
	if hi != 0 || lo > math.MaxInt64 {
		return 0, false
	}
	p, d := lo, uint64(abs(den))
	q, rem := p/d, p%d
	if rem >= d-rem { // rem×2 ≥ d, without overflowing
		q++
	}
	if neg {
		return -int64(q), true
	}
	return int64(q), true
}

// Percent returns p percent of m (p may have two decimals: 12.5% is 1250 basis points / 100).
func (m Money) Percent(basisPoints int64) Money { return m.MulRat(basisPoints, 10000) }

func roundRat(r *big.Rat) int64 {
	num, den := new(big.Int).Set(r.Num()), r.Denom()
	neg := num.Sign() < 0
	num.Abs(num)
	q, rem := new(big.Int).QuoRem(num, den, new(big.Int))
	if new(big.Int).Mul(rem, big.NewInt(2)).Cmp(den) >= 0 {
		q.Add(q, big.NewInt(1))
	}
	if neg {
		q.Neg(q)
	}
	return q.Int64()
}

// Rate is how many minor units of To one major unit of EGP buys, scaled by RateScale: the admin
// enters "1 EGP = 0.0205 USD", stored as 205000 (0.0205 × 10^7). Rates are recorded in events so a
// past order keeps the rate it was quoted with.
type Rate struct {
	To     Currency `json:"to"`
	Scaled int64    `json:"scaled"`
}

// RateScale is the fixed-point scale of Rate.Scaled.
const RateScale = 10_000_000

// RateFromFloat builds a rate from its decimal value (0.0205 USD per EGP).
func RateFromFloat(to Currency, perEGP float64) Rate {
	return Rate{To: to, Scaled: int64(math.Round(perEGP * RateScale))}
}

// Float is the decimal value of the rate.
func (r Rate) Float() float64 { return float64(r.Scaled) / RateScale }

// Convert turns an EGP amount into r.To, rounding to the nearest minor unit. Converting EGP to EGP
// returns the amount unchanged.
func Convert(m Money, r Rate) (Money, error) {
	if m.Currency != EGP {
		return Money{}, fmt.Errorf("money: rates convert from EGP, got %s", m.Currency)
	}
	if r.To == EGP {
		return m, nil
	}
	if r.Scaled <= 0 {
		return Money{}, fmt.Errorf("money: no rate for %s", r.To)
	}
	out := m.MulRat(r.Scaled, RateScale)
	out.Currency = r.To
	return out, nil
}

// RoundForDisplay rounds to what people expect to read on a price: whole pounds for EGP and SAR,
// whole units for USD above 100, else cents. It never changes what is charged.
func RoundForDisplay(m Money) Money {
	step := int64(100)
	if m.Currency == USD && abs(m.Minor) < 100_00 {
		step = 1
	}
	return Money{Minor: roundRat(new(big.Rat).SetFrac64(m.Minor, step)) * step, Currency: m.Currency}
}

func abs(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

// String formats for logs: "1234.50 EGP".
func (m Money) String() string {
	return strconv.FormatFloat(m.Major(), 'f', 2, 64) + " " + string(m.Currency)
}
