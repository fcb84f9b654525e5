package canon

import (
	"strings"
	"unicode/utf8"

	"github.com/iri-go/iri/internal/pct"
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
// ("filedesc:", "warcinfo:") and "dns:" URLs keep their text, as in surt.
// A URL without a host ("mailto:") keeps the text the browser reads
// (its href) when the canonicalizer reads as Safe Browsing does, which
// needs a host; a canonicalizer that reads as a browser does
// canonicalizes it. The host is the one the canonicalizer's reading
// names (the browser's), its labels reversed; a "," or ")" in a label
// (a domain may hold them) is written "%2C" or "%29", so that
// "http://a,b.com/" and "http://b.a.com/" have different keys. A key
// holds no raw control, space or octet that is not UTF-8: these are
// percent-encoded, so that a key cannot end or split the line of a CDX
// index. An input that the reading refuses is an error.
func (s SURT) Key(input string) (string, error) {
	t := urlstd.TrimControlAndSpace(input) // as the readings trim it
	if t == "" {
		return "-", nil
	}
	for _, prefix := range [...]string{"filedesc:", "warcinfo:", "dns:"} {
		if len(t) >= len(prefix) && strings.EqualFold(t[:len(prefix)], prefix) {
			return escapeKey(t), nil
		}
	}
	c := s.Canonicalizer
	if c == nil {
		a := Archive
		a.StripWWW = !s.KeepWWW
		c = &a
	}
	p, u, err := c.read(t)
	if err != nil {
		if !u.HasHost() && u.String() != "" {
			// A URL without a host, which Safe Browsing's reading
			// refuses: the browser's text.
			p = split(u.String())
			if c.RemoveFragment {
				p.clear(&p.HasFragment, &p.Fragment)
			}
			return escapeKey(p.String()), nil
		}
		return "", err
	}
	if p, _, _, err = c.transform(t, p); err != nil {
		return "", err
	}
	return escapeKey(s.format(&p)), nil
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
			writeLabel(&b, p.Userinfo)
			b.WriteByte('@')
		}
		ip := isDottedQuad(p.Host)
		host := p.Host
		for host != "" {
			i := strings.LastIndexByte(host, '.')
			writeLabel(&b, host[i+1:])
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

// writeLabel writes a label of a host (or the userinfo) with "," and ")",
// which delimit the labels and the host in a key, percent-encoded.
func writeLabel(b *strings.Builder, label string) {
	for i := 0; i < len(label); i++ {
		switch c := label[i]; c {
		case ',', ')':
			b.Write(pct.AppendByte(nil, c))
		default:
			b.WriteByte(c)
		}
	}
}

// escapeKey percent-encodes in a key what would end or split a line of a
// CDX index, or make it text that is not UTF-8: the C0 controls, space,
// DEL, the C1 controls, U+2028 and U+2029 (line and paragraph
// separators), and each octet that is not part of UTF-8.
func escapeKey(key string) string {
	var b []byte
	for i := 0; i < len(key); {
		c := key[i]
		n := 1
		esc := c <= ' ' || c == 0x7F
		if c >= 0x80 {
			var r rune
			r, n = utf8.DecodeRuneInString(key[i:])
			esc = r == utf8.RuneError && n == 1 || 0x80 <= r && r <= 0x9F || r == 0x2028 || r == 0x2029
		}
		if esc && b == nil {
			b = append(make([]byte, 0, len(key)+16), key[:i]...)
		}
		switch {
		case esc:
			for j := i; j < i+n; j++ {
				b = pct.AppendByte(b, key[j])
			}
		case b != nil:
			b = append(b, key[i:i+n]...)
		}
		i += n
	}
	if b == nil {
		return key
	}
	return string(b)
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
