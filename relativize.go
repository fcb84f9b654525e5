package iri

import "strings"

// RelativizeOptions choose among the references that resolve to a target
// the one a writer prints. Writers differ: the zero value,
// RelativizeOptions{}, gives the shortest reference, preferring, among
// those as short, the one that keeps more of the base (a fragment, a
// query, a relative path, an absolute path, a network path), which is
// what Relativize gives; the presets name the conventions of known
// writers. Whatever the options, the result resolves back to the target.
type RelativizeOptions struct {
	// SameAuthority gives a relative reference only for a target with
	// the base's scheme and authority, never a network-path reference
	// ("//host/x"): any other target is returned as it is.
	SameAuthority bool

	// ParentSteps prefers "../" steps to an absolute-path reference
	// ("/x"), which the shortest choice takes when it is shorter.
	ParentSteps bool

	// MaxParents, when above 0, is the most "../" steps a reference may
	// take: a target further up gets an absolute-path reference. Below
	// 0, no "../" is allowed at all.
	MaxParents int

	// NonEmpty never gives the empty reference, which means "this
	// document" and which some formats cannot write: a target equal to
	// the base gets "?" and its query when it has one (valid, and
	// shorter), else its last segment, or "." when that is empty ("./"
	// with NoDotEnd). (A base
	// whose path has dot segments, which no other reference reaches,
	// still gets the empty one.)
	NonEmpty bool

	// NoDotEnd never ends a path with a dot segment: "./" and "../"
	// rather than "." and "..", which mean the same.
	NoDotEnd bool

	// SameDocument gives a relative reference only for a target in the
	// base's document, that is a fragment or a query and fragment:
	// any other target is returned as it is.
	SameDocument bool
}

var (
	// RelativizeJSONLD gives what JSON-LD processors print when they
	// compact IRIs against a base (jsonld.js's removeBase, and what the
	// W3C JSON-LD test suites expect): relative only on the base's
	// scheme and authority, "../" steps rather than an absolute path,
	// never an empty reference, never a path ending in "." or "..".
	RelativizeJSONLD = RelativizeOptions{SameAuthority: true, ParentSteps: true, NonEmpty: true, NoDotEnd: true}

	// RelativizeDocument relativizes only within the base's document, as
	// RDF/XML and Turtle writers do for fragment identifiers, and writes
	// every other IRI in full.
	RelativizeDocument = RelativizeOptions{SameDocument: true, NonEmpty: true}
)

// Relativize returns the shortest relative reference r such that
// base.Resolve(r) == target, the inverse of Resolve: it is
// base.RelativizeWith(target, RelativizeOptions{}). See RelativizeWith.
func (base IRI) Relativize(target IRI) (IRI, bool) {
	return base.RelativizeWith(target, RelativizeOptions{})
}

// RelativizeWith returns a reference r such that base.Resolve(r) ==
// target, chosen as opts say: the target itself when only an absolute
// reference will do, and false when no reference resolves to target at
// all, as when base is not absolute (RFC 3986, section 5.2.1) or target
// has dot segments that resolution would remove ("http://a/b/../c").
//
// The reference is built directly, from a comparison of the paths
// segment by segment, with one allocation at most.
func (base IRI) RelativizeWith(target IRI, opts RelativizeOptions) (IRI, bool) {
	if !base.IsAbsolute() || !target.IsAbsolute() {
		return IRI{}, false
	}
	sameScheme := base.Scheme() == target.Scheme()
	sameAuthority := sameScheme && base.HasAuthority() == target.HasAuthority() && base.Authority() == target.Authority()
	samePath := sameAuthority && base.Path() == target.Path()

	// Same document: a fragment, or a query and a fragment (section
	// 5.2.2: an empty path keeps the base's path, and its query unless
	// the reference has one).
	if samePath && target.HasQuery() == base.HasQuery() && target.Query() == base.Query() {
		// NonEmpty yields where the base's path has dot segments: no
		// other reference reaches it.
		if target.HasFragment() || !opts.NonEmpty || hasDotSegment(target.Path()) {
			return target.suffix(target.queryEnd()), true
		}
	}
	if samePath && target.HasQuery() {
		return target.suffix(target.pathEnd()), true
	}

	// Resolution removes dot segments from every path it builds but the
	// base's own: a target that has them is out of reach.
	path := target.Path()
	if !target.HasAuthority() && strings.HasPrefix(path, "/.//") {
		path = path[2:] // Resolve puts the "/." back (see safePath)
	}
	if hasDotSegment(path) {
		return IRI{}, false
	}
	if opts.SameDocument && !samePath || !sameScheme {
		return target, true
	}
	if !sameAuthority {
		if !target.HasAuthority() || opts.SameAuthority {
			return target, true
		}
		return target.suffix(target.schemeEnd()), true // network path
	}

	// The same scheme and authority: a path, relative or absolute, then
	// the target's query and fragment.
	rel, relOK := relativePath(base, path, opts)
	abs, absOK := absolutePath(target.HasAuthority(), path)
	switch {
	case relOK && (!absOK || opts.ParentSteps || rel.length() <= abs.length()):
		return target.withPathRef(rel), true
	case absOK:
		return target.withPathRef(abs), true
	case target.HasAuthority() && !opts.SameAuthority:
		return target.suffix(target.schemeEnd()), true // network path
	}
	return target, true
}

// suffix returns the reference made of target's text from offset from on:
// a fragment, a query and fragment, or a network path.
func (target IRI) suffix(from int) IRI {
	t := target.offsets()
	shift := func(off int) int { return max(0, off-from) }
	var o offsets
	o.hostStart, o.hostEnd = shift(t.hostStart), shift(t.hostEnd)
	o.pathStart, o.pathEnd, o.queryEnd = shift(t.pathStart), shift(t.pathEnd), shift(t.queryEnd)
	if from > t.schemeEnd { // no authority in the reference
		o.hostStart, o.hostEnd, o.pathStart = 0, 0, 0
	}
	return o.iri(target.s[from:])
}

// A pathRef is a path reference in two pieces: a prefix ("./", ".",
// "/." or a run of "../") and a part of the target's path.
type pathRef struct {
	prefix, rest string
}

func (r pathRef) length() int { return len(r.prefix) + len(r.rest) }

// parents holds enough "../" for any reference this package builds at
// once; deeper ones are repeated from it.
const parents = "../../../../../../../../../../../../../../../../"

// relativePath returns the relative-path reference from the directory of
// base's path to path (RFC 3986, section 5.2.3): up with "../" to the
// deepest directory the two share, then down the rest of path.
func relativePath(base IRI, path string, opts RelativizeOptions) (pathRef, bool) {
	bp := base.Path()
	dir := bp[:strings.LastIndexByte(bp, '/')+1]
	if base.HasAuthority() && bp == "" {
		dir = "/"
	}
	// A base with dot segments (which resolution never produces) merges
	// in ways this does not follow; an empty path is reached from a
	// directory only from the empty one, that of a rootless path without
	// "/", by ".".
	if hasDotSegment(dir) || path == "" && dir != "" {
		return pathRef{}, false
	}
	shared := 0
	for shared < len(dir) && shared < len(path) && dir[shared] == path[shared] {
		shared++
	}
	shared = strings.LastIndexByte(dir[:shared], '/') + 1
	up := strings.Count(dir[shared:], "/")
	switch {
	case opts.MaxParents < 0 && up > 0, opts.MaxParents > 0 && up > opts.MaxParents:
		return pathRef{}, false
	case up > 0 && shared == 0:
		// Climbing out of the first segment of a rootless path leaves
		// a "/" that was not there.
		return pathRef{}, false
	}
	r := pathRef{rest: path[shared:]}
	if up > 0 {
		if len(parents) >= 3*up {
			r.prefix = parents[:3*up] // no allocation
		} else {
			r.prefix = strings.Repeat("../", up)
		}
	}
	switch {
	case r.rest == "" && up == 0:
		// The directory itself.
		r.prefix = "./"
		if !opts.NoDotEnd {
			r.prefix = "."
		}
	case r.rest == "" && !opts.NoDotEnd:
		r.prefix = r.prefix[:len(r.prefix)-1] // "../.." rather than "../../"
	case up == 0 && (r.rest[0] == '/' || firstSegmentColon(r.rest) >= 0):
		// A path that would read as absolute, or a first segment that
		// would read as a scheme (section 4.2).
		r.prefix = "./"
	}
	return r, true
}

// absolutePath returns the absolute-path reference to path, which must
// not read as an authority: "/." is put in front of a path that starts
// with "//".
func absolutePath(hasAuthority bool, path string) (pathRef, bool) {
	switch {
	case hasAuthority && path == "":
		return pathRef{}, false // "" would be the same document
	case strings.HasPrefix(path, "//"):
		return pathRef{prefix: "/.", rest: path}, true
	}
	return pathRef{rest: path}, path != "" && path[0] == '/'
}

// withPathRef returns the reference made of the path reference r and
// target's query and fragment, in one allocation.
func (target IRI) withPathRef(r pathRef) IRI {
	tail := target.s[target.pathEnd():]
	n := r.length()
	b := make([]byte, 0, n+len(tail))
	b = append(b, r.prefix...)
	b = append(b, r.rest...)
	b = append(b, tail...)
	return offsets{pathEnd: n, queryEnd: n + target.queryEnd() - target.pathEnd()}.iri(bytesToString(b))
}
