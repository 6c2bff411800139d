package payments

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// signTimestamped returns "t=<unix>,v1=<hex HMAC-SHA256(secret, "<unix>.<body>")>", the scheme the
// sandbox uses for its callbacks (and Stripe for its webhooks).
func signTimestamped(secret []byte, at time.Time, body []byte) string {
	ts := strconv.FormatInt(at.Unix(), 10)
	return "t=" + ts + ",v1=" + hex.EncodeToString(hmacSHA256(secret, []byte(ts+"."+string(body))))
}

// verifyTimestamped checks a header made by signTimestamped (any of several v1 values may match, so
// secrets can be rolled) within tolerance of now.
func verifyTimestamped(secret []byte, header string, body []byte, now time.Time, tolerance time.Duration) error {
	var ts string
	var sigs []string
	for _, part := range strings.Split(header, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok {
			continue
		}
		switch k {
		case "t":
			ts = v
		case "v1":
			sigs = append(sigs, v)
		}
	}
	if ts == "" || len(sigs) == 0 {
		return fmt.Errorf("%w: no timestamp or signature", ErrInvalidSignature)
	}
	unix, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return fmt.Errorf("%w: bad timestamp", ErrInvalidSignature)
	}
	if d := now.Sub(time.Unix(unix, 0)); d > tolerance || d < -tolerance {
		return fmt.Errorf("%w: timestamp outside tolerance", ErrInvalidSignature)
	}
	want := hmacSHA256(secret, []byte(ts+"."+string(body)))
	for _, s := range sigs {
		got, err := hex.DecodeString(s)
		if err == nil && hmac.Equal(got, want) {
			return nil
		}
	}
	return fmt.Errorf("%w: no signature matches", ErrInvalidSignature)
}

func hmacSHA256(secret, msg []byte) []byte {
	m := hmac.New(sha256.New, secret)
	m.Write(msg)
	return m.Sum(nil)
}
