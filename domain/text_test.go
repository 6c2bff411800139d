package domain_test

import (
	"errors"
	"testing"

	"mishwar/domain"
)

func TestAOneLineTextRefusesLineBreaksControlsAndCharactersDrawnAsNothing(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, text, key string
	}{
		{"a plain place name", "Marriott Mena House, Giza", ""},
		{"an Arabic name with a zero-width non-joiner and an isolate", "فندق\u200Cالنيل \u2068Nile\u2069", ""},
		{"a direction mark", "\u200Fالمعادي", ""},
		{"a line feed", "Hotel\nLobby", domain.KeyTextOneLine},
		{"a carriage return", "Hotel\rLobby", domain.KeyTextOneLine},
		{"a line separator", "Hotel\u2028Lobby", domain.KeyTextOneLine},
		{"a bell", "Hotel\aLobby", domain.KeyTextHidden},
		{"an escape sequence", "\x1b[31mHotel", domain.KeyTextHidden},
		{"a backspace", "Hotel\b", domain.KeyTextHidden},
		{"a tab", "Hotel\tLobby", domain.KeyTextHidden},
		{"a C1 control", "Hotel\u009bLobby", domain.KeyTextHidden},
		{"a zero-width space", "Hotel\u200bLobby", domain.KeyTextHidden},
		{"a soft hyphen", "Ho\u00adtel", domain.KeyTextHidden},
		{"a byte order mark", "\ufeffHotel", domain.KeyTextHidden},
		{"a word joiner", "Ho\u2060tel", domain.KeyTextHidden},
		{"a variation selector", "Hotel\ufe0f", domain.KeyTextHidden},
		{"a Hangul filler", "\u3164", domain.KeyTextHidden},
		{"a direction override", "\u202egpj.exe", domain.KeyDirectionOverride},
	} {
		if got := domain.SingleLineTextProblem(c.text); got != c.key {
			t.Errorf("%s (%q): problem %q, want %q", c.name, c.text, got, c.key)
		}
	}
}

func TestAMultiLineTextKeepsLineBreaksAndTabsAndRefusesOtherControls(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, text, key string
	}{
		{"lines and a tab", "Gate 3\r\nAsk for\tAhmed\n", ""},
		{"Arabic with joiners", "البوابة\u200D ٣\nاسأل عن أحمد", ""},
		{"a bell", "Gate 3\a", domain.KeyTextHidden},
		{"an escape", "Gate \x1b3", domain.KeyTextHidden},
		{"a zero-width space", "Gate\u200b3", domain.KeyTextHidden},
		{"a soft hyphen", "Ga\u00adte", domain.KeyTextHidden},
		{"a direction override", "\u202eGate", domain.KeyDirectionOverride},
	} {
		if got := domain.MultiLineTextProblem(c.text); got != c.key {
			t.Errorf("%s (%q): problem %q, want %q", c.name, c.text, got, c.key)
		}
	}
}

func TestAReasonWithAControlCharacterIsRefusedOnItsField(t *testing.T) {
	t.Parallel()
	_, err := domain.Reason("reason", "late\x1b[2J", "")
	var v *domain.ValidationError
	if !errors.As(err, &v) || len(v.Fields["reason"]) != 1 || v.Fields["reason"][0] != domain.KeyTextHidden {
		t.Fatalf("Reason with an escape: %v, want reason=%s", err, domain.KeyTextHidden)
	}
	if _, err := domain.Reason("reason", "late\nvery late", ""); err != nil {
		t.Fatalf("Reason with a line break: %v, want none", err)
	}
}
