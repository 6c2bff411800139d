package httpx

import (
	"bufio"
	"bytes"
	"io"
	"net"
	"net/http"
	"sync"

	"github.com/andybalholm/brotli"
	"github.com/klauspost/compress/gzip"

	"mishwar/internal/acceptencoding"
)

// compressMin is the smallest answer worth compressing: below it the headers cost more than they save.
const compressMin = 1024

// Answers made per request are compressed at the fastest levels, and with gzip when the client
// takes gzip and brotli alike: on a priced cart (3.6 KB of JSON) gzip 1 (klauspost/compress's, not
// the standard library's) takes 15 µs to 1.27 KB, brotli 1 26 µs to the same size, the standard
// library's gzip 1 22 µs; on a 66 KB list gzip 1 takes 146 µs to 19.4 KB, brotli 1 344 µs to
// 18.3 KB. Higher levels saved a hundred bytes for two to four times the CPU, on answers whose
// compression was a fifth of a command's cost on the server. Answers kept in memory are compressed
// once, at the best levels, and brotli is preferred for them (CompressBytes).
var (
	gzipPool = sync.Pool{New: func() any {
		w, _ := gzip.NewWriterLevel(io.Discard, gzip.BestSpeed)
		return w
	}}
	brotliPool = sync.Pool{New: func() any { return brotli.NewWriterLevel(io.Discard, 1) }}
)

// Compress compresses answers of compressMin bytes or more with gzip or brotli, whichever the client
// prefers (gzip on a tie: see above). Smaller answers, answers that set their own Content-Encoding, and
// answers to HEAD go out as they are.
func Compress(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Add("Vary", "Accept-Encoding")
		enc := acceptedEncoding(r, "gzip")
		if enc == "" || r.Method == http.MethodHead {
			next.ServeHTTP(w, r)
			return
		}
		cw := &compressWriter{ResponseWriter: w, encoding: enc}
		defer cw.finish()
		next.ServeHTTP(cw, r)
	})
}

// PreferredEncoding picks "br", "gzip" or "" (neither) from the request's Accept-Encoding for an
// answer compressed ahead of time (brotli on a tie: it is smaller, and its cost is paid once).
func PreferredEncoding(r *http.Request) string { return acceptedEncoding(r, "br") }

// acceptedEncoding picks "br", "gzip" or "" (neither) from the request's Accept-Encoding, onTie when
// the client takes both alike.
func acceptedEncoding(r *http.Request, onTie string) string {
	w := acceptencoding.Parse(r.Header.Get("Accept-Encoding"))
	switch {
	case w.Brotli <= 0 && w.Gzip <= 0:
		return ""
	case w.Brotli > w.Gzip || (w.Brotli == w.Gzip && onTie == "br"):
		return "br"
	default:
		return "gzip"
	}
}

// compressWriter holds the first compressMin bytes back to decide whether compressing pays.
type compressWriter struct {
	http.ResponseWriter
	encoding string
	status   int
	buf      []byte
	enc      io.WriteCloser
	decided  bool
}

func (c *compressWriter) WriteHeader(status int) {
	if c.status == 0 {
		c.status = status
	}
}

func (c *compressWriter) Write(p []byte) (int, error) {
	if c.status == 0 {
		c.status = http.StatusOK
	}
	if c.decided {
		if c.enc != nil {
			return c.enc.Write(p)
		}
		return c.ResponseWriter.Write(p)
	}
	c.buf = append(c.buf, p...)
	if len(c.buf) >= compressMin {
		if err := c.decide(true); err != nil {
			return 0, err
		}
	}
	return len(p), nil
}

// decide sends the headers, compressed when big is true and the answer allows it, then the bytes held.
func (c *compressWriter) decide(big bool) error {
	c.decided = true
	h := c.ResponseWriter.Header()
	if big && h.Get("Content-Encoding") == "" && c.status != http.StatusNoContent && c.status != http.StatusNotModified {
		h.Del("Content-Length")
		h.Set("Content-Encoding", c.encoding)
		if c.encoding == "br" {
			bw := brotliPool.Get().(*brotli.Writer)
			bw.Reset(c.ResponseWriter)
			c.enc = pooled{bw, func() { brotliPool.Put(bw) }}
		} else {
			gw := gzipPool.Get().(*gzip.Writer)
			gw.Reset(c.ResponseWriter)
			c.enc = pooled{gw, func() { gzipPool.Put(gw) }}
		}
	}
	c.ResponseWriter.WriteHeader(c.status)
	held := c.buf
	c.buf = nil
	if len(held) == 0 {
		return nil
	}
	var err error
	if c.enc != nil {
		_, err = c.enc.Write(held)
	} else {
		_, err = c.ResponseWriter.Write(held)
	}
	return err
}

// Flush sends what is held (compressing if it is big enough) and flushes.
func (c *compressWriter) Flush() {
	if !c.decided {
		if c.status == 0 {
			c.status = http.StatusOK
		}
		_ = c.decide(len(c.buf) >= compressMin)
	}
	if f, ok := c.enc.(interface{ Flush() error }); ok {
		_ = f.Flush()
	}
	http.NewResponseController(c.ResponseWriter).Flush()
}

// Hijack lets a handler take the connection (never compressed).
func (c *compressWriter) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	return http.NewResponseController(c.ResponseWriter).Hijack()
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (c *compressWriter) Unwrap() http.ResponseWriter { return c.ResponseWriter }

func (c *compressWriter) finish() {
	if !c.decided {
		if c.status == 0 {
			// Nothing was written: let the server answer as it would without us.
			return
		}
		_ = c.decide(false)
	}
	if c.enc != nil {
		_ = c.enc.Close()
	}
}

// pooled returns its writer to the pool once closed.
type pooled struct {
	w interface {
		io.WriteCloser
		Flush() error
	}
	release func()
}

func (p pooled) Write(b []byte) (int, error) { return p.w.Write(b) }
func (p pooled) Flush() error                { return p.w.Flush() }
func (p pooled) Close() error {
	err := p.w.Close()
	p.release()
	return err
}

// CompressBytes compresses b once with encoding ("br" or "gzip"), for answers kept in memory and sent
// many times: Compress leaves an answer that says its Content-Encoding alone.
func CompressBytes(encoding string, b []byte) []byte {
	var buf bytes.Buffer
	var w io.WriteCloser
	if encoding == "br" {
		w = brotli.NewWriterLevel(&buf, 6)
	} else {
		w, _ = gzip.NewWriterLevel(&buf, gzip.BestCompression)
	}
	_, _ = w.Write(b)
	_ = w.Close()
	return buf.Bytes()
}

// CompressWorthy says whether an answer of n bytes is worth compressing.
func CompressWorthy(n int) bool { return n >= compressMin }
