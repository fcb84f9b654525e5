package web

import (
	"strconv"

	"github.com/iri-go/iri/internal/legacy"
	"golang.org/x/text/encoding"
)

// An encodeSet is a percent-encode set of the URL Standard (section 1.3):
// the ASCII bytes a component writes as %XX. Every byte beyond ASCII is
// encoded too, which UTF-8 percent-encodes a character.
type encodeSet [128]bool

func newEncodeSet(base *encodeSet, extra string) encodeSet {
	var set encodeSet
	if base != nil {
		set = *base
	}
	for i := 0; i < len(extra); i++ {
		set[extra[i]] = true
	}
	return set
}

var (
	// c0ControlSet: the C0 controls (and every byte beyond U+007E).
	c0ControlSet = func() (set encodeSet) {
		for c := 0; c < 0x20; c++ {
			set[c] = true
		}
		set[0x7F] = true
		return set
	}()
	fragmentSet     = newEncodeSet(&c0ControlSet, " \"<>`")
	querySet        = newEncodeSet(&c0ControlSet, " \"#<>")
	specialQuerySet = newEncodeSet(&querySet, "'")
	pathSet         = newEncodeSet(&querySet, "?^`{}")
	userinfoSet     = newEncodeSet(&pathSet, "/:;=@[\\]|")
	componentSet    = newEncodeSet(&userinfoSet, "$%&+,")
	formSet         = newEncodeSet(&componentSet, "!'()~")
)

// appendEncoded appends s to b, UTF-8 percent-encoding the bytes in set and
// every byte beyond ASCII. Runs that need nothing are copied whole.
func appendEncoded(b []byte, s string, set *encodeSet) []byte {
	const upperHex = "0123456789ABCDEF"
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x80 && !set[c] {
			continue
		}
		b = append(b, s[start:i]...)
		b = append(b, '%', upperHex[c>>4], upperHex[c&0xF])
		start = i + 1
	}
	return append(b, s[start:]...)
}

// appendEncodedLegacy is the URL Standard's "percent-encode after
// encoding": s encoded with enc, each octet percent-encoded when set holds
// it (every octet beyond ASCII is), and a character enc lacks written as
// "%26%23" N "%3B".
func appendEncodedLegacy(b []byte, s string, set *encodeSet, enc encoding.Encoding) []byte {
	const upperHex = "0123456789ABCDEF"
	legacy.Encode(enc, s, func(octets []byte) {
		for _, c := range octets {
			if c < 0x80 && !set[c] {
				b = append(b, c)
			} else {
				b = append(b, '%', upperHex[c>>4], upperHex[c&0xF])
			}
		}
	}, func(r rune) {
		b = append(b, "%26%23"...)
		b = strconv.AppendInt(b, int64(r), 10)
		b = append(b, "%3B"...)
	})
	return b
}
