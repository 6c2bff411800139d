package accountsdb

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"

	"golang.org/x/crypto/argon2"
)

// Argon2id parameters: the OWASP baseline (19 MiB, 2 passes, 1 lane). A hash records its own
// parameters, so raising them later leaves old hashes verifiable.
const (
	argonMemoryKiB = 19 * 1024
	argonTime      = 2
	argonThreads   = 1
	argonKeyLen    = 32
	argonSaltLen   = 16
)

// ErrMalformedHash: a stored hash is not in the PHC argon2id format.
var ErrMalformedHash = errors.New("accounts: malformed password hash")

// Each hash takes ~19 MiB for tens of milliseconds. Bounding how many run at once keeps a burst of
// sign-ins from exhausting memory; excess callers queue (and give up with their context).
var hashSlots = make(chan struct{}, max(2, runtime.NumCPU()))

func acquire(ctx context.Context) error {
	select {
	case hashSlots <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func release() { <-hashSlots }

// HashPassword returns an argon2id hash in the PHC string format
// ($argon2id$v=19$m=19456,t=2,p=1$<salt>$<key>).
func HashPassword(ctx context.Context, password string) (string, error) {
	salt := make([]byte, argonSaltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("accounts: salt: %w", err)
	}
	if err := acquire(ctx); err != nil {
		return "", err
	}
	key := argon2.IDKey([]byte(password), salt, argonTime, argonMemoryKiB, argonThreads, argonKeyLen)
	release()
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s",
		argon2.Version, argonMemoryKiB, argonTime, argonThreads, b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// VerifyPassword reports whether password matches hash, comparing in constant time.
func VerifyPassword(ctx context.Context, hash, password string) (bool, error) {
	parts := strings.Split(hash, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false, ErrMalformedHash
	}
	var version int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return false, ErrMalformedHash
	}
	var mem, iter uint32
	var threads uint8
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &mem, &iter, &threads); err != nil || mem == 0 || iter == 0 || threads == 0 {
		return false, ErrMalformedHash
	}
	b64 := base64.RawStdEncoding
	salt, err := b64.DecodeString(parts[4])
	if err != nil {
		return false, ErrMalformedHash
	}
	want, err := b64.DecodeString(parts[5])
	if err != nil || len(want) == 0 {
		return false, ErrMalformedHash
	}
	if err := acquire(ctx); err != nil {
		return false, err
	}
	got := argon2.IDKey([]byte(password), salt, iter, mem, threads, uint32(len(want)))
	release()
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}

// dummyHash is verified against when an e-mail has no account, so a failed sign-in takes as long
// whether or not the address is registered (no account discovery by timing).
var dummyHash = sync.OnceValue(func() string {
	h, err := HashPassword(context.Background(), "not a password anyone has")
	if err != nil {
		panic(err) // only a broken random source fails here
	}
	return h
})

// BurnVerification spends the time a real verification would.
func BurnVerification(ctx context.Context, password string) {
	_, _ = VerifyPassword(ctx, dummyHash(), password)
}
