package canon

import (
	"bytes"
	"strings"

	"github.com/iri-go/iri/internal/ascii"
	"github.com/iri-go/iri/internal/ipaddr"
	"github.com/iri-go/iri/internal/pct"
	"github.com/iri-go/iri/web"
)

// Safe Browsing's canonicalization, as Google's "URLs and Hashing"
// documentation gives it (Safe Browsing API v4 and v5, section
// "Canonicalization"), applied as Chromium applies it: to the URL the
// browser parsed. The documentation's steps decode the whole URL before
// they split it, so that "%2F@" could move the end of the host; Chromium,
// the main Safe Browsing client, decodes only after its parser has found
// the host, and so does this package: "%2F" and "%3F" become delimiters
// of the path and the query, never of the host.

// sbSet is the set of octets that Safe Browsing percent-encodes in its
// canonical URL: "percent-escape all characters in the URL which are <=
// ASCII 32, >= 127, "#", or "%"". As a pct.Set, the octets beyond ASCII
// are in it too.
var sbSet = pct.C0Control.With(" #%")

// sbEscapes reports whether Safe Browsing percent-encodes c.
func sbEscapes(c byte) bool { return sbSet.Has(c) }

// unescapeAll appends s to b with every percent-encoding decoded, again
// and again until nothing changes ("repeatedly percent-unescape the URL
// until it has no more percent-escapes"). Decoding from the left and
// looking back after each octet at the last three octets written gives the
// fixed point of repeated passes in one pass: a decoded octet can only
// complete an encoding that ends with it.
func unescapeAll(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		b = append(b, s[i])
		for n := len(b); n >= 3 && b[n-3] == '%' && pct.IsHex(b[n-2]) && pct.IsHex(b[n-1]); n = len(b) {
			b[n-3] = pct.Unhex(b[n-2])<<4 | pct.Unhex(b[n-1])
			b = b[:n-2]
		}
	}
	return b
}

// sbRead reads u, the browser's reading of input, by Safe Browsing's
// steps, as Chromium does (V4ProtocolManagerUtil::CanonicalizeUrl): the
// fragment dropped, the userinfo and the port kept only when asked for,
// the host the browser parsed in Safe Browsing's form (sbHost), then the
// path and the query decoded until nothing changes and split again
// (sbPathQuery). The host is never read from decoded text, so "%2F" or
// "%40" can change the path but not the host.
func sbRead(input string, u web.URL, keepUserinfo, keepPort bool, p *parts) error {
	splitURL(u, p)
	if !p.HasAuthority || p.Host == "" {
		return newError(input, 0, "missing-host")
	}
	p.clear(&p.HasFragment, &p.Fragment)
	if !keepUserinfo {
		p.clear(&p.HasUserinfo, &p.Userinfo)
	}
	if !keepPort {
		p.clear(&p.HasPort, &p.Port)
	}
	host := sbHost(p.Host, u.IsSpecial())
	if host == "" {
		return newError(input, 0, "missing-host")
	}
	p.set(&p.Host, host)
	path, query, hasQuery, changed := sbPathQuery(p.Path, p.Query, p.HasQuery, u.IsSpecial())
	if changed {
		p.set(&p.Path, path)
		p.set(&p.Query, query)
		if p.HasQuery != hasQuery {
			p.HasQuery, p.changed = hasQuery, true
		}
	}
	return nil
}

// sbHost returns a host that the browser parsed in Safe Browsing's form
// ("URLs and Hashing", "Canonicalization"): leading and trailing dots
// removed and runs of dots collapsed; an IPv4-mapped or NAT64 IPv6
// address as its IPv4 address; an opaque host (of a scheme that is not
// special) decoded, lowercased and encoded again with what a host cannot
// hold raw. The browser has already lowercased a domain, converted it to
// Punycode and written IPv4 addresses in every number form as the dotted
// quad. An empty result means no host is left.
func sbHost(host string, special bool) string {
	switch {
	case strings.HasPrefix(host, "["):
		return sbIPv6(host)
	case special:
		return trimHostDots(host)
	}
	if strings.IndexByte(host, '%') >= 0 {
		host = string(unescapeAll(make([]byte, 0, len(host)), host))
	}
	host = trimHostDots(toLowerASCII(host))
	for i := 0; i < len(host); i++ {
		if sbHostSet.Has(host[i]) {
			return string(pct.Append(make([]byte, 0, len(host)+8), host, &sbHostSet))
		}
	}
	return host
}

// sbHostSet is what an opaque host in Safe Browsing's form has
// percent-encoded: Safe Browsing's octets and the URL Standard's
// forbidden host code points, so that the host reads back as itself.
var sbHostSet = sbSet.With("/:<>?@[\\]^|")

// sbPathQuery applies Safe Browsing's steps to the path and the query
// that the browser parsed: the two decoded until nothing changes, split
// again at the first "?" ("%3F" in the path starts the query), "\" read
// as "/" in the path of a special scheme (as Chromium's path
// canonicalization does), runs of "/" collapsed and "." and ".."
// resolved, and Safe Browsing's octets percent-encoded. changed is false
// when both are already in that form.
func sbPathQuery(path, query string, hasQuery, special bool) (_, _ string, _, changed bool) {
	if !needsSBPath(path, special) && strings.IndexByte(query, '%') < 0 {
		return path, query, hasQuery, false
	}
	d := unescapeAll(make([]byte, 0, len(path)), path)
	var q []byte
	if i := bytes.IndexByte(d, '?'); i >= 0 {
		q = append(q, d[i+1:]...)
		if hasQuery {
			q = append(q, '?')
		}
		d, hasQuery = d[:i], true
	}
	if hasQuery {
		q = unescapeAll(q, query)
	}
	if special {
		for i, c := range d {
			if c == '\\' {
				d[i] = '/'
			}
		}
	}
	path = string(appendResolvedPath(make([]byte, 0, len(d)+8), string(d), true, &sbSet, true))
	if hasQuery {
		query = string(pct.Append(make([]byte, 0, len(q)+8), string(q), &sbSet))
	}
	return path, query, hasQuery, true
}

// needsSBPath reports whether sbPathQuery changes path, which the
// browser has read (its "." and ".." segments resolved): a
// percent-encoding, a "\" of a special scheme's path, an octet to
// encode, or an empty segment ("//").
func needsSBPath(path string, special bool) bool {
	if path == "" {
		return true // becomes "/"
	}
	for i := 0; i < len(path); i++ {
		c := path[i]
		if sbEscapes(c) || c == '\\' && special || c == '/' && i+1 < len(path) && path[i+1] == '/' {
			return true
		}
	}
	return false
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// sbIPv6 writes an IPv6 host in brackets, as the browser wrote it, in
// Safe Browsing's form: an IPv4-mapped address (::ffff:0:0/96) or a NAT64
// address (64:ff9b::/96) becomes its IPv4 address ("URLs and Hashing",
// v5).
func sbIPv6(h string) string {
	var a [8]uint16
	if code, _ := ipaddr.ParseIPv6(h[1:len(h)-1], &a); code != ipaddr.IPv6OK {
		return h
	}
	if a[0] == 0 && a[1] == 0 && a[2] == 0 && a[3] == 0 && a[4] == 0 && a[5] == 0xffff ||
		a[0] == 0x64 && a[1] == 0xff9b && a[2] == 0 && a[3] == 0 && a[4] == 0 && a[5] == 0 {
		return string(ipaddr.AppendIPv4(nil, uint32(a[6])<<16|uint32(a[7])))
	}
	return h
}

// trimHostDots returns trimDots(h), or h when that would end in a number
// and h does not: a browser reads such a host as an IPv4 address
// ("0000.." is a domain, which no resolver finds; "0000" is 0.0.0.0).
func trimHostDots(h string) string {
	t := trimDots(h)
	if t != h && ipaddr.EndsInNumber(t) && !ipaddr.EndsInNumber(h) {
		return h
	}
	return t
}

// trimDots removes the leading and trailing dots of h and replaces each
// run of dots by one.
func trimDots(h string) string {
	if !strings.HasPrefix(h, ".") && !strings.HasSuffix(h, ".") && !strings.Contains(h, "..") {
		return h
	}
	b := make([]byte, 0, len(h))
	for i := 0; i < len(h); i++ {
		if h[i] == '.' && (len(b) == 0 || b[len(b)-1] == '.') {
			continue
		}
		b = append(b, h[i])
	}
	if len(b) > 0 && b[len(b)-1] == '.' {
		b = b[:len(b)-1]
	}
	return string(b)
}

func toLowerASCII(s string) string {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				b[j] = ascii.Lower(b[j])
			}
			return string(b)
		}
	}
	return s
}
