package iri

import (
	"bytes"
	"slices"
	"strings"
)

// Parse parses ref as an IRI reference (ParseReference) and resolves it
// against base, as net/url's (*URL).Parse does. A base parsed once serves
// every reference read against it: a document's base, an RDF @base or an
// xml:base is parsed when it is met, not again for each reference.
func (base IRI) Parse(ref string) (IRI, error) {
	r, err := ParseReference(ref)
	if err != nil {
		return IRI{}, err
	}
	return base.Resolve(r), nil
}

// Resolve resolves the reference ref against the base IRI base, as RFC 3986,
// section 5.2, specifies for URIs and RFC 3987, section 6.5, applies to IRIs
// unchanged: the characters an IRI adds behave as unreserved characters.
//
// Resolution is strict (section 5.2.2): a reference with a scheme is taken
// as it is, so "http:g" against "http://a/b/c/d;p?q" gives "http:g". The
// fragment of base plays no part.
//
// Section 5.2.1 requires an absolute base. When base has no scheme, Resolve
// runs the same algorithm all the same and returns a relative reference.
// Its ".." segments are then applied to base's path as if it were absolute,
// so the result is not in general what resolving against base's own
// resolution would give: resolve against an absolute base for a meaningful
// result.
//
// The result is always a valid IRI reference. Where the algorithm of
// section 5.2 would produce a path that reads back as something else, it is
// kept with a "." segment in front: a path starting with "//" without an
// authority becomes "/.//..." (section 3.3 forbids the former), and a first
// segment with a ":" in a result without a scheme becomes "./a:b" (section
// 4.2).
func (base IRI) Resolve(ref IRI) IRI {
	if ref.IsAbsolute() && !hasDotSegment(ref.Path()) {
		return ref // section 5.2.2: nothing changes, no allocation
	}
	// The target takes its scheme from base unless ref has one, its
	// authority from the first of ref and base that has one, and so on
	// down (section 5.2.2): src says which IRI each part comes from.
	var authority, path, query IRI
	authority, path, query = base, base, base
	mergePath, removeDots := false, true
	switch {
	case ref.IsAbsolute():
		authority, path, query = ref, ref, ref
	case ref.HasAuthority():
		authority, path, query = ref, ref, ref
	case ref.Path() == "":
		removeDots = false
		if ref.HasQuery() {
			query = ref
		}
	default:
		path, query = ref, ref
		mergePath = ref.Path()[0] != '/'
	}
	scheme := base
	if ref.IsAbsolute() {
		scheme = ref
	}

	// One buffer, as long as the parts, two bytes more for safePath.
	n := len(scheme.Scheme()) + 1 + 2 + len(authority.Authority()) + len(path.Path()) + 2 +
		1 + len(query.Query()) + 1 + len(ref.Fragment())
	if mergePath {
		n += len(base.Path()) + 1
	}
	b := make([]byte, 0, n)
	var t offsets
	if scheme.IsAbsolute() {
		b = append(b, scheme.s[:scheme.schemeEnd()]...)
		t.schemeEnd = len(b)
	}
	if authority.HasAuthority() {
		b = append(b, "//"...)
		shift := len(b) - (authority.schemeEnd() + 2)
		b = append(b, authority.Authority()...)
		t.hostStart, t.hostEnd = authority.hostStart()+shift, authority.hostEnd()+shift
	} else {
		t.hostStart, t.hostEnd = len(b), len(b)
	}
	t.pathStart = len(b)
	if mergePath {
		// Section 5.2.3.
		if base.HasAuthority() && base.Path() == "" {
			b = append(b, '/')
		} else {
			bp := base.Path()
			b = append(b, bp[:strings.LastIndexByte(bp, '/')+1]...)
		}
	}
	b = append(b, path.Path()...)
	if removeDots && hasDotSegment(bytesToString(b[t.pathStart:])) {
		b = removeDotSegmentsAt(b, t.pathStart)
	}
	b = safePath(b, t.pathStart, t.schemeEnd > 0, authority.HasAuthority())
	t.pathEnd = len(b)
	if query.HasQuery() {
		b = append(b, '?')
		b = append(b, query.Query()...)
	}
	t.queryEnd = len(b)
	if ref.HasFragment() {
		b = append(b, '#')
		b = append(b, ref.Fragment()...)
	}
	return t.iri(bytesToString(b))
}

// safePath keeps the path at b[start:], the end of b, from reading back
// as another component; see Resolve.
func safePath(b []byte, start int, hasScheme, hasAuthority bool) []byte {
	path := b[start:]
	switch {
	case !hasAuthority && len(path) >= 2 && path[0] == '/' && path[1] == '/':
		return slices.Insert(b, start, '/', '.')
	case !hasScheme && !hasAuthority && firstSegmentColon(string(path)) >= 0:
		return slices.Insert(b, start, '.', '/')
	}
	return b
}

// removeDotSegments removes the "." and ".." segments of a path, as RFC
// 3986, section 5.2.4, specifies. A path without such segments is returned
// as it is.
func removeDotSegments(path string) string {
	if !hasDotSegment(path) {
		return path
	}
	return bytesToString(removeDotSegmentsAt([]byte(path), 0))
}

// removeDotSegmentsAt applies the algorithm of RFC 3986, section 5.2.4,
// to the path at b[start:], in place: every step writes at most what it
// reads, so the output never overtakes the input.
func removeDotSegmentsAt(b []byte, start int) []byte {
	in, out, end := start, start, len(b)
	for in < end {
		switch r := b[in:end]; {
		// Step 2A.
		case bytes.HasPrefix(r, dotDotSlash):
			in += 3
		case bytes.HasPrefix(r, dotSlash):
			in += 2
		// Step 2B: "/./" and a final "/." become "/".
		case bytes.HasPrefix(r, slashDotSlash):
			in += 2
		case string(r) == "/.":
			in++
			b[in] = '/'
		// Step 2C: the same for "..", removing the last output segment.
		case bytes.HasPrefix(r, slashDotDotSlash):
			in += 3
			out = start + lastSlash(b[start:out])
		case string(r) == "/..":
			in += 2
			b[in] = '/'
			out = start + lastSlash(b[start:out])
		// Step 2D.
		case string(r) == "." || string(r) == "..":
			in = end
		// Step 2E: move the first segment, with its leading "/" if any.
		default:
			next := bytes.IndexByte(r[1:], '/') + 1
			if next == 0 {
				next = len(r)
			}
			out += copy(b[out:], r[:next])
			in += next
		}
	}
	return b[:out]
}

var (
	dotSlash         = []byte("./")
	dotDotSlash      = []byte("../")
	slashDotSlash    = []byte("/./")
	slashDotDotSlash = []byte("/../")
)

func lastSlash(b []byte) int {
	for i := len(b) - 1; i >= 0; i-- {
		if b[i] == '/' {
			return i
		}
	}
	return 0
}

// hasDotSegment reports whether path has a complete segment "." or "..".
// It jumps from dot to dot, as paths have few.
func hasDotSegment(path string) bool {
	for i := strings.IndexByte(path, '.'); i >= 0; {
		if i == 0 || path[i-1] == '/' {
			end := i + 1
			if end < len(path) && path[end] == '.' {
				end++
			}
			if end == len(path) || path[end] == '/' {
				return true
			}
		}
		next := strings.IndexByte(path[i+1:], '.')
		if next < 0 {
			break
		}
		i += next + 1
	}
	return false
}
