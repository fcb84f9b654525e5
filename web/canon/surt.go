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
// Archive's surt library, and of the forms Heritrix and urlcanon write;
// the zero value makes surt's default keys.
//
// The SURT of a URL as written, without the Internet Archive's
// canonicalization, is SURT{KeepWWW: true, Canonicalizer:
// &Canonicalizer{Reading: ReadRFC3986}} (surt with an identity
// canonicalizer); with WithScheme and TrailingComma it is the form
// Heritrix's SURT class and urlcanon's surt() write.
type SURT struct {
	// WithScheme writes the scheme first, as "http://(org,archive)/"
	// (surt's with_scheme).
	WithScheme bool
	// TrailingComma writes a comma after the last label of a domain, as
	// "org,archive,)/" (surt's trailing_comma), before the port, as
	// Heritrix and urlcanon write it: "org,archive,:8080)/" (surt writes
	// "org,archive:8080,)/").
	TrailingComma bool
	// KeepWWW keeps a first label "www" or "wwwN" (surt's
	// host_massage=False).
	KeepWWW bool
	// KeepIPOrder writes an IPv4 address as it is, "192.168.1.254)/",
	// not reversed (surt's reverse_ipaddr=False; Heritrix and urlcanon
	// never reverse one).
	KeepIPOrder bool
	// SSURT writes urlcanon's SSURT form, whose fields all sort: the host
	// reversed with a trailing comma (an IP address as it is), "//", the
	// port and ":", the scheme, "@" and the userinfo and ":" when there
	// is one, ":", then the path, query and fragment:
	// "org,example,foo,//81:http@user:pass:/path?query#frag". WithScheme
	// and TrailingComma play no part.
	SSURT bool
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
	var p parts
	u, err := c.read(t, &p)
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
	if _, _, err = c.process(t, &p); err != nil {
		return "", err
	}
	if p.noScheme || !p.HasAuthority {
		return escapeKey(s.formatOpaque(&p)), nil
	}
	if s.SSURT {
		return escapeKey(s.formatSSURT(&p)), nil
	}
	return escapeKey(s.format(&p)), nil
}

// formatOpaque writes the key of the parts of a URL without a host: its
// text, as surt keeps it.
func (s SURT) formatOpaque(p *parts) string { return p.String() }

// formatSSURT writes urlcanon's SSURT form of canonical parts.
func (s SURT) formatSSURT(p *parts) string {
	var b strings.Builder
	b.Grow(len(p.href) + 8)
	s.writeHost(&b, p.Host, true, true)
	b.WriteString("//")
	if p.HasPort {
		b.WriteString(p.Port)
		b.WriteByte(':')
	}
	b.WriteString(p.Scheme)
	if p.HasUserinfo {
		b.WriteByte('@')
		writeLabel(&b, p.Userinfo)
	}
	b.WriteByte(':')
	s.writeRest(&b, p)
	return b.String()
}

// format writes the key of canonical parts of a URL with a host.
func (s SURT) format(p *parts) string {
	var b strings.Builder
	b.Grow(len(p.href) + 8)
	if s.WithScheme {
		b.WriteString(p.Scheme)
		b.WriteString("://(")
	}
	if p.HasUserinfo {
		writeLabel(&b, p.Userinfo)
		b.WriteByte('@')
	}
	ip := s.writeHost(&b, p.Host, s.KeepIPOrder, false)
	comma := s.TrailingComma && !ip
	if comma && p.HasPort {
		b.WriteByte(',')
	}
	if p.HasPort {
		b.WriteByte(':')
		b.WriteString(p.Port)
	}
	if comma && !p.HasPort {
		b.WriteByte(',')
	}
	b.WriteByte(')')
	s.writeRest(&b, p)
	return b.String()
}

// writeHost writes host with its labels reversed, unless keepIP and it is
// an IP address, and with comma a comma after the last label of a domain.
// It reports whether host is an IP address.
func (s SURT) writeHost(b *strings.Builder, host string, keepIP, comma bool) (ip bool) {
	ip = isDottedQuad(host) || strings.HasPrefix(host, "[")
	if ip && keepIP {
		b.WriteString(host)
		return ip
	}
	for host != "" {
		i := strings.LastIndexByte(host, '.')
		writeLabel(b, host[i+1:])
		if i < 0 {
			break
		}
		b.WriteByte(',')
		host = host[:i]
	}
	if comma && !ip {
		b.WriteByte(',')
	}
	return ip
}

// writeRest writes the path, query and fragment of canonical parts, as
// they are (an empty path too: "org,example)?q", as urlcanon writes it).
func (s SURT) writeRest(b *strings.Builder, p *parts) {
	b.WriteString(p.Path)
	if p.HasQuery {
		b.WriteByte('?')
		b.WriteString(p.Query)
	}
	if p.HasFragment {
		b.WriteByte('#')
		b.WriteString(p.Fragment)
	}
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
