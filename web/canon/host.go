package canon

import (
	"errors"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/iri-go/iri/internal/ascii"
	"github.com/iri-go/iri/internal/ipaddr"
	"github.com/iri-go/iri/internal/pct"
	"github.com/iri-go/iri/internal/redact"
	"github.com/iri-go/iri/internal/urlstd"
	"github.com/iri-go/iri/internal/uts46"
	"golang.org/x/net/idna"
)

// finish writes the host of p in c.HostForm, the last step, after the
// browser reading has read the result again (a host in Unicode is not an
// href's). changed reports whether the host changed.
func (c *Canonicalizer) finish(input string, p *parts) (changed bool, _ error) {
	if c.HostForm == HostAsRead || !p.HasAuthority || p.Host == "" || p.Host[0] == '[' || ipaddr.EndsInNumber(p.Host) {
		return false, nil
	}
	if c.Reading != ReadRFC3986 && urlstd.DefaultPort(p.Scheme) < 0 && p.Scheme != "file" {
		return false, nil // an opaque host: the browser's readings say it is no domain
	}
	h, err := writeHost(p.Host, c.HostForm)
	if err != nil {
		return false, &Error{Input: redact.Web(input, true), Rule: "invalid-host", Err: err}
	}
	if c.Reading == ReadRFC3986 {
		// What IDNA read decoded and a reg-name cannot hold raw ("%60",
		// which a browser reads as "`") is written encoded again, so
		// that the key reads as itself.
		h = encodeNecessary(h, &regNameNecessary, false)
	}
	if h == p.Host {
		return false, nil
	}
	p.set(&p.Host, h)
	return true, nil
}

// errHostForm is the cause of an error of a host that a HostForm cannot
// write: an octet that is not UTF-8, a label that IDNA refuses, or a
// result that would hold a delimiter.
var errHostForm = errors.New("the domain cannot be written in the form asked")

// writeHost writes the domain h in form.
func writeHost(h string, form HostForm) (string, error) {
	d := decodeHost(h)
	if !utf8.ValidString(d) {
		return "", errHostForm
	}
	if form != HostDecoded && (!ascii.IsASCII(d) || form == HostASCII2003) && strings.IndexByte(h, '%') >= 0 {
		// IDNA reads the name a browser resolves: every octet decoded
		// first, as its host parser decodes them ("%E7%80%80%21" is
		// "瀀!", not "瀀%21"), and none it forbids in a domain.
		d = pct.Decode(h)
		for i := 0; i < len(d); i++ {
			if d[i] < utf8.RuneSelf && pct.ForbiddenDomain[d[i]] {
				return "", errHostForm
			}
		}
		if !utf8.ValidString(d) {
			return "", errHostForm
		}
	}
	var err error
	switch form {
	case HostDecoded:
		d = uppercaseEscapes(strings.ToLower(d))
	case HostASCII:
		if !ascii.IsASCII(d) {
			var ok bool
			if d, ok = urlstd.DomainToASCII(d); !ok {
				err = errHostForm
			}
		}
	case HostASCII2003:
		if !ascii.IsASCII(d) || strings.Contains(toLowerASCII(d), "xn--") {
			if d, err = urlstd.DomainToUnicode(d); err == nil {
				d, err = uts46.ToASCII(transitionalProfile(), d)
			}
		}
	case HostUnicode:
		err = errHostForm
		if a, ok := urlstd.DomainToASCII(d); ok {
			var uerr error
			if d, uerr = urlstd.DomainToUnicode(a); uerr == nil {
				// The Unicode form must name the domain: x/net/idna
				// writes an empty "xn--" label as nothing.
				if back, ok := urlstd.DomainToASCII(d); ok && back == a {
					err = nil
				}
			}
		}
	}
	if err != nil || d == "" || strings.ContainsFunc(d, func(r rune) bool { return r <= ' ' || strings.ContainsRune("/?#@:[]\\", r) }) {
		return "", errHostForm
	}
	return d, nil
}

// decodeHost decodes the percent-encodings of h that stand for
// unreserved characters or octets beyond ASCII, and writes the others
// with uppercase digits: a host can hold what is decoded, and keeps the
// delimiters encoded.
func decodeHost(h string) string {
	if strings.IndexByte(h, '%') < 0 {
		return h
	}
	b := make([]byte, 0, len(h))
	for i := 0; i < len(h); i++ {
		if h[i] != '%' || !isEncoding(h, i) {
			b = append(b, h[i])
			continue
		}
		c := pct.Unhex(h[i+1])<<4 | pct.Unhex(h[i+2])
		if isUnreserved(c) || c >= 0x80 {
			b = append(b, c)
		} else {
			b = pct.AppendByte(b, c)
		}
		i += 2
	}
	return string(b)
}

// transitional is UTS #46 with Transitional_Processing, IDNA2003's
// mappings ("ß" to "ss"), and otherwise the URL Standard's settings; made
// on first use.
var transitional struct {
	once sync.Once
	p    *idna.Profile
}

func transitionalProfile() *idna.Profile {
	transitional.once.Do(func() {
		transitional.p = idna.New(
			idna.MapForLookup(),
			idna.BidiRule(),
			idna.Transitional(true),
			idna.StrictDomainName(false),
			idna.CheckHyphens(false),
			idna.CheckJoiners(true),
			idna.VerifyDNSLength(false),
		)
	})
	return transitional.p
}

// normalizeIPv4 writes a host that ends in a number as the URL Standard's
// IPv4 parser reads it, as the dotted quad; a host it refuses stays.
func normalizeIPv4(h string) string {
	if h == "" || h[0] == '[' || !ipaddr.EndsInNumber(h) {
		return h
	}
	a, code := ipaddr.ParseIPv4(h)
	if code != ipaddr.IPv4OK {
		return h
	}
	return string(ipaddr.AppendIPv4(nil, a))
}
