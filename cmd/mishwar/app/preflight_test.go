package app_test

import (
	"bytes"
	"log/slog"
	"strings"
	"testing"

	"mishwar/cmd/mishwar/app"
	"mishwar/internal/config"
)

// Choices a production site may make but should know the cost of are said once, at start, as
// warnings; the demo's defaults say nothing.
func TestPreflightWarnsOfRiskyProductionSettings(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		env  map[string]string
		warn []string // one warning saying each; none: no warning at all
	}{
		{"the demo as it comes", nil, nil},
		{"production with SMTP and Stripe", map[string]string{"MISHWAR_DEMO": "0", "MISHWAR_SMTP_URL": "smtp://u:p@mail.example.com:587",
			"MISHWAR_PAYMENTS": "stripe", "MISHWAR_STRIPE_SECRET_KEY": "sk_live_1", "MISHWAR_STRIPE_WEBHOOK_SECRET": "whsec_1"}, nil},
		{"production without SMTP", map[string]string{"MISHWAR_DEMO": "0", "MISHWAR_PAYMENTS": "stripe",
			"MISHWAR_STRIPE_SECRET_KEY": "sk_live_1", "MISHWAR_STRIPE_WEBHOOK_SECRET": "whsec_1"}, []string{"MISHWAR_SMTP_URL"}},
		{"production taking test cards", map[string]string{"MISHWAR_DEMO": "0", "MISHWAR_SMTP_URL": "smtp://mail.example.com", "MISHWAR_PAYMENTS": "sandbox"},
			[]string{"MISHWAR_PAYMENTS=sandbox"}},
		{"both", map[string]string{"MISHWAR_DEMO": "0", "MISHWAR_PAYMENTS": "sandbox"}, []string{"MISHWAR_SMTP_URL", "MISHWAR_PAYMENTS=sandbox"}},
		{"credentials to a relay without TLS", map[string]string{"MISHWAR_SMTP_URL": "smtp://u:p@127.0.0.1:18290?tls=none"}, []string{"tls=none: the SMTP user name and password cross the network unencrypted"}},
		{"a relay without TLS and without credentials", map[string]string{"MISHWAR_SMTP_URL": "smtp://127.0.0.1:25?tls=none"}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			env := map[string]string{"MISHWAR_DATA_DIR": t.TempDir()}
			for k, v := range c.env {
				env[k] = v
			}
			getenv := func(k string) string { return env[k] }
			cfg, err := config.Load(getenv)
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			log := slog.New(slog.NewTextHandler(&out, &slog.HandlerOptions{Level: slog.LevelInfo}))
			if err := app.Preflight(cfg, getenv, log); err != nil {
				t.Fatal(err)
			}
			warnings := strings.Count(out.String(), "level=WARN")
			if warnings != len(c.warn) {
				t.Errorf("%d warnings, want %d:\n%s", warnings, len(c.warn), out.String())
			}
			for _, w := range c.warn {
				if !strings.Contains(out.String(), w) {
					t.Errorf("no warning says %q:\n%s", w, out.String())
				}
			}
			if strings.Contains(out.String(), ":p@") {
				t.Errorf("a password in the log:\n%s", out.String())
			}
		})
	}
}
