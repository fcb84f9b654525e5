package iri

import "strings"

// offsets are the offsets of an IRI's components in its text, unpacked,
// for the code that builds an IRI a component at a time. A component's
// span includes its leading delimiter, so that presence needs no flag of
// its own:
//
//	scheme ":" "//" userinfo "@" host ":" port path "?" query "#" fragment
//	          ^schemeEnd         ^hostStart ^hostEnd ^pathStart ^pathEnd ^queryEnd
//
// Without an authority, hostStart == hostEnd == pathStart == schemeEnd.
type offsets struct {
	schemeEnd int // after the ":"; 0 when there is no scheme
	hostStart int // after the "@" when there is a userinfo
	hostEnd   int
	pathStart int
	pathEnd   int
	queryEnd  int // len(s) when there is no fragment
}

// An IRI packs its six offsets in two words. An IRI shorter than
// packedLen (2 MiB) holds them all, 21 bits each: the scheme's and the
// host's in head, the path's and the query's in tail. A longer one (a
// wide IRI, its tail's top bit set) holds two, pathStart in head and
// pathEnd in tail, and finds the others in its text when asked: the
// delimiters that end the scheme, the userinfo, the host and the query
// are the first of their kind in the text before the path or after it,
// found at the speed of strings.IndexByte. The packing depends on the
// text alone, so IRIs are == exactly when their texts are equal.
const (
	offsetBits = 21
	offsetMask = 1<<offsetBits - 1
	wideBit    = 1 << 63
)

// pack returns the IRI with text s and the given offsets.
func pack(s string, schemeEnd, hostStart, hostEnd, pathStart, pathEnd, queryEnd int) IRI {
	if len(s) >= packedLen {
		return packWide(s, pathStart, pathEnd)
	}
	return IRI{s: s,
		head: uint64(schemeEnd) | uint64(hostStart)<<offsetBits | uint64(hostEnd)<<(2*offsetBits),
		tail: uint64(pathStart) | uint64(pathEnd)<<offsetBits | uint64(queryEnd)<<(2*offsetBits)}
}

// packWide returns the wide IRI with text s and the path at
// s[pathStart:pathEnd].
func packWide(s string, pathStart, pathEnd int) IRI {
	return IRI{s: s, head: uint64(pathStart), tail: wideBit | uint64(pathEnd)}
}

// iri returns the IRI with text s and the offsets o.
func (o offsets) iri(s string) IRI {
	return pack(s, o.schemeEnd, o.hostStart, o.hostEnd, o.pathStart, o.pathEnd, o.queryEnd)
}

// offsets returns the offsets of i's components.
func (i IRI) offsets() offsets {
	if i.wide() {
		return offsets{i.wideHead(0), i.wideHead(1), i.wideHead(2), i.pathStart(), i.pathEnd(), i.wideQueryEnd()}
	}
	return offsets{i.schemeEnd(), i.hostStart(), i.hostEnd(), i.pathStart(), i.pathEnd(), i.queryEnd()}
}

func (i IRI) wide() bool { return i.tail&wideBit != 0 }

// The accessors of the offsets read a wide IRI's in a call of their own,
// so that they stay small enough to be inlined.

func (i IRI) schemeEnd() int {
	if i.wide() {
		return i.wideHead(0)
	}
	return int(i.head & offsetMask)
}

func (i IRI) hostStart() int {
	if i.wide() {
		return i.wideHead(1)
	}
	return int(i.head >> offsetBits & offsetMask)
}

func (i IRI) hostEnd() int {
	if i.wide() {
		return i.wideHead(2)
	}
	return int(i.head >> (2 * offsetBits) & offsetMask)
}

func (i IRI) pathStart() int {
	if i.wide() {
		return int(i.head)
	}
	return int(i.tail & offsetMask)
}

func (i IRI) pathEnd() int {
	if i.wide() {
		return int(i.tail &^ wideBit)
	}
	return int(i.tail >> offsetBits & offsetMask)
}

func (i IRI) queryEnd() int {
	if i.wide() {
		return i.wideQueryEnd()
	}
	return int(i.tail >> (2 * offsetBits) & offsetMask)
}

// wideQueryEnd returns where a wide IRI's query ends. The query holds no
// "#" (RFC 3987, section 2.2): the first after the path starts the
// fragment.
func (i IRI) wideQueryEnd() int {
	end := i.pathEnd()
	if k := strings.IndexByte(i.s[end:], '#'); k >= 0 {
		return end + k
	}
	return len(i.s)
}

// wideHead returns an offset before the path of a wide IRI, schemeEnd,
// hostStart or hostEnd for k 0, 1 or 2, found in the text before the
// path: "scheme:" or "scheme://authority" or "//authority" or nothing. A
// scheme holds no ":", a userinfo and a host no "@", a host no ":" but
// inside an IP-literal's brackets, which hold no "]".
func (i IRI) wideHead(k int) int {
	head := i.s[:i.pathStart()]
	schemeEnd := 0
	if head != "" && head[0] != '/' {
		schemeEnd = strings.IndexByte(head, ':') + 1
	}
	if k == 0 || len(head) == schemeEnd { // no authority: no host either
		return schemeEnd
	}
	hostStart := schemeEnd + 2 + strings.IndexByte(head[schemeEnd+2:], '@') + 1
	if k == 1 {
		return hostStart
	}
	host := head[hostStart:]
	end := strings.IndexByte(host, ':')
	if host != "" && host[0] == '[' {
		end = strings.IndexByte(host, ']') + 1
	}
	if end < 0 {
		end = len(host)
	}
	return hostStart + end
}
