package iri

// Character classes of the ABNF in RFC 3987, section 2.2, and RFC 3986,
// Appendix A. ASCII is classified by one table with a bit per rule
// (internal/pct's); the non-ASCII rules (ucschar, iprivate) are short
// range checks.

import (
	"github.com/iri-go/iri/internal/ascii"
	"github.com/iri-go/iri/internal/pct"
	"github.com/iri-go/iri/internal/ucs"
)

// The letters and digits have their one home in internal/ascii, shared
// with package idn and the internal packages; the hexadecimal digits and
// the table of classes (pct.Classes, a bit per rule) theirs in
// internal/pct, shared with package web and package uritemplate.
func isAlpha(c byte) bool { return ascii.IsAlpha(c) }
func isDigit(c byte) bool { return ascii.IsDigit(c) }
func isHex(c byte) bool   { return pct.IsHex(c) }

// The classes beyond ASCII (ucschar, iprivate, the bidi controls of
// section 4.1) have their one home in internal/ucs, shared with package
// uritemplate.
func isUcschar(r rune) bool                      { return ucs.IsUcschar(r) }
func isIprivate(r rune) bool                     { return ucs.IsIprivate(r) }
func isBidiControl(r rune) bool                  { return ucs.IsBidiControl(r) }
func allowedUnencoded(r rune, inQuery bool) bool { return ucs.AllowedUnencoded(r, inQuery) }

// firstSegmentColon returns the offset of a ":" in the first segment of
// path, or -1. A path of a relative reference cannot have one there: the
// segment would read as a scheme (isegment-nz-nc; RFC 3986, section 4.2).
// The parser, Build, Resolve and Relativize all ask it.
func firstSegmentColon(path string) int {
	for k := 0; k < len(path) && path[k] != '/'; k++ {
		if path[k] == ':' {
			return k
		}
	}
	return -1
}
