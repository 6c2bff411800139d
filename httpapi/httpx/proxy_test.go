package httpx_test

import (
	"net/http"
	"net/http/httptest"
	"net/netip"
	"testing"

	"mishwar/httpapi/httpx"
)

func TestTheClientAddressIsTheRightmostHopThatIsNotOurProxy(t *testing.T) {
	trusted := []netip.Prefix{
		netip.MustParsePrefix("10.0.0.0/8"),
		netip.MustParsePrefix("192.0.2.10/32"),
		netip.MustParsePrefix("fd00::/8"),
	}
	cases := []struct {
		name string
		peer string
		xff  []string // one element per header line
		want string
	}{
		{"no header: the peer", "10.0.0.1:5000", nil, "10.0.0.1"},
		{"one appending proxy", "10.0.0.1:5000", []string{"203.0.113.7"}, "203.0.113.7"},
		{"a spoofed leftmost entry is ignored", "10.0.0.1:5000", []string{"1.2.3.4, 203.0.113.7"}, "203.0.113.7"},
		{"many spoofed entries are ignored", "10.0.0.1:5000", []string{"1.1.1.1, 2.2.2.2, 3.3.3.3, 203.0.113.7"}, "203.0.113.7"},
		{"several proxies", "10.0.0.1:5000", []string{"1.2.3.4, 203.0.113.7, 192.0.2.10, 10.1.2.3"}, "203.0.113.7"},
		{"several header lines read as one list", "10.0.0.1:5000", []string{"1.2.3.4, 203.0.113.7", "10.9.9.9"}, "203.0.113.7"},
		{"a spoofed trusted-looking leftmost entry", "10.0.0.1:5000", []string{"10.0.0.5, 203.0.113.7"}, "203.0.113.7"},
		{"every hop trusted: the leftmost", "10.0.0.1:5000", []string{"10.0.0.3, 10.0.0.2"}, "10.0.0.3"},
		{"an untrusted peer ignores the header", "198.51.100.4:5000", []string{"203.0.113.7"}, "198.51.100.4"},
		{"an untrusted peer cannot pose as a proxy", "198.51.100.4:5000", []string{"203.0.113.7, 10.0.0.1"}, "198.51.100.4"},
		{"IPv6 client behind an IPv6 proxy: its /64", "[fd00::1]:5000", []string{"2001:db8::7"}, "2001:db8::/64"},
		{"IPv6 with spoofing and a port", "[fd00::1]:5000", []string{"2001:db8::bad, [2001:db8:0:5::7]:4711, fd00::2"}, "2001:db8:0:5::/64"},
		{"IPv4 with a port", "10.0.0.1:5000", []string{"203.0.113.7:4711"}, "203.0.113.7"},
		{"IPv4-mapped IPv6 peer is trusted as IPv4", "[::ffff:10.0.0.1]:5000", []string{"203.0.113.7"}, "203.0.113.7"},
		{"garbage left of the client is ignored", "10.0.0.1:5000", []string{"not-an-ip, 203.0.113.7"}, "203.0.113.7"},
		{"garbage from a proxy stops at that proxy", "10.0.0.1:5000", []string{"203.0.113.7, unknown, 10.0.0.2"}, "10.0.0.2"},
		{"garbage only: the peer", "10.0.0.1:5000", []string{"<script>"}, "10.0.0.1"},
		{"empty entries", "10.0.0.1:5000", []string{" , "}, "10.0.0.1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var got string
			h := httpx.WithTrustedProxy(trusted, http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) { got = httpx.ClientIP(r) }))
			r := httptest.NewRequest(http.MethodGet, "/", nil)
			r.RemoteAddr = c.peer
			for _, line := range c.xff {
				r.Header.Add("X-Forwarded-For", line)
			}
			h.ServeHTTP(httptest.NewRecorder(), r)
			if got != c.want {
				t.Fatalf("ClientIP = %q, want %q", got, c.want)
			}
		})
	}
}

func TestWithoutTrustedProxiesTheHeaderIsNeverRead(t *testing.T) {
	var got string
	h := httpx.WithTrustedProxy(nil, http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) { got = httpx.ClientIP(r) }))
	r := httptest.NewRequest(http.MethodGet, "/", nil)
	r.RemoteAddr = "127.0.0.1:5000"
	r.Header.Set("X-Forwarded-For", "203.0.113.7")
	h.ServeHTTP(httptest.NewRecorder(), r)
	if got != "127.0.0.1" {
		t.Fatalf("ClientIP = %q, want the peer", got)
	}
}

// An IPv6 subscriber is given a whole /64 and may change the rest of their address at will: limits
// and unpaid holds bound the network, or they would bind nobody.
func TestAnIPv6ClientIsItsSlash64Network(t *testing.T) {
	cases := []struct{ peer, want string }{
		{"[2001:db8:1:2::7]:5000", "2001:db8:1:2::/64"},
		{"[2001:db8:1:2:aaaa:bbbb:cccc:dddd]:5000", "2001:db8:1:2::/64"},
		{"[2001:db8:1:3::7]:5000", "2001:db8:1:3::/64"},
		{"[fe80::1%eth0]:5000", "fe80::/64"},
		{"[::ffff:203.0.113.7]:5000", "203.0.113.7"},
		{"203.0.113.7:5000", "203.0.113.7"},
	}
	for _, c := range cases {
		r := httptest.NewRequest(http.MethodGet, "/", nil)
		r.RemoteAddr = c.peer
		if got := httpx.ClientIP(r); got != c.want {
			t.Errorf("ClientIP(%s) = %q, want %q", c.peer, got, c.want)
		}
	}
}
