package live_test

import (
	"slices"
	"testing"
	"time"

	"mishwar/httpapi/live"
	"mishwar/httpapi/live/livetest"
)

// The library sends "open" before it listens for the connection's data; the real client answers
// with CONNECT at once. When the server is slow to set the connection up (a loaded machine, here
// made slow on purpose), that CONNECT must still be read: the socket connects and joins its rooms.
func TestAClientAnsweringOpenAtOnceIsConnectedWhenTheServerIsSlowToSetUp(t *testing.T) {
	srv, url := newServer(t)
	live.DelayConnectionSetup(srv, 300*time.Millisecond)
	for _, tr := range transports {
		t.Run(tr.name, func(t *testing.T) {
			c := livetest.Open(t, livetest.Options{URL: url, Transports: tr.list, Headers: map[string]string{"Cookie": "authToken=tok-u1"}})
			if _, authed := c.Connected(); !authed {
				t.Fatal("socket not authenticated")
			}
			if got := roomsReached(t, srv, c, privateRooms); !slices.Equal(got, []string{"user:u1"}) {
				t.Fatalf("received broadcasts to %v, want [user:u1]", got)
			}
		})
	}
}
