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
