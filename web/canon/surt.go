package canon

import (
	"errors"
	"strings"

	"github.com/iri-go/iri/internal/urlstd"
)

// SURT makes Sort-friendly URI Reordering Transform keys, the keys of web
// archives' CDX indexes: the canonical URL with the host's labels
// reversed and joined by commas, ended by ")", and the scheme left out,
// so that the keys of a site, and of its subdomains, sort together:
// "http://www.archive.org/goo/?a=2&b&a=1" has the key
// "org,archive)/goo?a=1&a=2&b". The fields are the options of the Internet
// Archive's surt library; the zero value makes its default keys.
type SURT struct {
	// WithScheme writes the scheme first, as "http://(org,archive)/"
	// (surt's with_scheme).
	WithScheme bool
	// TrailingComma writes a comma after the last label of a domain, as
	// "org,archive,)/" (surt's trailing_comma).
	TrailingComma bool
	// KeepWWW keeps a first label "www" or "wwwN" (surt's
	// host_massage=False).
	KeepWWW bool
	// Canonicalizer canonicalizes the URL before its key is made; nil
	// means Archive (with StripWWW off under KeepWWW).
	Canonicalizer *Canonicalizer
}

// Key returns the SURT key of input. An empty input (or one of spaces and
// C0 controls only) has the key "-", and the records of WARC and ARC files
// ("filedesc:", "warcinfo:") and "dns:" URLs keep their text, as in surt;
// so does a URL without an authority ("mailto:"), its scheme lowercased.
func (s SURT) Key(input string) (string, error) {
	t := urlstd.TrimControlAndSpace(input) // as the readings trim it
	if t == "" {
		return "-", nil
	}
	for _, prefix := range [...]string{"filedesc:", "warcinfo:", "dns:"} {
		if len(t) >= len(prefix) && strings.EqualFold(t[:len(prefix)], prefix) {
			return t, nil
		}
	}
	c := s.Canonicalizer
	if c == nil {
		a := Archive
		a.StripWWW = !s.KeepWWW
		c = &a
	}
	p, err := c.canonicalParts(t)
	var ce *Error
	if errors.As(err, &ce) && ce.Rule == "missing-authority" {
		if colon := strings.IndexByte(t, ':'); colon >= 0 {
			return toLowerASCII(t[:colon]) + t[colon:], nil
		}
		return t, nil // the ":" came from decoding
	}
	if err != nil {
		return "", err
	}
	return s.format(&p), nil
}

// format writes the key of canonical parts.
func (s SURT) format(p *parts) string {
	var b strings.Builder
	b.Grow(len(p.href) + 8)
	if s.WithScheme {
		b.WriteString(p.Scheme)
		b.WriteByte(':')
		if p.HasAuthority {
			b.WriteString("//(")
		}
	} else if !p.HasAuthority {
		b.WriteString(p.Scheme)
		b.WriteByte(':')
	}
	if p.HasAuthority {
		if p.HasUserinfo {
			b.WriteString(p.Userinfo)
			b.WriteByte('@')
		}
		ip := isDottedQuad(p.Host)
		host := p.Host
		for host != "" {
			i := strings.LastIndexByte(host, '.')
			b.WriteString(host[i+1:])
			if i < 0 {
				break
			}
			b.WriteByte(',')
			host = host[:i]
		}
		if p.HasPort {
			b.WriteByte(':')
			b.WriteString(p.Port)
		}
		if s.TrailingComma && !ip {
			b.WriteByte(',')
		}
		b.WriteByte(')')
	}
	path := p.Path
	if path == "" && (p.HasQuery || p.HasFragment) {
		path = "/"
	}
	b.WriteString(path)
	if p.HasQuery {
		b.WriteByte('?')
		b.WriteString(p.Query)
	}
	if p.HasFragment {
		b.WriteByte('#')
		b.WriteString(p.Fragment)
	}
	return b.String()
}

// isDottedQuad reports whether h is four decimal numbers of one to three
// digits separated by dots: surt does not add a trailing comma to them.
func isDottedQuad(h string) bool {
	n := 0
	for part := range strings.SplitSeq(h, ".") {
		if len(part) < 1 || len(part) > 3 || !allDigits(part) {
			return false
		}
		n++
	}
	return n == 4
}
