package catalogue

import "mishwar/domain"

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
