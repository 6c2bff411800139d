package domain_test

import (
	"testing"

	"mishwar/domain"
)

func TestAPersonsNameIsLettersAndTheJoinersNamesUse(t *testing.T) {
	for name, want := range map[string]bool{
		"Mona":      true,
		"El-Sayed":  true,
		"O'Brien":   true,
		"J. R.":     true,
		"منى زكي":   true,
		"عبدُ الله": true,
		"":          false,
		"- .":       false,
		"Mona2":     false,
		"Card charged twice! Refund: evil.example/r": false,
		"<b>Mona</b>":    false,
		"Mona\r\nBcc: x": false,
	} {
		if got := domain.IsPersonName(name); got != want {
			t.Errorf("given the name %q, then IsPersonName is %v; want %v", name, got, want)
		}
	}
}
