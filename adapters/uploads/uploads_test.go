package uploads_test

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mishwar/adapters/uploads"
)

func picture(t *testing.T, w, h int, format string) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.RGBA{uint8(x), uint8(y), 120, 255})
		}
	}
	var b bytes.Buffer
	var err error
	if format == "png" {
		err = png.Encode(&b, img)
	} else {
		err = jpeg.Encode(&b, img, nil)
	}
	if err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestSaveResizesToBothSizesAndServesWithCaching(t *testing.T) {
	dir := t.TempDir()
	s, err := uploads.New(dir)
	if err != nil {
		t.Fatal(err)
	}
	p, err := s.Save(bytes.NewReader(picture(t, 2400, 1000, "jpeg")))
	if err != nil {
		t.Fatal(err)
	}
	if p.Width != 1600 || p.Height != 667 || p.Type != "image/jpeg" || !strings.HasSuffix(p.URL, "-detail.jpg") || !strings.HasSuffix(p.Thumb, "-list.jpg") {
		t.Fatalf("photo %+v", p)
	}
	again, err := s.Save(bytes.NewReader(picture(t, 2400, 1000, "jpeg")))
	if err != nil || again != p {
		t.Fatalf("the same picture twice: %+v %v", again, err)
	}
	srv := httptest.NewServer(http.StripPrefix("", s.Handler()))
	defer srv.Close()
	for path, wantW := range map[string]int{p.URL: 1600, p.Thumb: 640} {
		res, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		img, _, err := image.Decode(res.Body)
		res.Body.Close()
		if err != nil || img.Bounds().Dx() != wantW {
			t.Fatalf("%s: %v %v", path, err, img)
		}
		if res.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" || res.Header.Get("Content-Type") != "image/jpeg" {
			t.Fatalf("%s headers %v", path, res.Header)
		}
	}
	if img, _ := os.ReadFile(filepath.Join(dir, strings.TrimPrefix(p.Thumb, "/uploads/"))); len(img) == 0 {
		t.Fatal("the list size is not on disk")
	}
	for _, bad := range []string{"/uploads/../uploads.go", "/uploads/x.jpg", "/uploads/" + strings.Repeat("a", 24) + "-detail.jpg"} {
		res, err := http.Get(srv.URL + bad)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != 404 {
			t.Errorf("%s: %d", bad, res.StatusCode)
		}
	}
}

func TestSaveKeepsPNGAndSmallPicturesUnscaled(t *testing.T) {
	s, _ := uploads.New(t.TempDir())
	p, err := s.Save(bytes.NewReader(picture(t, 800, 600, "png")))
	if err != nil {
		t.Fatal(err)
	}
	if p.Width != 800 || p.Height != 600 || !strings.HasSuffix(p.URL, ".png") {
		t.Fatalf("photo %+v", p)
	}
}

func TestSaveRefusesWhatIsNotAPhoto(t *testing.T) {
	s, _ := uploads.New(t.TempDir())
	cases := []struct {
		name string
		data []byte
		want error
	}{
		{"an HTML page named .jpg", []byte("<html><script>alert(1)</script></html>"), uploads.ErrUnsupported},
		{"a GIF", append([]byte("GIF89a"), make([]byte, 100)...), uploads.ErrUnsupported},
		{"a truncated JPEG", picture(t, 800, 600, "jpeg")[:300], uploads.ErrUnreadable},
		{"a thumbnail-sized picture", picture(t, 200, 100, "jpeg"), uploads.ErrTooSmall},
		{"more than 10 MB", append(picture(t, 400, 300, "jpeg"), make([]byte, uploads.MaxBytes)...), uploads.ErrTooLarge},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := s.Save(bytes.NewReader(tc.data)); !errors.Is(err, tc.want) {
				t.Fatalf("got %v, want %v", err, tc.want)
			}
		})
	}
}

func TestCheckWritableMakesTheDirectoryAndLeavesNothingInIt(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "var", "uploads")
	if err := uploads.CheckWritable(dir); err != nil {
		t.Fatal(err)
	}
	if entries, err := os.ReadDir(dir); err != nil || len(entries) != 0 {
		t.Fatalf("after the check: %v entries, %v; want an empty directory", len(entries), err)
	}
	blocked := filepath.Join(t.TempDir(), "uploads")
	if err := os.WriteFile(blocked, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := uploads.CheckWritable(blocked); err == nil || !strings.Contains(err.Error(), blocked) || !strings.Contains(err.Error(), "MISHWAR_DATA_DIR") {
		t.Fatalf("a file in the directory's place: %v, want a refusal naming the path and MISHWAR_DATA_DIR", err)
	}
	if os.Geteuid() != 0 { // root writes anywhere
		readOnly := t.TempDir()
		if err := os.Chmod(readOnly, 0o555); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = os.Chmod(readOnly, 0o755) })
		if err := uploads.CheckWritable(readOnly); err == nil || !strings.Contains(err.Error(), readOnly) {
			t.Fatalf("a read-only directory: %v, want a refusal naming it", err)
		}
	}
}

// A photo that is fine but cannot be written is the server's fault (uploads.ErrNotStored), told apart
// from a refusal of the photo, and the error names the file it could not write.
func TestAPhotoThatCannotBeWrittenIsNotStored(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "uploads")
	s, err := uploads.New(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dir, nil, 0o644); err != nil { // what root cannot write either
		t.Fatal(err)
	}
	_, err = s.Save(bytes.NewReader(picture(t, 800, 600, "jpeg")))
	if !errors.Is(err, uploads.ErrNotStored) || !strings.Contains(err.Error(), dir) {
		t.Fatalf("Save into a directory that is gone: %v, want ErrNotStored naming %s", err, dir)
	}
	for _, refusal := range []error{uploads.ErrUnsupported, uploads.ErrUnreadable, uploads.ErrTooSmall, uploads.ErrTooLarge} {
		if errors.Is(err, refusal) {
			t.Fatalf("%v reads as the refusal %v", err, refusal)
		}
	}
}
