package orders

import (
	"testing"

	"mishwar/domain/order"
	"mishwar/internal/i18n"
)

func TestEveryOrderStatusIsAWordOfTheExportInEnglishAndArabic(t *testing.T) {
	for _, s := range order.Statuses {
		en, ar := csvWord(i18n.En, "orders.csv.status.", string(s)), csvWord(i18n.Ar, "orders.csv.status.", string(s))
		if en == string(s) || ar == string(s) || en == ar {
			t.Errorf("status %s is exported as %q / %q", s, en, ar)
		}
	}
}
