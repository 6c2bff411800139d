package domain_test

import (
	"errors"
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
		"\u1160\u1160":   false, // Hangul fillers: letters drawn as nothing
		"Mona\u3164":     true,  // beside real letters they are only odd spacing
		"Mona\u202Eanom": false,
		"Mona\uFE0F":     false, // a variation selector: a mark drawn as nothing
		"Mo\u034Fna":     false, // the combining grapheme joiner
		"Mo\u200Bna":     false, // a zero-width space
	} {
		if got := domain.IsPersonName(name); got != want {
			t.Errorf("given the name %q, then IsPersonName is %v; want %v", name, got, want)
		}
	}
}

func TestJoinedValidationErrorsSayEveryFaultOnce(t *testing.T) {
	a, b := &domain.ValidationError{}, &domain.ValidationError{}
	a.Add("date", "k1")
	b.Add("email", "k2")
	var got *domain.ValidationError
	if err := domain.JoinValidation(a, nil, b); !errors.As(err, &got) || len(got.Fields) != 2 || got.Fields["date"][0] != "k1" || got.Fields["email"][0] != "k2" {
		t.Fatalf("joined: %v", err)
	}
	if err := domain.JoinValidation(nil, nil); err != nil {
		t.Fatalf("nothing to join: %v", err)
	}
	other := errors.New("store down")
	if err := domain.JoinValidation(a, other); err != other {
		t.Fatalf("another error is returned as it is: %v", err)
	}
}

func TestADirectionOverrideIsFoundAndStrippedButIsolatesAndMarksStay(t *testing.T) {
	t.Parallel()
	for s, want := range map[string]bool{
		"invoice\u202Egpj.exe":       true,
		"\u202Bمرحبا\u202C":          true,
		"\u2068MSH-AAAAAA\u2069 منى": false,
		"Cairo\u200F":                false,
		"":                           false,
	} {
		if got := domain.HasDirectionOverride(s); got != want {
			t.Errorf("given %q, then HasDirectionOverride is %v; want %v", s, got, want)
		}
	}
	if got := domain.StripDirectionOverrides("a\u202Eb\u2066c\u2069"); got != "ab\u2066c\u2069" {
		t.Errorf("stripped to %q", got)
	}
}
