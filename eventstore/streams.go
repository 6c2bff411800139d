package eventstore

import (
	"fmt"
	"strings"
)

// StreamID builds a stream id as "<category>-<id>", the convention EventStoreDB's category projections
// understand, so either engine can hold the same streams.
func StreamID(category, id string) string {
	return category + "-" + id
}

// Category returns the category part of a stream id ("cart" for "cart-42").
func Category(stream string) string {
	if i := strings.IndexByte(stream, '-'); i > 0 {
		return stream[:i]
	}
	return stream
}

// SplitStreamID returns the category and id of a stream id built by StreamID.
func SplitStreamID(stream string) (category, id string, err error) {
	i := strings.IndexByte(stream, '-')
	if i <= 0 || i == len(stream)-1 {
		return "", "", fmt.Errorf("eventstore: malformed stream id %q", stream)
	}
	return stream[:i], stream[i+1:], nil
}
