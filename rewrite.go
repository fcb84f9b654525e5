package iri

import (
	"unicode/utf8"

	"github.com/iri-go/iri/internal/bytestring"
)

// The conversions (ToURI, ToIRI, normalization) change the characters of
// components but never their delimiters. They walk the spans between the
// offsets of an IRI and rewrite its text lazily, so that an IRI with
// nothing to change is returned as it is, without allocation.

// Spans of an IRI's text, each starting at the delimiter of its component:
//
//	scheme ":" | "//" userinfo "@" | host | ":" port | path | "?" query | "#" fragment
const (
	spanScheme = iota
	spanUserinfo
	spanHost
	spanPort
	spanPath
	spanQuery
	spanFragment
	spanCount
)

// bounds returns the end offset of each span.
func (i IRI) bounds() [spanCount]int {
	o := i.offsets()
	return [spanCount]int{o.schemeEnd, o.hostStart, o.hostEnd, o.pathStart, o.pathEnd, o.queryEnd, len(i.s)}
}

// withBounds returns the IRI with text s and span ends b.
func withBounds(s string, b [spanCount]int) IRI {
	return pack(s, b[0], b[1], b[2], b[3], b[4], b[5])
}

// A rewriter builds a changed copy of src. Nothing is allocated before the
// first change; then one buffer as long as src, which decodings and
// lowercasings never outgrow (a punycode host shown in Unicode may).
type rewriter struct {
	src    string
	buf    []byte
	copied int // src[:copied] has been dealt with
	dirty  bool
}

// replace copies src up to p unchanged and appends repl in place of
// src[p:end].
func (w *rewriter) replace(p, end int, repl ...byte) {
	w.copyTo(p)
	w.buf = append(w.buf, repl...)
	w.copied = end
}

// copyTo copies src up to p unchanged; the caller then appends to buf
// what stands for the source from p on, and sets copied.
func (w *rewriter) copyTo(p int) {
	if !w.dirty {
		w.dirty = true
		w.buf = make([]byte, 0, len(w.src))
	}
	w.buf = append(w.buf, w.src[w.copied:p]...)
	w.copied = p
}

// replaceRune is replace with the UTF-8 of r.
func (w *rewriter) replaceRune(p, end int, r rune) {
	w.replace(p, end)
	w.buf = utf8.AppendRune(w.buf, r)
}

// offset returns where src[p:], not yet dealt with, starts in the output.
func (w *rewriter) offset(p int) int {
	if !w.dirty {
		return p
	}
	return len(w.buf) + p - w.copied
}

// result returns the rewritten IRI of i, or i itself if nothing changed.
// newBounds are the offsets recorded with offset at each span's end.
func (w *rewriter) result(i IRI, newBounds [spanCount]int) IRI {
	if !w.dirty {
		return i
	}
	w.buf = append(w.buf, w.src[w.copied:]...)
	return withBounds(bytesToString(w.buf), newBounds)
}

// text returns the rewritten text, or src itself if nothing changed.
func (w *rewriter) text() string {
	if !w.dirty {
		return w.src
	}
	return bytesToString(append(w.buf, w.src[w.copied:]...))
}

// bytesToString returns b as a string without copying it
// (internal/bytestring): the caller hands b over and never writes to it
// again. It saves the conversions an allocation and a copy.
func bytesToString(b []byte) string { return bytestring.String(b) }
