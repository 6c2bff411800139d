package catalogue

import (
	"context"
	"errors"
	"io"

	cat "mishwar/domain/catalogue"
)

// PhotoStore keeps the photos admins upload (adapters/uploads implements it): it checks the content,
// stores it at the catalogue's two sizes and says where.
type PhotoStore interface {
	Save(r io.Reader) (cat.Photo, error)
}

// ErrNoPhotoStore: the application was built without a photo store.
var ErrNoPhotoStore = errors.New("catalogue: no photo store")

// UploadPhotoHandler stores a catalogue photo.
type UploadPhotoHandler struct {
	photos PhotoStore
}

// Enabled reports whether photos can be uploaded at all.
func (h UploadPhotoHandler) Enabled() bool { return h.photos != nil }

// Handle stores the photo read from r.
func (h UploadPhotoHandler) Handle(_ context.Context, r io.Reader) (cat.Photo, error) {
	if h.photos == nil {
		return cat.Photo{}, ErrNoPhotoStore
	}
	return h.photos.Save(r)
}
