package httpapi_test

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"mime/multipart"
	"net/http"
	"os"
	"strings"
	"testing"

	"mishwar/cmd/mishwar/app/apptest"
)

// jpegUpload is a multipart body with a w×h JPEG as its "file" field.
func jpegUpload(t *testing.T, w, h int, shade uint8) (*bytes.Buffer, string) {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.RGBA{uint8(x), uint8(y), shade, 255})
		}
	}
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	part, err := mw.CreateFormFile("file", "photo.jpg")
	if err == nil {
		err = jpeg.Encode(part, img, nil)
	}
	if err == nil {
		err = mw.Close()
	}
	if err != nil {
		t.Fatal(err)
	}
	return &buf, mw.FormDataContentType()
}

// A photo the server cannot store (its uploads directory gone read-only, replaced, or its disk full)
// is told to the admin in their language as the server's fault, not as "something went wrong".
func TestAPhotoTheServerCannotStoreIsToldInTheAdminsLanguage(t *testing.T) {
	t.Parallel()
	a := apptest.New(t)
	admin := a.AdminToken(t)
	upload := func(lang string, shade uint8) apptest.Response {
		body, ct := jpegUpload(t, 400, 300, shade)
		return a.Do(apptest.Request{Method: http.MethodPost, Path: "/api/admin/uploads", Body: body, Token: admin,
			Header: map[string]string{"Content-Type": ct, "Accept-Language": lang}})
	}
	if r := upload("en", 1); r.Status != http.StatusCreated {
		t.Fatalf("an upload: %d %s", r.Status, r.Body)
	}

	// A file where the uploads directory was: refused to root as well as to anyone else.
	dir := a.App.Config.UploadsDir()
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dir, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for lang, says := range map[string]string{"en": "uploads folder", "ar": "مجلد الصور"} {
		r := upload(lang, 2)
		msg, _ := errorBody(t, r)
		if r.Status != http.StatusInternalServerError || !strings.Contains(msg, says) {
			t.Errorf("%s: %d %q, want 500 saying %q", lang, r.Status, msg, says)
		}
	}
}
