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

func TestTheExportLeavesTheGroupSizeEmptyWhenTheOrderWasPlacedWithoutOne(t *testing.T) {
	for travellers, want := range map[int]string{0: "", 1: "1", 7: "7"} {
		if got := groupSizeCell(travellers); got != want {
			t.Errorf("group size %d is exported as %q, want %q", travellers, got, want)
		}
	}
}
