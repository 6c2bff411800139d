package support

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"mishwar/domain/catalogue"
	"mishwar/domain/money"
	"mishwar/domain/order"
	"mishwar/internal/i18n"
)

var (
	economy = order.RatePlan{ID: "economy", Name: "Economy", NameAR: "اقتصادية"}
	minivan = order.RatePlan{ID: "minivan", Name: "Family minivan", NameAR: "ميني فان عائلية"}
	// 10:00 in Cairo.
	monday = time.Date(2026, 12, 14, 8, 0, 0, 0, time.UTC)
)

func tripOn(start time.Time, plan order.RatePlan, total int64) order.Trip {
	return order.Trip{StartAt: start, Day: "2026-12-14", RatePlan: plan, Quote: order.Quote{Total: money.New(total, money.EGP)},
		Itinerary: order.Itinerary{Start: order.Point{Name: "Tahrir"}, End: order.Point{Name: "Tahrir"}}}
}

func placedOn(trip order.Trip, promo *order.Discount) order.OrderPlaced {
	return order.OrderPlaced{OrderID: "MSH-AAAAAA", UserID: "u1", Lang: "en", Source: order.SourceCart,
		Contact: order.Contact{FirstName: "Mona", LastName: "Hassan", Email: "mona@example.com"},
		Trip:    trip, DisplayCurrency: money.EGP, Reservation: "r1", HoldUntil: monday.Add(-47 * time.Hour), PlacedAt: monday.Add(-48 * time.Hour),
		Promo: promo}
}

func saying(t *testing.T, lang i18n.Lang, history []order.Event, e order.Event) string {
	t.Helper()
	said, err := says(lang, order.Decider.Fold(history), e, newPeople(context.Background(), nil, lang))
	if err != nil {
		t.Fatal(err)
	}
	return said
}

// A change of plan says what it changed (the time, the car by its name in the reader's language, or
// both) and which way the money goes, never a signed difference between two equal times.
func TestAChangeOfPlanSaysWhatChangedAndWhichWayTheMoneyGoes(t *testing.T) {
	t.Parallel()
	from := tripOn(monday, economy, 150000)
	placed := []order.Event{placedOn(from, nil)}
	tuesday := monday.Add(23 * time.Hour)
	for _, c := range []struct {
		name string
		lang i18n.Lang
		e    order.Event
		want string
	}{
		{"a cheaper car at the same time", i18n.En,
			order.OrderExchanged{From: from, To: tripOn(monday, minivan, 67960), Difference: money.New(-82040, money.EGP)},
			"Changed the car from Economy to Family minivan; EGP 820.40 to refund."},
		{"a cheaper car at the same time, in Arabic", i18n.Ar,
			order.OrderExchanged{From: from, To: tripOn(monday, minivan, 67960), Difference: money.New(-82040, money.EGP)},
			"تغيير السيارة من اقتصادية إلى ميني فان عائلية؛ يُسترد ٨٢٠٫٤٠ ج.م."},
		{"another time in the same car, paid", i18n.En,
			order.OrderExchanged{From: from, To: tripOn(tuesday, economy, 175460), Difference: money.New(25460, money.EGP)},
			"Changed the time from Mon 14 Dec 2026, 10:00 Cairo time to Tue 15 Dec 2026, 09:00 Cairo time; EGP 254.60 paid."},
		{"both, at the same price", i18n.En,
			order.OrderExchanged{From: from, To: tripOn(tuesday, minivan, 150000), Difference: money.New(0, money.EGP)},
			"Changed the time from Mon 14 Dec 2026, 10:00 Cairo time to Tue 15 Dec 2026, 09:00 Cairo time, and the car from Economy to Family minivan; the same price."},
		{"a dearer car asked for", i18n.En,
			order.ExchangeRequested{To: tripOn(monday, minivan, 175460), Difference: money.New(25460, money.EGP), HoldUntil: monday.Add(-46 * time.Hour)},
			"Asked to change the car from Economy to Family minivan; EGP 254.60 to pay by Sat 12 Dec 2026, 12:00 Cairo time."},
		{"a dearer car asked for, in Arabic", i18n.Ar,
			order.ExchangeRequested{To: tripOn(monday, minivan, 175460), Difference: money.New(25460, money.EGP), HoldUntil: monday.Add(-46 * time.Hour)},
			"طلب تغيير السيارة من اقتصادية إلى ميني فان عائلية؛ يُدفع ٢٥٤٫٦٠ ج.م قبل السبت ١٢ ديسمبر ٢٠٢٦، ١٢:٠٠ م بتوقيت القاهرة."},
	} {
		if got := saying(t, c.lang, placed, c.e); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, c.want)
		}
	}
}

func mishwar5(price int64) *order.Discount {
	d := order.Discount{Code: "MISHWAR5", OfferID: "o1", Kind: catalogue.DiscountPercent, BasisPoints: 500}.On(money.New(price, money.EGP))
	return &d
}

// A promo order is said at the price it charges, after the discount, which is what was paid.
func TestAPromoOrderIsPlacedAtItsPriceAfterTheDiscount(t *testing.T) {
	t.Parallel()
	placed := placedOn(tripOn(monday, economy, 77040), mishwar5(77040))
	if got := saying(t, i18n.En, nil, placed); !strings.Contains(got, "at EGP 731.88;") {
		t.Fatalf("got %q, want the price after the promo, EGP 731.88", got)
	}
}

// After a change to a dearer plan the card's promo line says the discount taken off the new price
// (the order's price now), not the one the order was placed with.
func TestTheCardSaysThePromoAsItAppliesToTheTripNow(t *testing.T) {
	t.Parallel()
	from := tripOn(monday, economy, 77040)
	to := tripOn(monday, minivan, 103840)
	events := []order.Event{
		placedOn(from, mishwar5(77040)),
		order.OrderExchanged{From: from, To: to, Difference: money.New(98452-73188, money.EGP), Promo: mishwar5(103840)},
	}
	fields, err := card(i18n.En, order.Decider.Fold(events), newPeople(context.Background(), nil, i18n.En))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, f := range fields {
		got[f.Key] = f.Value
	}
	if got["promo"] != "MISHWAR5 (EGP 51.92 off)" || got["price"] != "EGP 986.48" {
		t.Fatalf("promo %q, price %q; want MISHWAR5 (EGP 51.92 off) at EGP 986.48", got["promo"], got["price"])
	}
}

// Every reason code the order's decisions record (in a Reason field, a variable named reason or an
// argument given as one, in domain/order, domain/payment and the commands that decide with them) has
// a sentence in both languages: the console never shows a raw code such as "exchange".
func TestEveryReasonCodeAnOrderRecordsIsSaidInBothLanguages(t *testing.T) {
	t.Parallel()
	codes := recordedReasonCodes(t, "../../domain/order", "../../domain/payment", "../orders")
	for _, must := range []string{"exchange", "cancellation", order.AttentionRefundFailed} {
		if !slices.Contains(codes, must) {
			t.Fatalf("the scan missed %q (found %v): it no longer reads the code", must, codes)
		}
	}
	for _, code := range codes {
		key := "support.reason." + code
		if !i18n.Has(key) {
			t.Errorf("%q has no sentence (%s)", code, key)
			continue
		}
		if en, ar := i18n.T(i18n.En, key), i18n.T(i18n.Ar, key); en == "" || ar == "" || en == ar {
			t.Errorf("%q is not said in both languages: %q / %q", code, en, ar)
		}
	}
}

// recordedReasonCodes scans the non-test Go files of dirs for the reason codes they record: string
// constants or literals given as a Reason field, assigned to a variable named reason, or passed as
// a parameter named reason of a function declared there. The reasons of other streams, which the
// console names by their event's type alone, are left out by their constants' families: a hold's
// release (HoldReleased…), a promo use given back (PromoBack…), a payment notice ignored (Ignored…).
func recordedReasonCodes(t *testing.T, dirs ...string) []string {
	t.Helper()
	fset := token.NewFileSet()
	var files []*ast.File
	for _, dir := range dirs {
		names, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range names {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			src, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			f, err := parser.ParseFile(fset, name, src, 0)
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, f)
		}
	}
	consts := map[string]string{}     // a string constant's value, by name
	reasonParam := map[string][]int{} // the positions of the parameters named reason, by function name
	params := func(name string, ft *ast.FuncType) {
		i := 0
		for _, field := range ft.Params.List {
			for _, n := range field.Names {
				if strings.EqualFold(n.Name, "reason") {
					reasonParam[name] = append(reasonParam[name], i)
				}
				i++
			}
			if len(field.Names) == 0 {
				i++
			}
		}
	}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ValueSpec:
				for i, name := range n.Names {
					if i < len(n.Values) {
						if lit, ok := n.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
							consts[name.Name], _ = strconv.Unquote(lit.Value)
						}
					}
				}
			case *ast.FuncDecl:
				params(n.Name.Name, n.Type)
			case *ast.AssignStmt:
				for i, lhs := range n.Lhs {
					if id, ok := lhs.(*ast.Ident); ok && i < len(n.Rhs) {
						if fl, ok := n.Rhs[i].(*ast.FuncLit); ok {
							params(id.Name, fl.Type)
						}
					}
				}
			}
			return true
		})
	}
	constant := func(name string) string {
		for _, other := range []string{"HoldReleased", "PromoBack", "Ignored"} {
			if strings.HasPrefix(name, other) {
				return ""
			}
		}
		return consts[name]
	}
	seen := map[string]bool{}
	var codes []string
	code := func(e ast.Expr) {
		var v string
		switch e := e.(type) {
		case *ast.BasicLit:
			if e.Kind == token.STRING {
				v, _ = strconv.Unquote(e.Value)
			}
		case *ast.Ident:
			v = constant(e.Name)
		case *ast.SelectorExpr:
			v = constant(e.Sel.Name)
		}
		if v != "" && !seen[v] {
			seen[v] = true
			codes = append(codes, v)
		}
	}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.KeyValueExpr:
				if id, ok := n.Key.(*ast.Ident); ok && id.Name == "Reason" {
					code(n.Value)
				}
			case *ast.AssignStmt:
				for i, lhs := range n.Lhs {
					if id, ok := lhs.(*ast.Ident); ok && id.Name == "reason" && i < len(n.Rhs) {
						code(n.Rhs[i])
					}
				}
			case *ast.CallExpr:
				var name string
				switch fn := n.Fun.(type) {
				case *ast.Ident:
					name = fn.Name
				case *ast.SelectorExpr:
					name = fn.Sel.Name
				}
				for _, i := range reasonParam[name] {
					if i < len(n.Args) {
						code(n.Args[i])
					}
				}
			}
			return true
		})
	}
	slices.Sort(codes)
	return codes
}
