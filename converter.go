package iri

import (
	"strings"

	"github.com/iri-go/iri/idn"
	"github.com/iri-go/iri/internal/ascii"
	"github.com/iri-go/iri/internal/hostname"
	"golang.org/x/net/idna"
	"golang.org/x/text/encoding"
)

// A Converter converts between IRIs and URIs with the choices that RFC 3987
// leaves to applications. Its zero value converts as IRI.ToURI and
// IRI.ToIRI do.
//
// Host names are converted only for the schemes known to use DNS host
// names in their authority: http, https, ws, wss, ftp, ftps, sftp, ssh,
// telnet, gopher, ldap, ldaps, irc, ircs, nntp, rtsp, rtsps, git, imap,
// pop and file (compared without regard to case), and only when they are
// registered names, not IP literals.
type Converter struct {
	// ASCIIHosts makes ToURI convert host names with ToASCII (RFC 3987,
	// section 3.1), after decoding any percent-encoded UTF-8 in them; a
	// name in ASCII, which needs no conversion, is written in lower case,
	// as UTS #46 maps it (a browser goes to paypai.com for "paypaI.com").
	ASCIIHosts bool

	// UnicodeHosts makes ToIRI show the punycode labels ("xn--") of host
	// names in Unicode with ToUnicode (section 3.2.1), where the display
	// policy of package idn accepts them (idn.Display), and the ASCII
	// letters of such a host in lower case, as IDNA maps them. A label
	// that does not convert to characters allowed unencoded is left as it
	// is.
	UnicodeHosts bool

	// IDNA is the profile of both conversions; nil means idna.Lookup.
	IDNA *idna.Profile

	// QueryEncoding, if not nil, is the character encoding of the
	// document that holds the IRIs. ToURI then encodes the characters
	// beyond ASCII in the query of http and https IRIs with it instead of
	// UTF-8, as browsers do (3987bis, section 3.5; implementers'
	// guidelines, section 6.1), and nothing else. A character the encoding
	// lacks becomes, as in browsers, the numeric character reference
	// "&#N;", percent-encoded.
	QueryEncoding encoding.Encoding
}

func (c Converter) profile() *idna.Profile {
	if c.IDNA != nil {
		return c.IDNA
	}
	return idna.Lookup
}

// ToURI maps the IRI to a URI as IRI.ToURI does, with the converter's
// choices for host names and queries. The error, a *ParseError on the
// host that IDNA refuses, comes only with ASCIIHosts.
func (c Converter) ToURI(i IRI) (IRI, error) {
	host, query := i.Host(), i.Query()
	hostChanged, queryChanged := false, false
	if c.ASCIIHosts && hasDNSHost(i.Scheme()) {
		a, err := hostToASCII(c.profile(), host)
		if err == nil {
			err = dnsNameError(host, a)
		}
		if err != nil {
			return IRI{}, err
		}
		if host != "" && host[0] != '[' && !hostname.NeedsIDNA(host) {
			// UTS #46 maps ASCII letters to lower case; a name that needs
			// no IDNA is returned as written, so lower it here: a browser
			// goes to paypai.com for "paypaI.com".
			a = ascii.LowerHost(a)
		}
		host, hostChanged = a, a != host
	}
	if c.QueryEncoding != nil && isHTTP(i.Scheme()) && indexNonASCII(query) >= 0 {
		query, queryChanged = string(appendLegacyQuery(nil, query, c.QueryEncoding)), true
	}
	if !hostChanged && !queryChanged {
		return i.ToURI(), nil
	}
	buf := make([]byte, 0, 3*(len(i.s)+len(host)+len(query)))
	var nb [spanCount]int
	from := 0
	for k, end := range i.bounds() {
		switch {
		case k == spanHost:
			buf = appendPercentEncoded(buf, host)
		case k == spanQuery && i.HasQuery():
			buf = appendPercentEncoded(append(buf, '?'), query)
		default:
			buf = appendPercentEncoded(buf, i.s[from:end])
		}
		nb[k] = len(buf)
		from = end
	}
	return withBounds(bytesToString(buf), nb), nil
}

// ToIRI converts the URI to an IRI as IRI.ToIRI does, and, with
// UnicodeHosts, shows the punycode labels of host names in Unicode.
func (c Converter) ToIRI(i IRI) IRI {
	unicodeHost := c.UnicodeHosts && hasDNSHost(i.Scheme()) && hostname.HasPunycodeLabel(i.Host())
	if !unicodeHost && strings.IndexByte(i.s, '%') < 0 {
		return i
	}
	w := rewriter{src: i.s}
	var nb [spanCount]int
	from := 0
	for k, end := range i.bounds() {
		if k == spanHost && unicodeHost {
			if host, _ := (idn.Display{IDNA: c.IDNA}).Host(i.s[from:end]); host != i.s[from:end] {
				w.replace(from, end, []byte(host)...)
				nb[k] = w.offset(end)
				from = end
				continue
			}
		}
		decodeSpan(&w, from, end, k == spanQuery)
		nb[k] = w.offset(end)
		from = end
	}
	return w.result(i, nb)
}
