package domain_test

import (
	"errors"
	"strings"
	"testing"

	"mishwar/domain"
)

func TestAReasonIsTrimmedAndKeptWithinItsLimitCountedInCharacters(t *testing.T) {
	for _, tc := range []struct {
		name, text, required string
		want                 string
		wantKey              string
	}{
		{name: "trimmed", text: "  late flight \n", want: "late flight"},
		{name: "empty and optional", text: "   ", want: ""},
		{name: "empty and required", text: " ", required: "orders.reason_required", wantKey: "orders.reason_required"},
		{name: "Arabic at the limit (two bytes a letter)", text: strings.Repeat("ع", domain.MaxReasonLength), want: strings.Repeat("ع", domain.MaxReasonLength)},
		{name: "one character over", text: strings.Repeat("a", domain.MaxReasonLength+1), wantKey: domain.KeyReasonTooLong},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := domain.Reason("reason", tc.text, tc.required)
			if tc.wantKey == "" {
				if err != nil || got != tc.want {
					t.Fatalf("Reason = %q, %v; want %q, nil", got, err, tc.want)
				}
				return
			}
			var ve *domain.ValidationError
			if !errors.As(err, &ve) || len(ve.Fields["reason"]) != 1 || ve.Fields["reason"][0] != tc.wantKey {
				t.Fatalf("Reason error = %v; want reason: %s", err, tc.wantKey)
			}
		})
	}
}
