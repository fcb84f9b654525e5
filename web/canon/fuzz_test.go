package canon

import (
	"errors"
	"math/bits"
	"net/netip"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/iri-go/iri/web"
)

// canonSeeds are the inputs of the tables, for the fuzz targets.
func canonSeeds(f *testing.F) {
	for _, tt := range safeBrowsingDocTests {
		f.Add(tt.in)
	}
	for _, tt := range safeBrowsingDocRefused {
		f.Add(tt.in)
	}
	for _, tt := range hostAttacks {
		f.Add(tt.in)
	}
	for _, s := range refusedHosts {
		f.Add(s)
	}
	for _, s := range []string{"http://www.1.2.3/", "http://a..\u00fc/", "http://[::ffff:1.2.3.4]:8/%2e%2E/x?%2523#a#b",
		"http://u:p@www.www.Example.com.:80//a/./index.html/?b=1&a&utm_x=2&A=3", "HTTP://0x7f.1/%%%41", "a:80", "\t\n http://x/ \r",
		"http://a/b/..;jsessionid=1/c/;jsessionid=2/", "http://a/(S(4hqa0555fwsecu455xqckv45))/x.aspx", "a:/%2Fx", "http://[0:0::ffff:102:304]:8/", "http://www.[::1]/",
		"foo://A%2e%41.%3C%2F/x", "mailto:a\nb\x00 c", "www.example.com/a\x91", "http://a/%3F%23%5C?b%3F"} {
		f.Add(s)
	}
}

// browserReading is the URL a browser reads in, or an error, as c reads
// it: web.Parse, or Base.Parse; without a scheme the default scheme's
// reading, "http" for Safe Browsing's, unless the text starts with one
// "/" or a "\" (the documented reading).
func browserReading(in string, c Canonicalizer) (web.URL, error) {
	if c.Base != nil {
		return c.Base.Parse(in)
	}
	u, err := web.Parse(in)
	t := strings.Trim(in, "\x00\x01\x02\x03\x04\x05\x06\x07\x08\t\n\x0b\x0c\r\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f ")
	// The URL parser's first steps: trim, then remove every tab and newline
	// ("/\t/0" is "//0", scheme-relative). It removes them from the text
	// decoded from UTF-8, where "\xc4\t\xb0" is two U+FFFD: web.Parse is
	// given t, and only the delimiters are looked for in what is left.
	left := strings.NewReplacer("\t", "", "\n", "", "\r", "").Replace(t)
	scheme := c.DefaultScheme
	if scheme == "" && c.Reading == ReadSafeBrowsing {
		scheme = "http"
	}
	if scheme == "" || !errors.Is(err, web.ErrMissingScheme) {
		return u, err
	}
	switch {
	case strings.HasPrefix(left, "//"):
		return web.Parse(scheme + ":" + t)
	case left == "" || left[0] == '/' || left[0] == '\\':
		return web.URL{}, errors.New("a path")
	}
	return web.Parse(scheme + "://" + t)
}

// endsInNumber is the URL Standard's "ends in a number checker".
func endsInNumber(h string) bool {
	parts := strings.Split(h, ".")
	if parts[len(parts)-1] == "" && len(parts) > 1 {
		parts = parts[:len(parts)-1]
	}
	last := parts[len(parts)-1]
	if last != "" && strings.Trim(last, "0123456789") == "" {
		return true
	}
	return len(last) >= 2 && last[0] == '0' && last[1]|0x20 == 'x' && strings.Trim(last[2:], "0123456789abcdefABCDEF") == ""
}

// wantKeyHost returns the host that c's key of a text the browser reads
// as u must name, by the documented steps, written here without the
// package's helpers: the browser's host; Safe Browsing's reading trims
// and collapses its dots, writes an IPv4-mapped or NAT64 address as IPv4,
// and decodes and lowercases an opaque host (compared decoded); then the
// host options.
func wantKeyHost(c Canonicalizer, u web.URL) (host string, opaque bool) {
	h := u.Hostname()
	switch {
	case c.Reading == ReadSafeBrowsing && strings.HasPrefix(h, "["):
		a := netip.MustParseAddr(h[1 : len(h)-1])
		b := a.As16()
		if a.Is4In6() || b[0] == 0 && b[1] == 0x64 && b[2] == 0xff && b[3] == 0x9b && [8]byte(b[4:12]) == [8]byte{} {
			h = netip.AddrFrom4([4]byte(b[12:])).String()
		}
	case c.Reading == ReadSafeBrowsing && u.IsSpecial():
		h = trimHostDotsTest(h)
	case c.Reading == ReadSafeBrowsing:
		b := []byte(unescapeNaive(h))
		for i, c := range b {
			if 'A' <= c && c <= 'Z' {
				b[i] += 'a' - 'A'
			}
		}
		h, opaque = trimHostDotsTest(string(b)), true
	}
	return hostOptions(c, h, opaque), opaque
}

// trimHostDotsTest trims and collapses the dots of h, unless that makes
// a host that ends in a number of one that does not.
func trimHostDotsTest(h string) string {
	t := strings.Join(strings.FieldsFunc(h, func(r rune) bool { return r == '.' }), ".")
	if t != "" && endsInNumber(t) && !endsInNumber(h) {
		return h
	}
	return t
}

// hostOptions applies c's host options to h, as their documentation
// says: IPv4 number forms read as the URL Standard reads them (by
// web.Parse), the dots trimmed, ASCII letters lowercased (an IP literal's
// too), "www" stripped or added.
func hostOptions(c Canonicalizer, h string, opaque bool) string {
	if strings.HasPrefix(h, "[") {
		if c.LowercaseHost {
			h = strings.ToLower(h)
		}
		return h
	}
	if c.TrimHostDots && !opaque && trimHostDotsTest(h) != "" {
		h = trimHostDotsTest(h)
	}
	if c.NormalizeIPv4 && c.Reading == ReadRFC3986 && h != "" && endsInNumber(h) {
		if u, err := web.Parse("http://" + h + "/"); err == nil {
			h = u.Hostname()
		}
	}
	if c.LowercaseHost && !opaque {
		b := []byte(h)
		for i, c := range b {
			if 'A' <= c && c <= 'Z' {
				b[i] += 'a' - 'A'
			}
		}
		h = string(b)
	}
	isWWW := func(l string) bool {
		return len(l) >= 3 && strings.EqualFold(l[:3], "www") && strings.Trim(l[3:], "0123456789") == ""
	}
	// A domain of two labels or more.
	multi := func(r string) bool {
		i := strings.IndexByte(r, '.')
		return i > 0 && i < len(r)-1 && !endsInNumber(r)
	}
	first, rest, _ := strings.Cut(h, ".")
	switch {
	case c.StripWWW:
		for isWWW(first) && multi(rest) {
			h = rest
			first, rest, _ = strings.Cut(h, ".")
		}
	case c.AddWWW && !isWWW(first) && multi(h):
		h = "www." + h
	}
	if c.UppercaseEscapes {
		h = regexp.MustCompile(`%[0-9a-fA-F]{2}`).ReplaceAllStringFunc(h, strings.ToUpper)
	}
	return h
}

// checkCanonicalText fails unless out holds only what Safe Browsing's
// escaping leaves: no octet at or below 0x20, none at or above 0x7F, no
// "#", and "%" only before two uppercase hexadecimal digits.
func checkCanonicalText(t *testing.T, in, out string) {
	t.Helper()
	for i := 0; i < len(out); i++ {
		c := out[i]
		if sbEscapes(c) && c != '%' {
			t.Fatalf("Canonicalize(%q) = %q: raw octet %#x at %d", in, out, c, i)
		}
		if c == '%' && (i+2 >= len(out) || !strings.ContainsRune("0123456789ABCDEF", rune(out[i+1])) || !strings.ContainsRune("0123456789ABCDEF", rune(out[i+2]))) {
			t.Fatalf("Canonicalize(%q) = %q: stray %% at %d", in, out, i)
		}
	}
}

// FuzzSafeBrowsing: no panic; an input that the browser refuses is an
// error; the key names the browser's host in Safe Browsing's form; it is
// stable (canonicalizing it again gives it back), escaped as the
// documentation says, bounded, and keeps the scheme, "://" and a path;
// its first expression is its host and path (with the query), and there
// are at most 30.
func FuzzSafeBrowsing(f *testing.F) {
	canonSeeds(f)
	f.Fuzz(func(t *testing.T, in string) {
		out, err := SafeBrowsing.Canonicalize(in)
		exprs, eerr := SafeBrowsingExpressions(in)
		u, perr := browserReading(in, SafeBrowsing)
		if perr != nil || !u.HasHost() {
			if err == nil || eerr == nil {
				t.Fatalf("Canonicalize(%q) = %q, %v, expressions %q, %v; the browser reads %q, %v", in, out, err, exprs, eerr, u, perr)
			}
			return
		}
		if err != nil {
			if want, _ := wantKeyHost(SafeBrowsing, u); want != "" {
				t.Fatalf("Canonicalize(%q): %v; the browser reads %q", in, err, u)
			}
			return
		}
		checkCanonicalText(t, in, out)
		if len(out) > 9*len(in)+16 { // an octet that is not UTF-8 in an opaque host: U+FFFD, encoded
			t.Fatalf("Canonicalize(%q) = %q: %d octets from %d", in, out, len(out), len(in))
		}
		again, err := SafeBrowsing.Canonicalize(out)
		if err != nil || again != out {
			t.Fatalf("Canonicalize(%q) = %q, but Canonicalize(%q) = %q, %v", in, out, out, again, err)
		}
		i := strings.Index(out, "://")
		if i <= 0 || !strings.Contains(out[i+3:], "/") {
			t.Fatalf("Canonicalize(%q) = %q: no scheme, host and path", in, out)
		}
		host := out[i+3:]
		host = host[:strings.IndexByte(host, '/')]
		checkKeyHost(t, SafeBrowsing, in, out, host, u)
		if eerr != nil || len(exprs) == 0 || len(exprs) > 30 || !strings.HasSuffix(out, exprs[0]) && !strings.Contains(out, exprs[0]+"?") || !strings.HasPrefix(exprs[0], host+"/") {
			t.Fatalf("SafeBrowsingExpressions(%q) = %q, %v; canonical URL %q", in, exprs, eerr, out)
		}
	})
}

// checkKeyHost fails unless host, the host of c's key out of in, is the
// host wantKeyHost gives for the browser's reading u.
func checkKeyHost(t *testing.T, c Canonicalizer, in, out, host string, u web.URL) {
	t.Helper()
	want, opaque := wantKeyHost(c, u)
	if opaque {
		host = unescapeNaive(host)
	}
	if host != want {
		t.Fatalf("%+v.Canonicalize(%q) = %q: host %q, but the browser reads %q, so want %q", c, in, out, host, u.Hostname(), want)
	}
}

// FuzzArchive: the Archive preset and the SURT keys made with it do not
// panic, an input the browser refuses is an error, the canonical URL is
// stable, and it has the input's key; the key's labels are the host of
// the canonical URL reversed, and the key holds no raw control or space.
func FuzzArchive(f *testing.F) {
	canonSeeds(f)
	f.Fuzz(func(t *testing.T, in string) {
		s := SURT{TrailingComma: true, WithScheme: true}
		key, err := s.Key(in)
		for i := 0; i < len(key); i++ {
			if key[i] <= ' ' || key[i] == 0x7F {
				t.Fatalf("Key(%q) = %q: raw octet %#x", in, key, key[i])
			}
		}
		if !utf8.ValidString(key) {
			t.Fatalf("Key(%q) = %q: not UTF-8", in, key)
		}
		out, cerr := Archive.Canonicalize(in)
		u, perr := browserReading(in, Archive)
		if perr != nil && (err == nil && !isRecordKey(in) || cerr == nil) {
			t.Fatalf("Key(%q) = %q, %v, Archive.Canonicalize = %q, %v; the browser refuses it: %v", in, key, err, out, cerr, perr)
		}
		if err != nil || cerr != nil {
			return
		}
		again, err := Archive.Canonicalize(out)
		if err != nil || again != out {
			t.Fatalf("Canonicalize(%q) = %q, but Canonicalize(%q) = %q, %v", in, out, out, again, err)
		}
		if k, err := s.Key(out); err != nil || k != key {
			t.Fatalf("Key(%q) = %q, but the key of its canonical URL %q is %q, %v", in, key, out, k, err)
		}
		p := split(out)
		checkKeyHost(t, Archive, in, out, p.Host, u)
		// "scheme://(" labels reversed "," ")" ...
		open, end := strings.Index(key, "://("), strings.IndexByte(key, ')')
		if open < 0 || end < open {
			t.Fatalf("Key(%q) = %q: no host", in, key)
		}
		labels := strings.Split(strings.TrimSuffix(strings.TrimSuffix(key[open+4:end], ":"+p.Port), ","), ",")
		slices.Reverse(labels)
		h := strings.NewReplacer("%2C", ",", "%29", ")").Replace(strings.Join(labels, "."))
		if h != p.Host {
			t.Fatalf("Key(%q) = %q: host %q, but the canonical URL %q has %q", in, key, h, out, p.Host)
		}
	})
}

// isRecordKey reports whether in is one of the texts that SURT keeps
// as they are.
func isRecordKey(in string) bool {
	t := strings.ToLower(strings.TrimLeft(in, "\x00\x01\x02\x03\x04\x05\x06\x07\x08\t\n\x0b\x0c\r\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f "))
	return t == "" || strings.HasPrefix(t, "filedesc:") || strings.HasPrefix(t, "warcinfo:") || strings.HasPrefix(t, "dns:")
}

// fuzzBase is the base of the fuzzed canonicalizers that have one.
var fuzzBase = web.MustParse("http://h.example/a/b;c?d#e")

// fuzzCanonicalizer makes a Canonicalizer with the options that the bits
// of o turn on: bits 25 and 26 the reading (0 the browser's, 1 Safe
// Browsing's, 2 and 3 RFC 3986's), the others and the bits of o mixed
// the other options.
func fuzzCanonicalizer(o uint32) Canonicalizer {
	bit := func(i uint) bool { return o&(1<<i) != 0 }
	c := Canonicalizer{
		RemoveFragment:       bit(0),
		RemoveUserinfo:       bit(1),
		RemoveDefaultPort:    bit(2),
		RemovePort:           bit(3),
		StripWWW:             bit(4),
		TrimHostDots:         bit(5),
		CollapseSlashes:      bit(6),
		LowercasePath:        bit(7),
		LowercaseQuery:       bit(8),
		RemoveDirectoryIndex: bit(9),
		RemoveTrailingSlash:  bit(10),
		RemoveEmptyQuery:     bit(11),
		Unescape:             Unescape(o >> 12 % 3),
		SortQuery:            QueryOrder(o >> 14 % 3),
	}
	if bit(16) {
		c.DropParams = []string{"a", "sid"}
	}
	if bit(17) {
		c.DropParamPrefixes = []string{"utm_"}
	}
	c.DropPathSessionIDs = bit(18)
	c.AddWWW = bit(19)
	c.ForceHTTP = bit(20)
	c.AddTrailingSlash = bit(21)
	c.FormQuery = bit(22)
	c.LowercaseHost = bit(23)
	c.RemoveEmptyParams = bit(24)
	c.Reading = Reading(o >> 25 & 3)
	if c.Reading > ReadRFC3986 {
		c.Reading = ReadRFC3986
	}
	m := bits.RotateLeft32(o*0x9E3779B9, 11)
	mix := func(i uint) bool { return m&(1<<i) != 0 }
	c.LowercaseScheme = mix(0)
	c.RemoveEmptyPort = mix(1)
	c.NormalizeIPv4 = mix(2)
	c.RemoveDotSegments = mix(3)
	c.AddRootSlash = mix(4)
	c.UppercaseEscapes = mix(5)
	c.EncodeNecessary = mix(6)
	c.HostForm = HostForm(m >> 7 % 5)
	if mix(10) {
		c.RemoveUserinfoSchemes = []string{"http", "FTP"}
	}
	c.RemoveBlankParams = mix(11)
	if mix(12) {
		c.QuerySeparator = ';'
	}
	c.DropSessionIDs = mix(13)
	c.ReplaceInvalidUTF8 = mix(14)
	if mix(15) && mix(16) {
		c.DefaultScheme = "http"
	}
	if mix(17) && mix(18) && mix(19) {
		c.Base = &fuzzBase
	}
	return c
}

// FuzzCanonicalizer runs every set of options with the browser's
// readings: no panic; an input that the browser refuses is an error, and
// one it reads gives a key unless an option that changes the host left
// none (or Safe Browsing's reading finds no host); the key names the
// browser's host in the key's form (a host in another form reads back as
// it), and its port unless an option drops it; canonicalizing the key
// again gives it back. Under ReadBrowser the key is an href (it parses
// to itself), unless the host is written in Unicode, and CanonicalizeURL
// gives the same. FuzzMigration runs ReadRFC3986.
func FuzzCanonicalizer(f *testing.F) {
	for i, tt := range safeBrowsingDocTests {
		f.Add(tt.in, uint32(i)*0x9E3779B9)
	}
	for i, tt := range hostAttacks {
		f.Add(tt.in, uint32(i)*0x9E3779B9)
	}
	f.Add("http://user:pw@www.Example.com.:80//a/./%7Eb/Index.HTML/?b=%2541&a=1&utm_x=2&sid=3#f", uint32(0xFFFFFFFF))
	f.Add("https://[::1]:443/%2e%2E/x?%2523", uint32(0x3000))
	f.Add("foo://h/a//b?", uint32(0x7FF))
	f.Add("mailto:a%2540b?x#y", uint32(0x3FFFF))
	f.Add("http://www.a.b/x/..;jsessionid=1/c/;jsessionid=2/?&b=%2520&a#f", uint32(1<<25|1<<18|1<<22|0x7FF))
	f.Add("HTTP://WWW.[::1]:80//a/%2e/?q", uint32(1<<25|0x1FFFFFF))
	f.Add("foo://WWW.A%2e%41.%3C%2F:8/x", uint32(1<<25|1<<4))
	f.Add("example.com:8080/a?sid=9682993c8daa2c5497996114facdc805;b=", uint32(0x12345678))
	f.Add("../x y\x91?b=&c", uint32(0x9ABCDEF0))
	f.Fuzz(func(t *testing.T, in string, o uint32) {
		c := fuzzCanonicalizer(o)
		if c.Reading == ReadRFC3986 {
			c.Reading = ReadBrowser
		}
		sb := c.Reading == ReadSafeBrowsing
		u, perr := browserReading(in, c)
		out, err := c.Canonicalize(in)
		hostOptions := c.StripWWW || c.AddWWW || c.TrimHostDots || c.RemovePort || c.ForceHTTP || c.HostForm == HostASCII2003
		switch {
		case perr != nil && err == nil:
			t.Fatalf("%+v.Canonicalize(%q) = %q, but the browser refuses it: %v", c, in, out, perr)
		case perr != nil:
			return
		case sb && (!u.HasHost() || u.Hostname() == ""):
			if err == nil {
				t.Fatalf("%+v.Canonicalize(%q) = %q, but the browser reads no host: %q", c, in, out, u)
			}
			return
		case err != nil && (hostOptions || sb || c.HostForm == HostUnicode):
			if want, _ := wantKeyHost(c, u); want != "" && !hostOptions && c.HostForm != HostUnicode {
				t.Fatalf("%+v.Canonicalize(%q) = %v; the browser reads %q", c, in, err, u)
			}
			return
		case err != nil:
			t.Fatalf("%+v.Canonicalize(%q) = %v; the browser reads %q", c, in, err, u)
		}
		if again, err := c.Canonicalize(out); err != nil || again != out {
			t.Fatalf("%+v.Canonicalize(%q) = %q, then %q, %v", c, in, out, again, err)
		}
		p, q := split(u.String()), split(out)
		if u.HasHost() && c.HostForm != HostASCII2003 {
			host := q.Host
			if c.HostForm == HostUnicode {
				// The browser reads the Unicode form back as the host.
				if v, err := web.Parse(out); err == nil {
					host = v.Hostname()
				}
			}
			checkKeyHost(t, c, in, out, host, u)
		}
		if p.HasAuthority != q.HasAuthority || !c.RemovePort && !c.RemoveDefaultPort && !c.ForceHTTP && !c.RemoveEmptyPort && p.Port != q.Port {
			t.Fatalf("%+v.Canonicalize(%q) = %q: port %q, want %q", c, in, out, q.Port, p.Port)
		}
		if sb || c.HostForm == HostUnicode || c.HostForm == HostASCII2003 {
			return
		}
		back, err := web.Parse(out)
		if err != nil || back.String() != out {
			t.Fatalf("%+v.Canonicalize(%q) = %q, which parses to %q, %v", c, in, out, back, err)
		}
		if !utf8.ValidString(in) && !c.ReplaceInvalidUTF8 || c.Base != nil || c.DefaultScheme != "" {
			return // CanonicalizeURL reads u, whose octets are UTF-8, without Base or DefaultScheme
		}
		if v, err := c.CanonicalizeURL(u); err != nil || v != back {
			t.Fatalf("%+v.CanonicalizeURL(%q) = %q, %v; Canonicalize gives %q", c, in, v, err, out)
		}
	})
}

// rfc3986Split splits s as RFC 3986, Appendix B's regular expression
// does, and its authority into userinfo (before an "@"), host and port.
func rfc3986Split(s string) (hasScheme, hasAuthority bool, host string) {
	m := regexp.MustCompile(`^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?$`).FindStringSubmatch(s)
	if m == nil {
		return false, false, ""
	}
	if m[1] != "" && !regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]*$`).MatchString(m[2]) {
		// Not a scheme (RFC 3986, section 3.1): a relative reference,
		// whose authority starts with "//".
		m = regexp.MustCompile(`^()()(//([^/?#]*))?`).FindStringSubmatch(s)
	}
	host = m[4]
	if i := strings.LastIndexByte(host, '@'); i >= 0 {
		host = host[i+1:]
	}
	if i := strings.LastIndexByte(host, ':'); i >= 0 && !strings.HasSuffix(host, "]") {
		host = host[:i]
	}
	return m[2] != "", m[3] != "", host
}

// FuzzMigration runs every set of options with ReadRFC3986: no panic;
// the key canonicalizes to itself; its host is the RFC 3986 host of the
// input (of the text the default scheme or the base makes of it) after
// the host options, and a host written in another form names the same
// domain; an input refused has an authority (or a host the form cannot
// write).
func FuzzMigration(f *testing.F) {
	for _, tt := range purellCases {
		f.Add(tt.in, uint32(tt.flags)*0x9E3779B9)
	}
	for i, tt := range nutchCases {
		f.Add(tt.in, uint32(i)*0x85EBCA6B)
	}
	for i, tt := range w3libCases {
		f.Add(tt.in, uint32(i)*0xC2B2AE35)
	}
	f.Add("HTTP://U:P@WWW.Ex%41mple.COM.:080//a/../b/./%7e c?b=&a=1;sid=9682993c8daa2c5497996114facdc805#F", uint32(0xFFFFFFFF))
	f.Add("//h/a:b/../c", uint32(0x13579BDF))
	f.Add("./a:b?x", uint32(0x2468ACE0))
	f.Fuzz(func(t *testing.T, in string, o uint32) {
		c := fuzzCanonicalizer(o)
		c.Reading = ReadRFC3986
		out, err := c.Canonicalize(in)
		text := strings.TrimFunc(in, func(r rune) bool { return r <= ' ' })
		text = strings.NewReplacer("\t", "", "\n", "", "\r", "").Replace(text)
		hasScheme, hasAuthority, host := rfc3986Split(text)
		if !hasScheme && c.Base != nil {
			return // resolved: the base's host or the reference's
		}
		if !hasScheme && c.DefaultScheme != "" && text != "" && (text[0] != '/' || strings.HasPrefix(text, "//")) && !strings.ContainsAny(text[:1], "?#.") {
			sep := "://"
			if strings.HasPrefix(text, "//") {
				sep = ":"
			}
			_, hasAuthority, host = rfc3986Split(c.DefaultScheme + sep + text)
		}
		if err != nil {
			if !hasAuthority && c.HostForm == HostAsRead {
				t.Fatalf("%+v.Canonicalize(%q) = %v, without an authority", c, in, err)
			}
			return
		}
		if again, err := c.Canonicalize(out); err != nil || again != out {
			t.Fatalf("%+v.Canonicalize(%q) = %q, then %q, %v", c, in, out, again, err)
		}
		_, keyAuthority, keyHost := rfc3986Split(out)
		if keyAuthority != hasAuthority {
			t.Fatalf("%+v.Canonicalize(%q) = %q: authority %v, want %v", c, in, out, keyAuthority, hasAuthority)
		}
		if !hasAuthority {
			return
		}
		switch c.HostForm {
		case HostAsRead:
			if want := hostOptions(c, host, false); keyHost != want {
				t.Fatalf("%+v.Canonicalize(%q) = %q: host %q, want %q (read %q)", c, in, out, keyHost, want, host)
			}
		case HostDecoded, HostASCII, HostUnicode:
			// The same domain, what a browser resolves, in any form.
			name := func(h string) (string, bool) {
				u, err := web.Parse("http://" + h + "/")
				return u.Hostname(), err == nil && !endsInNumber(h) && !strings.HasPrefix(h, "[")
			}
			read, ok1 := name(host)
			got, ok2 := name(keyHost)
			if ok1 && ok2 && got != hostOptions(c, read, false) {
				t.Fatalf("%+v.Canonicalize(%q) = %q: host %q (%q to a browser), want %q (%q)", c, in, out, keyHost, got, hostOptions(c, read, false), read)
			}
		}
	})
}
