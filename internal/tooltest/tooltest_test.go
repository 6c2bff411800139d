package tooltest

import (
	"testing"
)

func TestFreeAddrsAreDifferentAndAvoidTheGivenOnes(t *testing.T) {
	// Ports drawn and closed: the kernel may hand any of them out again, as it handed out a test's
	// closed SMTP port to Mailpit's API once. Drawn one at a time and closed, 1,000 ports out of the
	// ~28,000 ephemeral ones repeat with near certainty (birthday odds), and hit some of the 500 to
	// avoid with near certainty too; held together and checked, they never do.
	avoid := FreeAddrs(t, 500)
	addrs := FreeAddrs(t, 1000, avoid...)
	seen := map[string]bool{}
	for _, a := range avoid {
		seen[a] = true
	}
	for _, a := range addrs {
		if seen[a] {
			t.Fatalf("FreeAddrs gave %s twice, or one it was told to avoid", a)
		}
		seen[a] = true
	}
}
