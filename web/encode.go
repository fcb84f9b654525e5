package web

import (
	"strconv"

	"github.com/iri-go/iri/internal/legacy"
	"github.com/iri-go/iri/internal/pct"
	"golang.org/x/text/encoding"
)

// appendEncodedLegacy is the URL Standard's "percent-encode after
// encoding": s encoded with enc, each octet percent-encoded when set holds
// it (every octet beyond ASCII is), and a character enc lacks written as
// "%26%23" N "%3B".
func appendEncodedLegacy(b []byte, s string, set *pct.Set, enc encoding.Encoding) []byte {
	legacy.Encode(enc, s, func(octets []byte) {
		for _, c := range octets {
			if set.Has(c) {
				b = pct.AppendByte(b, c)
			} else {
				b = append(b, c)
			}
		}
	}, func(r rune) {
		b = append(b, "%26%23"...)
		b = strconv.AppendInt(b, int64(r), 10)
		b = append(b, "%3B"...)
	})
	return b
}
