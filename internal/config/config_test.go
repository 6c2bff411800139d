package config_test

import (
	"net/netip"
	"slices"
	"strings"
	"testing"
	"time"

	"mishwar/internal/config"
)

func load(env map[string]string) (config.Config, error) {
	return config.Load(func(k string) string { return env[k] })
}

func TestTrustedProxies(t *testing.T) {
	cases := []struct {
		name    string
		env     map[string]string
		want    []string
		wantErr string
	}{
		{"none by default", nil, nil, ""},
		{"networks and addresses", map[string]string{"MISHWAR_TRUSTED_PROXIES": "10.0.0.0/8, 192.0.2.10 ,2001:db8::/32,::1"},
			[]string{"10.0.0.0/8", "192.0.2.10/32", "2001:db8::/32", "::1/128"}, ""},
		{"a CIDR with host bits is masked", map[string]string{"MISHWAR_TRUSTED_PROXIES": "10.1.2.3/8"}, []string{"10.0.0.0/8"}, ""},
		{"garbage is refused", map[string]string{"MISHWAR_TRUSTED_PROXIES": "10.0.0.0/8,proxy.local"}, nil, `"proxy.local"`},
		{"the deprecated switch means loopback and private networks", map[string]string{"MISHWAR_TRUST_PROXY": "1"},
			[]string{"127.0.0.0/8", "::1/128", "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"}, ""},
		{"both add up", map[string]string{"MISHWAR_TRUST_PROXY": "true", "MISHWAR_TRUSTED_PROXIES": "198.51.100.0/24"},
			[]string{"127.0.0.0/8", "::1/128", "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7", "198.51.100.0/24"}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg, err := load(c.env)
			if c.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), c.wantErr) {
					t.Fatalf("err = %v, want one naming %s", err, c.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, p := range cfg.TrustedProxies {
				got = append(got, p.String())
			}
			if !slices.Equal(got, c.want) {
				t.Fatalf("trusted = %v, want %v", got, c.want)
			}
			if cfg.TrustProxy != (len(c.want) > 0) {
				t.Fatalf("TrustProxy = %v", cfg.TrustProxy)
			}
		})
	}
	if !netip.MustParsePrefix("fc00::/7").Contains(netip.MustParseAddr("fd12::1")) {
		t.Fatal("sanity")
	}
}

func TestOutsideTheDemoAPaymentProviderMustBeNamed(t *testing.T) {
	_, err := load(map[string]string{"MISHWAR_DEMO": "0"})
	if err == nil || !strings.Contains(err.Error(), "set MISHWAR_PAYMENTS=") || strings.Contains(err.Error(), "\n") {
		t.Fatalf("err = %v, want one line saying to set MISHWAR_PAYMENTS", err)
	}
	for _, p := range []string{"sandbox", "stripe", "paymob"} {
		if _, err := load(map[string]string{"MISHWAR_DEMO": "0", "MISHWAR_PAYMENTS": p}); err != nil {
			t.Fatalf("MISHWAR_PAYMENTS=%s: %v", p, err)
		}
	}
	if _, err := load(nil); err != nil {
		t.Fatalf("the demo needs no provider: %v", err)
	}
}

func TestMailRetention(t *testing.T) {
	for v, want := range map[string]time.Duration{"": 30 * 24 * time.Hour, "7d": 7 * 24 * time.Hour, "48h": 48 * time.Hour, "0": 0} {
		cfg, err := load(map[string]string{"MISHWAR_MAIL_RETENTION": v})
		if err != nil || cfg.MailRetention != want {
			t.Fatalf("MISHWAR_MAIL_RETENTION=%q: %v, %v; want %v", v, cfg.MailRetention, err, want)
		}
	}
	for _, v := range []string{"-1h", "soon", "xd"} {
		if _, err := load(map[string]string{"MISHWAR_MAIL_RETENTION": v}); err == nil {
			t.Fatalf("MISHWAR_MAIL_RETENTION=%q accepted", v)
		}
	}
}

func TestTripStartLead(t *testing.T) {
	cfg, err := load(nil)
	if err != nil || cfg.TripStartLead != 2*time.Hour {
		t.Fatalf("default: %v %v", cfg.TripStartLead, err)
	}
	if cfg, err = load(map[string]string{"MISHWAR_TRIP_START_LEAD": "90m"}); err != nil || cfg.TripStartLead != 90*time.Minute {
		t.Fatalf("90m: %v %v", cfg.TripStartLead, err)
	}
	for _, bad := range []string{"soon", "-1h", "25h"} {
		if _, err := load(map[string]string{"MISHWAR_TRIP_START_LEAD": bad}); err == nil || !strings.Contains(err.Error(), "MISHWAR_TRIP_START_LEAD") {
			t.Errorf("%q: %v, want a refusal naming the setting", bad, err)
		}
	}
}

func TestUnpaidHoldBounds(t *testing.T) {
	cfg, err := load(nil)
	if err != nil || cfg.UnpaidHoldsPerCustomer != 3 || cfg.UnpaidHoldsPerAddress != 5 {
		t.Fatalf("defaults %d %d %v", cfg.UnpaidHoldsPerCustomer, cfg.UnpaidHoldsPerAddress, err)
	}
	cfg, err = load(map[string]string{"MISHWAR_UNPAID_HOLDS_PER_CUSTOMER": "0", "MISHWAR_UNPAID_HOLDS_PER_ADDRESS": "12"})
	if err != nil || cfg.UnpaidHoldsPerCustomer != 0 || cfg.UnpaidHoldsPerAddress != 12 {
		t.Fatalf("set %d %d %v", cfg.UnpaidHoldsPerCustomer, cfg.UnpaidHoldsPerAddress, err)
	}
	if _, err := load(map[string]string{"MISHWAR_UNPAID_HOLDS_PER_CUSTOMER": "-1"}); err == nil || !strings.Contains(err.Error(), "MISHWAR_UNPAID_HOLDS_PER_CUSTOMER") {
		t.Fatalf("a negative bound: %v", err)
	}
}

// A value out of range is refused at start with the setting's name and what it takes, in words a
// person reads (not a parser's), and one bad value gives one message.
func TestBadValuesAreRefusedSayingWhatTheSettingTakes(t *testing.T) {
	for name, c := range map[string]struct{ value, says string }{
		"MISHWAR_READY_MAX_LAG":    {"-1", "0 or more"},
		"MISHWAR_SHUTDOWN_TIMEOUT": {"-5s", "from 0s to 10m"},
		"MISHWAR_DEBUG_ADDR":       {"garbage", "host:port"},
		"MISHWAR_LOG_LEVEL":        {"loud", "debug, info, warn or error"},
		"MISHWAR_DEMO":             {"yes", "1 or 0"},
		"MISHWAR_PAYMENTS":         {"strip", "sandbox, paymob or stripe"},
		"MISHWAR_PUBLIC_URL":       {"mishwar.example", "absolute http(s) URL"},
	} {
		_, err := load(map[string]string{name: c.value})
		if err == nil || !strings.Contains(err.Error(), name) || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%s=%s: %v, want it refused saying %q", name, c.value, err, c.says)
			continue
		}
		if msg := err.Error(); strings.Contains(msg, "strconv") || strings.Contains(msg, "slog") || strings.Count(msg, "\n") > 0 {
			t.Errorf("%s=%s: %q", name, c.value, msg)
		}
	}
}

// The site's address is checked when the configuration is read, before anything starts: a
// MISHWAR_PUBLIC_URL without its scheme used to be refused by the web app, as "PublicURL", after the
// private PostgreSQL had been created.
func TestThePublicURLMustBeAnAbsoluteHTTPURL(t *testing.T) {
	for _, ok := range []string{"https://trips.mishwar.example", "http://localhost:8080/", "https://mishwar.example/eg"} {
		if _, err := load(map[string]string{"MISHWAR_PUBLIC_URL": ok}); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
	for _, bad := range []string{"mishwar.example", "ftp://mishwar.example", "https://", "//mishwar.example", "https://mishwar.example:port"} {
		_, err := load(map[string]string{"MISHWAR_PUBLIC_URL": bad})
		if err == nil || !strings.Contains(err.Error(), "MISHWAR_PUBLIC_URL") || strings.Contains(err.Error(), "PublicURL") {
			t.Errorf("%s: %v, want a refusal naming MISHWAR_PUBLIC_URL", bad, err)
		}
	}
	// The default, built from MISHWAR_ADDR, is an address too.
	for _, addr := range []string{":8080", "127.0.0.1:0", "[::1]:8080", "0.0.0.0:80"} {
		if cfg, err := load(map[string]string{"MISHWAR_ADDR": addr}); err != nil {
			t.Errorf("MISHWAR_ADDR=%s: PublicURL %s: %v", addr, cfg.PublicURL, err)
		}
	}
}
