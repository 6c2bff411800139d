package catalogue

import (
	"errors"

	"mishwar/domain"
)

// Photo is a catalogue photo as stored: the detail size and the list-card size of one upload.
type Photo struct {
	// URL is the detail size; Thumb the list size.
	URL    string `json:"url"`
	Thumb  string `json:"thumb"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
	Type   string `json:"type"`
}

// MaxPhotoBytes is the largest photo an admin may upload.
const MaxPhotoBytes = 10 << 20

// ErrPhotoTooLarge refuses an upload over MaxPhotoBytes (or one that decodes to too many pixels).
var ErrPhotoTooLarge = domain.Invalid("uploads.too_large")

// ErrPhotoNotStored: the photo store could not keep an upload that was fine (its directory cannot be
// written, its disk is full). A fault of the server, not of the photo: it is not a refusal (no
// domain kind), the admin is told it in words to pass on, and the cause is logged.
var ErrPhotoNotStored = errors.New("catalogue: the photo could not be stored")
