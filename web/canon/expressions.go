package canon

import "strings"

// SafeBrowsingExpressions returns the suffix/prefix expressions of input
// that a Safe Browsing client hashes and looks up ("URLs and Hashing",
// section "Suffix/Prefix Expressions"): each of at most five hosts, the
// exact host then up to four formed from its last five labels by taking
// away the first label one at a time (the top-level domain alone never; an
// IP address alone), with each of at most six paths, the exact path with
// the query (unless empty), without it, then up to four directory
// prefixes from "/".
// Hosts come in that order, each with its paths in that order; none
// twice. input is canonicalized by SafeBrowsing first, so the host is
// the one a browser fetches; its errors are Canonicalize's.
//
// An error means that the URL was not checked, never that it is clean:
// a browser refuses the input or finds no host in it, so it makes no
// request. A caller that must decide should treat it as unknown.
func SafeBrowsingExpressions(input string) ([]string, error) {
	var p parts
	if err := SafeBrowsing.canonicalParts(input, &p); err != nil {
		return nil, err
	}
	paths := make([]string, 0, 6)
	add := func(path string) {
		for _, q := range paths {
			if q == path {
				return
			}
		}
		paths = append(paths, path)
	}
	if p.Query != "" {
		add(p.Path + "?" + p.Query) // an empty query is no expression, as in Google's clients
	}
	add(p.Path)
	// "The four paths formed by starting at the root (/) and successively
	// appending path components, including a trailing slash": directories
	// only, so the last segment of a path is not one.
	for i, n := 0, 0; i < len(p.Path) && n < 4; i++ {
		if p.Path[i] == '/' {
			add(p.Path[:i+1])
			n++
		}
	}
	hosts := []string{p.Host}
	if !isIPHost(p.Host) {
		labels := strings.Count(p.Host, ".") + 1
		// "Up to four hostnames formed by starting with the last five
		// components and successively removing the leading component."
		h := p.Host
		for k := labels; k > 1; k-- {
			if k <= 5 && k < labels {
				hosts = append(hosts, h)
			}
			h = h[strings.IndexByte(h, '.')+1:]
		}
	}
	out := make([]string, 0, len(hosts)*len(paths))
	for _, h := range hosts {
		for _, path := range paths {
			out = append(out, h+path)
		}
	}
	return out, nil
}

// isIPHost reports whether a canonical host is an IPv4 address (four
// decimal numbers) or an IPv6 address in brackets.
func isIPHost(h string) bool {
	return strings.HasPrefix(h, "[") || isDottedQuad(h)
}
