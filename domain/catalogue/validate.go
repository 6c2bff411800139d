package catalogue

import (
	"fmt"
	"regexp"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"mishwar/domain"
	"mishwar/domain/money"
)

// Limits on what an admin may type. They keep pages readable and rows small, not secret.
const (
	maxName        = 120
	maxShort       = 300
	maxLong        = 8000
	maxLegal       = 40000
	maxAddress     = 300
	maxPhotos      = 12
	maxSlug        = 80
	maxDisplayRank = 100000
)

var (
	slugPattern  = regexp.MustCompile(`^[a-z0-9]+(?:-[a-z0-9]+)*$`)
	emailPattern = regexp.MustCompile(`^[^\s@]+@[^\s@]+\.[^\s@]+$`)
	photoPattern = regexp.MustCompile(`^/[A-Za-z0-9._~/%-]+$`)
)

// Where the site serves catalogue pictures: the admin's uploads and the built-in artwork. A photo is
// a path under one of them; the Content-Security-Policy lets pages show images from the site itself
// only, so a photo on another site (or a path nothing serves) would never be seen.
const (
	UploadsPath = "/uploads/"
	ArtworkPath = "/art/"
)

// IsSitePhoto reports whether p is a picture the site serves itself.
func IsSitePhoto(p string) bool {
	return photoPattern.MatchString(p) && !strings.Contains(p, "..") &&
		(strings.HasPrefix(p, UploadsPath) || strings.HasPrefix(p, ArtworkPath))
}

type validator struct{ v domain.ValidationError }

func (c *validator) add(field, key string) { c.v.Add(field, key) }

func (c *validator) err() error { return c.v.Err() }

// text checks a bilingual value: required means both languages must be given.
func (c *validator) text(field string, t Text, required bool, max int) {
	for _, l := range []struct{ lang, s string }{{"en", t.En}, {"ar", t.Ar}} {
		f := field + "." + l.lang
		if required && strings.TrimSpace(l.s) == "" {
			c.add(f, keyRequired)
		}
		if utf8.RuneCountInString(l.s) > max {
			c.add(f, keyTooLong)
		}
		if key := domain.MultiLineTextProblem(l.s); key != "" {
			c.add(f, key)
		}
	}
}

func (c *validator) plain(field, s string, required bool, max int) {
	if required && strings.TrimSpace(s) == "" {
		c.add(field, keyRequired)
	}
	if utf8.RuneCountInString(s) > max {
		c.add(field, keyTooLong)
	}
	if key := domain.MultiLineTextProblem(s); key != "" {
		c.add(field, key)
	}
}

func (c *validator) slug(field, s string) {
	switch {
	case s == "":
		c.add(field, keyRequired)
	case len(s) > maxSlug:
		c.add(field, keyTooLong)
	case !slugPattern.MatchString(s):
		c.add(field, keyInvalidSlug)
	}
}

func (c *validator) point(lat, lng float64) {
	area := domain.ServiceArea
	if !(lat >= area.MinLat && lat <= area.MaxLat) {
		c.add("lat", keyOutOfArea)
	}
	if !(lng >= area.MinLng && lng <= area.MaxLng) {
		c.add("lng", keyOutOfArea)
	}
}

func (c *validator) intRange(field string, n, lo, hi int) {
	if n < lo || n > hi {
		c.add(field, keyOutOfRange)
	}
}

func (c *validator) egp(field string, m money.Money, allowZero bool) {
	if m == (money.Money{}) {
		// Not sent at all: it is missing, whatever currency it would have been in.
		if !allowZero {
			c.add(field, keyRequired)
		}
		return
	}
	if m.Currency != money.EGP {
		c.add(field, keyMustBeEGP)
		return
	}
	switch {
	case m.Minor < 0 || (!allowZero && m.Minor == 0):
		c.add(field, keyMustBePositive)
	case m.Minor > money.MaxMinor:
		c.add(field, keyAmountTooLarge)
	}
}

func (c *validator) photos(field string, photos []string) {
	if len(photos) > maxPhotos {
		c.add(field, keyTooMany)
	}
	seen := map[string]bool{}
	for i, p := range photos {
		f := fmt.Sprintf("%s.%d", field, i)
		if !IsSitePhoto(p) {
			c.add(f, keyInvalidPhoto)
		}
		if seen[p] {
			c.add(f, keyDuplicate)
		}
		seen[p] = true
	}
}

func (c *validator) phone(field, s string, required bool) {
	if s == "" {
		if required {
			c.add(field, keyRequired)
		}
		return
	}
	if e164, ok := domain.NormalizePhone(s, ""); !ok || e164 != s {
		c.add(field, keyInvalidPhone)
	}
}

// normalizedPhone is a typed number in international form when it is a valid one (a national
// number read as Egyptian, as a traveller's is: domain.NormalizePhone), else with its spaces taken
// out, for Validate to refuse.
func normalizedPhone(s string) string {
	if e164, ok := domain.NormalizePhone(s, ""); ok {
		return e164
	}
	return strings.Join(strings.Fields(s), "")
}

func (c *validator) email(field, s string) {
	if s != "" && (!emailPattern.MatchString(s) || len(s) > 254) {
		c.add(field, keyInvalidEmail)
	}
}

func (c *validator) date(field, s string, required bool) (time.Time, bool) {
	if s == "" {
		if required {
			c.add(field, keyRequired)
		}
		return time.Time{}, false
	}
	d, err := time.Parse(time.DateOnly, s)
	if err != nil {
		c.add(field, keyInvalidDate)
		return time.Time{}, false
	}
	return d, true
}

// Slugify turns a name into a URL slug: lower-case ASCII letters and digits joined by single dashes.
// Accents are stripped ("Café" → "cafe"); a name with no Latin letters gives "".
func Slugify(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range norm.NFKD.String(strings.ToLower(name)) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
		case unicode.Is(unicode.Mn, r), r == '\'', r == '’':
			// combining accents and apostrophes vanish: "Al-Rifa'i" → "al-rifai"
		default:
			dash = true
		}
	}
	s := b.String()
	if len(s) > maxSlug {
		s = strings.TrimRight(s[:maxSlug], "-")
	}
	return s
}

func trimAll(xs []string) []string {
	out := make([]string, 0, len(xs))
	for _, x := range xs {
		if x = strings.TrimSpace(x); x != "" {
			out = append(out, x)
		}
	}
	return out
}
