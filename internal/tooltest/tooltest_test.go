package tooltest

import (
	"net"
	"testing"
)

func TestFreeAddrsAreDifferentAndAvoidTheGivenOnes(t *testing.T) {
	// A port just closed is what the kernel tends to hand out next: the one a test of an outage keeps.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	kept := ln.Addr().String()
	_ = ln.Close()

	for range 200 {
		addrs := FreeAddrs(t, 3, kept)
		seen := map[string]bool{}
		for _, a := range addrs {
			if a == kept {
				t.Fatalf("FreeAddrs gave %s, which it was told to avoid", a)
			}
			if seen[a] {
				t.Fatalf("FreeAddrs gave %s twice: %v", a, addrs)
			}
			seen[a] = true
		}
	}
}
