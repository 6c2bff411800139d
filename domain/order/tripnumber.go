package order

import (
	"encoding/binary"
	"strings"
)

// TripAlphabet has no characters people confuse when reading aloud or copying by hand: no 0/O, 1/I/L,
// and no U (V and U are misheard). 30 symbols, 6 of them: 729 million numbers.
const TripAlphabet = "23456789ABCDEFGHJKMNPQRSTVWXYZ"

const (
	tripPrefix       = "MSH-"
	tripNumberLength = 6
)

// TripNumberFrom turns 8 random (or derived) bytes into a trip number like "MSH-7K3Q9P". The caller
// supplies the bytes, so the domain stays free of randomness and a derived number is reproducible.
func TripNumberFrom(seed [8]byte) string {
	n := binary.BigEndian.Uint64(seed[:])
	var b strings.Builder
	b.WriteString(tripPrefix)
	for i := 0; i < tripNumberLength; i++ {
		b.WriteByte(TripAlphabet[n%uint64(len(TripAlphabet))])
		n /= uint64(len(TripAlphabet))
	}
	return b.String()
}

// NormalizeTripNumber accepts what people type: any case, spaces, with or without the "MSH-" prefix.
// It returns false when the result is not a well-formed trip number.
func NormalizeTripNumber(s string) (string, bool) {
	s = strings.ToUpper(strings.Join(strings.Fields(s), ""))
	s = strings.TrimPrefix(s, "MSH")
	s = strings.TrimPrefix(s, "-")
	if len(s) != tripNumberLength {
		return "", false
	}
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(TripAlphabet, s[i]) < 0 {
			return "", false
		}
	}
	return tripPrefix + s, true
}
