package iri

import "strings"

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
	t := transform(base.components(), ref.components())
	t.safePath()
	if t == ref.components() {
		return ref // nothing changed: no allocation
	}
	return t.iri()
}

// transform is the algorithm of RFC 3986, section 5.2.2, for a strict
// parser.
func transform(b, r components) components {
	if r.hasScheme {
		r.path = removeDotSegments(r.path)
		return r
	}
	t := components{
		scheme: b.scheme, hasScheme: b.hasScheme,
		fragment: r.fragment, hasFragment: r.hasFragment,
	}
	switch {
	case r.hasAuthority:
		t.setAuthority(r)
		t.path = removeDotSegments(r.path)
		t.query, t.hasQuery = r.query, r.hasQuery
	case r.path == "":
		t.setAuthority(b)
		t.path = b.path
		if r.hasQuery {
			t.query, t.hasQuery = r.query, true
		} else {
			t.query, t.hasQuery = b.query, b.hasQuery
		}
	default:
		t.setAuthority(b)
		if r.path[0] == '/' {
			t.path = removeDotSegments(r.path)
		} else {
			t.path = removeDotSegments(merge(b, r.path))
		}
		t.query, t.hasQuery = r.query, r.hasQuery
	}
	return t
}

// merge merges a relative-path reference with the path of the base, as RFC
// 3986, section 5.2.3, specifies.
func merge(base components, refPath string) string {
	if base.hasAuthority && base.path == "" {
		return "/" + refPath
	}
	dir := base.path[:strings.LastIndexByte(base.path, '/')+1]
	return dir + refPath
}

// safePath keeps a resolved path from reading back as another component;
// see Resolve.
func (c *components) safePath() {
	switch {
	case !c.hasAuthority && strings.HasPrefix(c.path, "//"):
		c.path = "/." + c.path
	case !c.hasScheme && !c.hasAuthority && firstSegmentHasColon(c.path):
		c.path = "./" + c.path
	}
}

func firstSegmentHasColon(path string) bool {
	if slash := strings.IndexByte(path, '/'); slash >= 0 {
		path = path[:slash]
	}
	return strings.IndexByte(path, ':') >= 0
}

// removeDotSegments removes the "." and ".." segments of a path, as RFC
// 3986, section 5.2.4, specifies. A path without such segments is returned
// as it is.
func removeDotSegments(path string) string {
	if !hasDotSegment(path) {
		return path
	}
	in := path
	out := make([]byte, 0, len(path))
	for len(in) > 0 {
		switch {
		// Step 2A.
		case strings.HasPrefix(in, "../"):
			in = in[3:]
		case strings.HasPrefix(in, "./"):
			in = in[2:]
		// Step 2B.
		case strings.HasPrefix(in, "/./"):
			in = in[2:]
		case in == "/.":
			in = "/"
		// Step 2C.
		case strings.HasPrefix(in, "/../"):
			in = in[3:]
			out = out[:lastSlash(out)]
		case in == "/..":
			in = "/"
			out = out[:lastSlash(out)]
		// Step 2D.
		case in == "." || in == "..":
			in = ""
		// Step 2E: move the first segment, with its leading "/" if any.
		default:
			next := strings.IndexByte(in[1:], '/') + 1
			if next == 0 {
				next = len(in)
			}
			out = append(out, in[:next]...)
			in = in[next:]
		}
	}
	return string(out)
}

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

// Relativize returns the shortest relative reference r such that
// base.Resolve(r) == target, what RDF and XML writers print against a
// base; the inverse of Resolve. When several are as short, it prefers the
// one that keeps more of the base (a fragment, then a query, then a
// relative path, an absolute path, a network path). It returns target
// itself when only an absolute reference will do, and false when no
// reference resolves to target at all: when target has dot segments or
// other forms that resolution never produces, such as "http://a/b/../c".
//
// Every candidate is checked with Resolve, so the result is right by
// construction.
func (base IRI) Relativize(target IRI) (IRI, bool) {
	var best IRI
	found := false
	for _, candidate := range relativeCandidates(base, target) {
		ref, err := ParseReference(candidate)
		if err != nil || base.Resolve(ref) != target {
			continue
		}
		if !found || len(ref.s) < len(best.s) {
			best, found = ref, true
		}
	}
	return best, found
}

// relativeCandidates returns the references that may resolve against base
// to target, from the most relative to the absolute one.
func relativeCandidates(base, target IRI) []string {
	suffix := "" // the query and fragment of target
	if target.HasQuery() {
		suffix = "?" + target.Query()
	}
	if target.HasFragment() {
		suffix += "#" + target.Fragment()
	}
	fragment := ""
	if target.HasFragment() {
		fragment = "#" + target.Fragment()
	}
	candidates := []string{fragment, suffix}
	if target.Scheme() == base.Scheme() && target.IsAbsolute() == base.IsAbsolute() {
		if target.Authority() == base.Authority() && target.HasAuthority() == base.HasAuthority() {
			path := target.Path()
			if !target.HasAuthority() && strings.HasPrefix(path, "/.//") {
				path = path[2:] // Resolve puts the "/." back (see safePath)
			}
			for _, rel := range relativePaths(base.Path(), path, target.HasAuthority()) {
				candidates = append(candidates, rel+suffix)
			}
			candidates = append(candidates, target.Path()+suffix, "/."+target.Path()+suffix)
		}
		if target.HasAuthority() {
			candidates = append(candidates, "//"+target.Authority()+target.Path()+suffix)
		}
	}
	return append(candidates, target.s)
}

// relativePaths returns relative-path references from the directory of
// basePath to targetPath: up with ".." to the deepest directory the two
// share (climbing higher only makes the reference longer), then down the
// target's remaining segments; the same with "./" in front, for a first
// segment that would read as a scheme or a path that would read as
// absolute; and "." or ".." for a directory itself.
func relativePaths(basePath, targetPath string, hasAuthority bool) []string {
	dir := basePath[:strings.LastIndexByte(basePath, '/')+1]
	if hasAuthority && basePath == "" {
		dir = "/" // RFC 3986, section 5.2.3
	}
	// A base path with dot segments (which resolution never produces)
	// merges as its directory without them would.
	dir = removeDotSegments(dir)
	shared := 0
	for shared < len(dir) && shared < len(targetPath) && dir[shared] == targetPath[shared] {
		shared++
	}
	shared = strings.LastIndexByte(dir[:shared], '/') + 1
	up := strings.Repeat("../", strings.Count(dir[shared:], "/"))
	rest := targetPath[shared:]
	paths := []string{up + rest, up + "./" + rest}
	if rest == "" {
		paths = append(paths, up+".", strings.TrimSuffix(up, "/"))
	}
	return paths
}
