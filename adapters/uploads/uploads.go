// Package uploads stores the photos admins upload for the catalogue. Every upload is checked by its
// content (JPEG, PNG or WebP, whatever its name or declared type says), decoded, and written anew at
// two sizes, a detail size and a list-card size, so no original byte (EXIF location, a polyglot
// payload) ever reaches a visitor. Files are named by the hash of their content, never change, and
// are served with a year of caching.
//
// It never serves anything it did not write, and never writes outside its directory.
package uploads

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"time"

	"golang.org/x/image/draw"
	_ "golang.org/x/image/webp" // registers the WebP decoder with image.Decode

	"mishwar/domain"
	cat "mishwar/domain/catalogue"
)

// Limits of an upload.
const (
	MaxBytes  = cat.MaxPhotoBytes
	MinWidth  = 320
	MinHeight = 200
	// maxPixels refuses decompression bombs: a small file that decodes to a huge image.
	maxPixels = 50_000_000
)

// Sizes: the detail photo fits in 1600×1200; the list card is cropped to 640×427 (3:2).
const (
	detailW, detailH = 1600, 1200
	listW, listH     = 640, 427
)

// Refusals (422 with a readable message).
var (
	ErrTooLarge    = cat.ErrPhotoTooLarge
	ErrUnsupported = domain.Invalid("uploads.unsupported_type")
	ErrUnreadable  = domain.Invalid("uploads.unreadable")
	ErrTooSmall    = domain.Invalid("uploads.too_small")
	// ErrNotStored: a photo that was fine could not be written (see cat.ErrPhotoNotStored).
	ErrNotStored = cat.ErrPhotoNotStored
)

// Photo is a stored upload.
type Photo = cat.Photo

// Store keeps uploads in a directory (MISHWAR_DATA_DIR/uploads). It implements the catalogue
// application's photo port (commands/catalogue.PhotoStore).
type Store struct {
	dir string
}

// New returns a store over dir, creating it if needed.
func New(dir string) (*Store, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("uploads: %w", err)
	}
	return &Store{dir: dir}, nil
}

// CheckWritable makes dir if it is missing and proves a file can be written in it, then removes the
// file. serve checks it at start, so an uploads directory Mishwar cannot write (read-only, owned by
// another user, a file in its place) is told then, by its path, not at an admin's first photo.
func CheckWritable(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("uploads: cannot create the uploads directory %s (in MISHWAR_DATA_DIR): %w", dir, err)
	}
	f, err := os.CreateTemp(dir, ".write-check-*")
	if err != nil {
		return fmt.Errorf("uploads: cannot write in the uploads directory %s (give the user running Mishwar write access to it): %w", dir, err)
	}
	name := f.Name()
	_ = f.Close()
	if err := os.Remove(name); err != nil {
		return fmt.Errorf("uploads: cannot remove a file from the uploads directory %s: %w", dir, err)
	}
	return nil
}

// URLPrefix is where Handler is mounted.
const URLPrefix = "/uploads/"

// Save checks, resizes and stores the photo read from r. Saving the same picture twice gives the same
// URLs and writes nothing new.
func (s *Store) Save(r io.Reader) (Photo, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxBytes+1))
	if err != nil {
		return Photo{}, fmt.Errorf("%w: %w", ErrUnreadable, err)
	}
	if len(data) > MaxBytes {
		return Photo{}, ErrTooLarge
	}
	kind := http.DetectContentType(data)
	switch kind {
	case "image/jpeg", "image/png", "image/webp":
	default:
		return Photo{}, fmt.Errorf("%w: %s", ErrUnsupported, kind)
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return Photo{}, fmt.Errorf("%w: %w", ErrUnreadable, err)
	}
	if cfg.Width*cfg.Height > maxPixels {
		return Photo{}, ErrTooLarge
	}
	if cfg.Width < MinWidth || cfg.Height < MinHeight {
		return Photo{}, ErrTooSmall
	}
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return Photo{}, fmt.Errorf("%w: %w", ErrUnreadable, err)
	}
	sum := sha256.Sum256(data)
	name := hex.EncodeToString(sum[:12])
	// PNG keeps transparency (logos, drawings); photos become JPEG.
	ext, encode := "jpg", encodeJPEG
	if kind == "image/png" {
		ext, encode = "png", encodePNG
	}
	detail := fit(img, detailW, detailH)
	list := cover(img, listW, listH)
	detailName, listName := name+"-detail."+ext, name+"-list."+ext
	if err := s.write(detailName, detail, encode); err != nil {
		return Photo{}, err
	}
	if err := s.write(listName, list, encode); err != nil {
		return Photo{}, err
	}
	b := detail.Bounds()
	return Photo{URL: URLPrefix + detailName, Thumb: URLPrefix + listName, Width: b.Dx(), Height: b.Dy(), Type: kind}, nil
}

func encodeJPEG(w io.Writer, img image.Image) error {
	return jpeg.Encode(w, flatten(img), &jpeg.Options{Quality: 84})
}

func encodePNG(w io.Writer, img image.Image) error {
	return (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(w, img)
}

// flatten puts an image with transparency on white, as JPEG has no alpha.
func flatten(img image.Image) image.Image {
	b := img.Bounds()
	out := image.NewRGBA(b)
	draw.Draw(out, b, &image.Uniform{C: color.White}, image.Point{}, draw.Src)
	draw.Draw(out, b, img, b.Min, draw.Over)
	return out
}

func (s *Store) write(name string, img image.Image, encode func(io.Writer, image.Image) error) error {
	if err := s.writeFile(name, img, encode); err != nil {
		return fmt.Errorf("uploads: %w: %w", ErrNotStored, err)
	}
	return nil
}

func (s *Store) writeFile(name string, img image.Image, encode func(io.Writer, image.Image) error) error {
	path := filepath.Join(s.dir, name)
	if _, err := os.Stat(path); err == nil {
		return nil
	}
	tmp, err := os.CreateTemp(s.dir, ".upload-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := encode(tmp, img); err != nil {
		tmp.Close()
		return fmt.Errorf("encode %s: %w", name, err)
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// fit scales img down (never up) to fit in w×h, keeping its proportions.
func fit(img image.Image, w, h int) image.Image {
	b := img.Bounds()
	if b.Dx() <= w && b.Dy() <= h {
		return img
	}
	scale := min(float64(w)/float64(b.Dx()), float64(h)/float64(b.Dy()))
	nw, nh := max(1, int(float64(b.Dx())*scale+0.5)), max(1, int(float64(b.Dy())*scale+0.5))
	out := image.NewRGBA(image.Rect(0, 0, nw, nh))
	draw.CatmullRom.Scale(out, out.Bounds(), img, b, draw.Src, nil)
	return out
}

// cover scales and centre-crops img to exactly w×h.
func cover(img image.Image, w, h int) image.Image {
	b := img.Bounds()
	scale := max(float64(w)/float64(b.Dx()), float64(h)/float64(b.Dy()))
	cw, ch := int(float64(w)/scale+0.5), int(float64(h)/scale+0.5)
	cw, ch = min(cw, b.Dx()), min(ch, b.Dy())
	x0, y0 := b.Min.X+(b.Dx()-cw)/2, b.Min.Y+(b.Dy()-ch)/2
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.CatmullRom.Scale(out, out.Bounds(), img, image.Rect(x0, y0, x0+cw, y0+ch), draw.Src, nil)
	return out
}

var namePattern = regexp.MustCompile(`^[0-9a-f]{24}-(detail|list)\.(jpg|png)$`)

// Handler serves stored uploads under URLPrefix. Names are content hashes, so a file never changes:
// it is cached for a year.
func (s *Store) Handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := r.URL.Path[len(URLPrefix):]
		if len(r.URL.Path) < len(URLPrefix) || !namePattern.MatchString(name) {
			http.NotFound(w, r)
			return
		}
		f, err := os.Open(filepath.Join(s.dir, name))
		if errors.Is(err, os.ErrNotExist) {
			http.NotFound(w, r)
			return
		}
		if err != nil {
			http.Error(w, "could not read the file", http.StatusInternalServerError)
			return
		}
		defer f.Close()
		ct := "image/jpeg"
		if filepath.Ext(name) == ".png" {
			ct = "image/png"
		}
		w.Header().Set("Content-Type", ct)
		w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		http.ServeContent(w, r, name, time.Time{}, f)
	})
}
