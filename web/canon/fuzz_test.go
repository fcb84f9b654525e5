package canon

import (
	"strings"
	"testing"

	"github.com/iri-go/iri/web"
)

// canonSeeds are the inputs of the tables, for the fuzz targets.
func canonSeeds(f *testing.F) {
	for _, tt := range safeBrowsingDocTests {
		f.Add(tt.in)
	}
	for _, s := range []string{"http://www.1.2.3/", "http://a..\u00fc/", "http://[::ffff:1.2.3.4]:8/%2e%2E/x?%2523#a#b",
		"http://u:p@www.www.Example.com.:80//a/./index.html/?b=1&a&utm_x=2&A=3", "HTTP://0x7f.1/%%%41", "a:80", "\t\n http://x/ \r",
		"http://a/b/..;jsessionid=1/c/;jsessionid=2/", "http://a/(S(4hqa0555fwsecu455xqckv45))/x.aspx", "a:/%2Fx", "http://[0:0::ffff:102:304]:8/", "http://www.[::1]/"} {
		f.Add(s)
	}
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

// checkFastPath fails unless the fast reading of an already canonical
// URL agrees with the full reading.
func checkFastPath(t *testing.T, in string) {
	t.Helper()
	s := strings.Trim(in, "\x00\x01\x02\x03\x04\x05\x06\x07\x08\t\n\x0b\x0c\r\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f ")
	if strings.Contains(s, "#") {
		return
	}
	fast, ok := sbCanonical(s)
	if !ok {
		return
	}
	slow, err := sbRead(in, s, true, true)
	if err != nil || fast.String() != slow.String() || fast.String() != s {
		t.Fatalf("%q: fast reading %q, full reading %q, %v", in, fast.String(), slow.String(), err)
	}
}

// FuzzSafeBrowsing: no panic; the result is stable (canonicalizing it
// again gives it back), escaped as the documentation says, bounded, and
// keeps the scheme, "://" and a path; its first expression is its host
// and path (with the query), and there are at most 30.
func FuzzSafeBrowsing(f *testing.F) {
	canonSeeds(f)
	f.Fuzz(func(t *testing.T, in string) {
		out, err := SafeBrowsing.Canonicalize(in)
		checkFastPath(t, in)
		if err != nil {
			return
		}
		checkCanonicalText(t, in, out)
		if len(out) > 4*len(in)+16 {
			t.Fatalf("Canonicalize(%q) = %q: %d octets from %d", in, out, len(out), len(in))
		}
		again, err := SafeBrowsing.Canonicalize(out)
		if err != nil || again != out {
			t.Fatalf("Canonicalize(%q) = %q, but Canonicalize(%q) = %q, %v", in, out, out, again, err)
		}
		if i := strings.Index(out, "://"); i <= 0 || !strings.Contains(out[i+3:], "/") {
			t.Fatalf("Canonicalize(%q) = %q: no scheme, host and path", in, out)
		}
		exprs, err := SafeBrowsingExpressions(in)
		if err != nil || len(exprs) == 0 || len(exprs) > 30 || !strings.HasSuffix(out, exprs[0]) && !strings.Contains(out, exprs[0]+"?") {
			t.Fatalf("SafeBrowsingExpressions(%q) = %q, %v; canonical URL %q", in, exprs, err, out)
		}
	})
}

// FuzzArchive: the Archive preset and the SURT keys made with it do not
// panic, the canonical URL is stable, and it has the input's key.
func FuzzArchive(f *testing.F) {
	canonSeeds(f)
	f.Fuzz(func(t *testing.T, in string) {
		s := SURT{TrailingComma: true, WithScheme: true}
		key, err := s.Key(in)
		if err != nil {
			return
		}
		out, err := Archive.Canonicalize(in)
		if err != nil {
			return
		}
		again, err := Archive.Canonicalize(out)
		if err != nil || again != out {
			t.Fatalf("Canonicalize(%q) = %q, but Canonicalize(%q) = %q, %v", in, out, out, again, err)
		}
		if k, err := s.Key(out); err != nil || k != key {
			t.Fatalf("Key(%q) = %q, but the key of its canonical URL %q is %q, %v", in, key, out, k, err)
		}
	})
}

// fuzzCanonicalizer makes a Canonicalizer with the options that the bits
// of o turn on.
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
	if bit(25) {
		c.Reading = ReadSafeBrowsing
	}
	return c
}

// FuzzCanonicalizer reads as a browser does with every set of options:
// no panic; an input that parses gives a result, unless an option that
// changes the host left none; the result is an href (it parses to
// itself), and CanonicalizeURL gives the same; canonicalizing it again
// gives it back; and unless StripWWW, AddWWW, TrimHostDots, RemovePort or
// ForceHTTP is on, it has the host and port of the input, the server a
// browser connects to (LowercaseHost changes only the case of an opaque
// host). With bit 25 of the options it reads as Safe Browsing does,
// which accepts what a browser does not: then the key need only be
// stable.
func FuzzCanonicalizer(f *testing.F) {
	for i, tt := range safeBrowsingDocTests {
		f.Add(tt.in, uint32(i)*0x9E3779B9)
	}
	f.Add("http://user:pw@www.Example.com.:80//a/./%7Eb/Index.HTML/?b=%2541&a=1&utm_x=2&sid=3#f", uint32(0xFFFFFFFF))
	f.Add("https://[::1]:443/%2e%2E/x?%2523", uint32(0x3000))
	f.Add("foo://h/a//b?", uint32(0x7FF))
	f.Add("mailto:a%2540b?x#y", uint32(0x3FFFF))
	f.Add("http://www.a.b/x/..;jsessionid=1/c/;jsessionid=2/?&b=%2520&a#f", uint32(1<<25|1<<18|1<<22|0x7FF))
	f.Add("HTTP://WWW.[::1]:80//a/%2e/?q", uint32(1<<25|0x1FFFFFF))
	f.Fuzz(func(t *testing.T, in string, o uint32) {
		c := fuzzCanonicalizer(o)
		if c.Reading == ReadSafeBrowsing {
			// Safe Browsing's reading accepts what a browser does not:
			// its keys need only be stable.
			out, err := c.Canonicalize(in)
			if err != nil {
				return
			}
			if again, err := c.Canonicalize(out); err != nil || again != out {
				t.Fatalf("%+v.Canonicalize(%q) = %q, then %q, %v", c, in, out, again, err)
			}
			return
		}
		u, perr := web.Parse(in)
		href := u.String()
		out, err := c.Canonicalize(in)
		hostOptions := c.StripWWW || c.AddWWW || c.TrimHostDots || c.RemovePort || c.ForceHTTP
		switch {
		case perr != nil && err == nil:
			t.Fatalf("%+v.Canonicalize(%q) = %q, but Parse fails: %v", c, in, out, perr)
		case perr != nil || err != nil && hostOptions:
			return
		case err != nil:
			t.Fatalf("%+v.Canonicalize(%q) = %v; Parse gives %q", c, in, err, href)
		}
		back, err := web.Parse(out)
		if err != nil || back.String() != out {
			t.Fatalf("%+v.Canonicalize(%q) = %q, which parses to %q, %v", c, in, out, back, err)
		}
		if v, err := c.CanonicalizeURL(u); err != nil || v != back {
			t.Fatalf("%+v.CanonicalizeURL(%q) = %q, %v; Canonicalize gives %q", c, in, v, err, out)
		}
		if again, err := c.Canonicalize(out); err != nil || again != out {
			t.Fatalf("%+v.Canonicalize(%q) = %q, then %q, %v", c, in, out, again, err)
		}
		if !hostOptions {
			p, q := split(href), split(out)
			sameHost := p.Host == q.Host || c.LowercaseHost && strings.EqualFold(p.Host, q.Host)
			if !sameHost || p.HasAuthority != q.HasAuthority || !c.RemoveDefaultPort && p.Port != q.Port {
				t.Fatalf("%+v.Canonicalize(%q) = %q: host %q:%q, want %q:%q", c, in, out, q.Host, q.Port, p.Host, p.Port)
			}
		}
	})
}
