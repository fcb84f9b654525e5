package canon

import "testing"

// The expected keys are those of the Internet Archive's surt library
// (tests/test_surt.py, from WaybackURLKeyMakerTest.java), and of its
// canonicalizers' tests where this package's presets express them.
func TestSURT(t *testing.T) {
	tests := []struct {
		s       SURT
		in, key string
	}{
		{SURT{}, "", "-"},
		{SURT{}, " \t\x00", "-"},
		{SURT{}, "filedesc:foo.arc.gz", "filedesc:foo.arc.gz"},
		{SURT{}, "filedesc:/foo.arc.gz", "filedesc:/foo.arc.gz"},
		{SURT{}, "filedesc://foo.arc.gz", "filedesc://foo.arc.gz"},
		{SURT{}, "warcinfo:foo.warc.gz", "warcinfo:foo.warc.gz"},
		{SURT{}, "dns:alexa.com", "dns:alexa.com"},
		{SURT{}, "dns:archive.org", "dns:archive.org"},
		{SURT{}, "http://www.archive.org/", "org,archive)/"},
		{SURT{}, "http://archive.org/", "org,archive)/"},
		{SURT{}, "http://archive.org/goo/", "org,archive)/goo"},
		{SURT{}, "http://archive.org/goo/?", "org,archive)/goo"},
		{SURT{}, "http://archive.org/goo/?b&a", "org,archive)/goo?a&b"},
		{SURT{}, "http://archive.org/goo/?a=2&b&a=1", "org,archive)/goo?a=1&a=2&b"},
		{SURT{}, "http://www.archive.org/goo/?a=2&b&a=1", "org,archive)/goo?a=1&a=2&b"},
		{SURT{TrailingComma: true}, "http://archive.org/goo/?a=2&b&a=1", "org,archive,)/goo?a=1&a=2&b"},
		{SURT{TrailingComma: true}, "dns:archive.org", "dns:archive.org"},
		{SURT{TrailingComma: true}, "warcinfo:foo.warc.gz", "warcinfo:foo.warc.gz"},
		{SURT{}, "http://archive.org/index.php?PHPSESSID=0123456789abcdefghijklemopqrstuv&action=profile;u=4221", "org,archive)/index.php?action=profile;u=4221"},
		{SURT{}, "whois://whois.isoc.org.il/shaveh.co.il", "il,org,isoc,whois)/shaveh.co.il"},
		{SURT{}, "http://visit.webhosting.yahoo.com/visit.gif?&r=http%3A//web.archive.org/web/20090517140029/http%3A//anthonystewarthead.electric-chi.com/&b=Netscape%205.0%20%28Windows%3B%20en-US%29&s=1366x768&o=Win32&c=24&j=true&v=1.2",
			"com,yahoo,webhosting,visit)/visit.gif?&b=netscape%205.0%20(windows;%20en-us)&c=24&j=true&o=win32&r=http://web.archive.org/web/20090517140029/http://anthonystewarthead.electric-chi.com/&s=1366x768&v=1.2"},
		{SURT{}, "mailto:foo@example.com", "mailto:foo@example.com"},
		{SURT{WithScheme: true}, "http://www.example.com/", "http://(com,example)/"},
		{SURT{}, "http://www.example.com/", "com,example)/"},
		{SURT{WithScheme: true, TrailingComma: true}, "http://www.example.com/", "http://(com,example,)/"},
		{SURT{WithScheme: true, TrailingComma: true}, "https://www.example.com/", "https://(com,example,)/"},
		{SURT{TrailingComma: true}, "ftp://www.example.com/", "com,example,)/"},
		{SURT{}, "ftp://www.example.com/", "com,example)/"},
		// A trailing comma after a domain's last label, none after an IPv4
		// address (four numbers of one to three digits).
		{SURT{Canonicalizer: &Canonicalizer{}}, "http://a.b/c?d#e", "b,a)/c?d#e"},
		{SURT{Canonicalizer: &Canonicalizer{}}, "foo://a.b#e", "b,a)#e"},
		// An empty first label keeps its place: ".example.com" is not
		// example.com.
		{SURT{Canonicalizer: &Canonicalizer{}}, "http://.example.com/a", "com,example,)/a"},
		{SURT{Canonicalizer: &Canonicalizer{}}, "http://example.com/a", "com,example)/a"},
		{SURT{Canonicalizer: &Canonicalizer{}}, "foo://.a:1/", "a,:1)/"},
		{SURT{TrailingComma: true, Canonicalizer: &Canonicalizer{}}, "foo://1.2.3.4/", "4,3,2,1)/"},
		{SURT{TrailingComma: true, Canonicalizer: &Canonicalizer{}}, "foo://1.2.3./", ",3,2,1,)/"},
		{SURT{TrailingComma: true, Canonicalizer: &Canonicalizer{}}, "foo://1.2.3.1234/", "1234,3,2,1,)/"},
		{SURT{WithScheme: true, TrailingComma: true}, "ftp://www.example.com/", "ftp://(com,example,)/"},
		{SURT{WithScheme: true, KeepWWW: true}, "http://www.example.com/", "http://(com,example,www)/"},
		{SURT{KeepWWW: true}, "http://www.example.com/", "com,example,www)/"},
		// The browser reads "http:///x" as http://x/.
		{SURT{}, "http:///x", "x)/"},
		// A URL without an authority that the browser reading accepts.
		{SURT{Canonicalizer: &Semantic}, "MAILTO:a@b#x", "mailto:a@b"},
		{SURT{Canonicalizer: &Semantic, WithScheme: true}, "mailto:a@b?", "mailto:a@b"},
		{SURT{WithScheme: true, TrailingComma: true, KeepWWW: true}, "http://www.example.com/", "http://(com,example,www,)/"},
		{SURT{WithScheme: true, TrailingComma: true, KeepWWW: true}, "https://www.example.com/", "https://(com,example,www,)/"},
		{SURT{WithScheme: true, TrailingComma: true, KeepWWW: true}, "ftp://www.example.com/", "ftp://(com,example,www,)/"},
		{SURT{WithScheme: true}, "mailto:foo@example.com", "mailto:foo@example.com"},
		{SURT{WithScheme: true, TrailingComma: true}, "mailto:foo@example.com", "mailto:foo@example.com"},
		{SURT{WithScheme: true}, "dns:archive.org", "dns:archive.org"},
		{SURT{WithScheme: true}, "whois://whois.isoc.org.il/shaveh.co.il", "whois://(il,org,isoc,whois)/shaveh.co.il"},
		{SURT{TrailingComma: true}, "whois://whois.isoc.org.il/shaveh.co.il", "il,org,isoc,whois,)/shaveh.co.il"},
		{SURT{TrailingComma: true, WithScheme: true}, "whois://whois.isoc.org.il/shaveh.co.il", "whois://(il,org,isoc,whois,)/shaveh.co.il"},
		// Keys of URLs without a host keep no raw control, space, line
		// separator or octet that is not UTF-8, which would end or split
		// the line of a CDX index: the browser removes tabs and newlines
		// and percent-encodes controls, the key encodes the rest.
		{SURT{}, "mailto:a\nnet,evil)/ 2025", "mailto:anet,evil)/%202025"},
		{SURT{}, "MAILTO:a\x00b\x1bc#x", "mailto:a%00b%1Bc"},
		{SURT{}, "mailto:a\x91", "mailto:a%91"},
		{SURT{}, "data:,a\u0085b\u2028", "data:,a%C2%85b%E2%80%A8"},
		{SURT{}, "dns:a\nb", "dns:a%0Ab"},
		{SURT{}, "dns:\ufffd", "dns:\ufffd"},
		{SURT{}, "dns:\u2028", "dns:%E2%80%A8"},
		{SURT{}, "dns:\x80\xc2\x80\xc2\x9f\xc2\xa0", "dns:%80%C2%80%C2%9F\u00a0"},
		{SURT{}, "filedesc:foo\x91 \x7f.arc", "filedesc:foo%91%20%7F.arc"},
		{SURT{}, "warcinfo:\u2029\u00e9\u0085", "warcinfo:%E2%80%A9\u00e9%C2%85"},
		{SURT{Canonicalizer: &Semantic}, "mailto:a b\x91", "mailto:a%20b%91"},
		// "," and ")" in a label or the userinfo are encoded.
		{SURT{}, "http://a,b.com/", "com,a%2Cb)/"},
		{SURT{TrailingComma: true}, "http://a,b.com/", "com,a%2Cb,)/"},
		{SURT{}, "http://b.a.com/", "com,a,b)/"},
		{SURT{WithScheme: true}, "http://a)b.c/", "http://(c,a%29b)/"},
		{SURT{Canonicalizer: &Semantic}, "http://a,b:c)d@x.com/", "a%2Cb:c%29d@com,x)/"},
		// Ports, IPv4 (reversed, no trailing comma), and a canonicalizer of
		// one's own.
		{SURT{}, "http://www.archive.org:8080/", "org,archive:8080)/"},
		{SURT{TrailingComma: true}, "http://1.2.3.4/a", "4,3,2,1)/a"},
		{SURT{Canonicalizer: &Canonicalizer{Reading: ReadSafeBrowsing}}, "http://www.example.com/A/?b&a", "com,example,www)/A/?b&a"},
	}
	for _, in := range []string{"\u2002", "http://[::1/", "http://a b/", "file:///x", "http://1.2.3.4.5/"} {
		if got, err := (SURT{}).Key(in); err == nil {
			t.Errorf("SURT{}.Key(%q) = %q, want an error", in, got)
		}
	}
	for _, tt := range tests {
		got, err := tt.s.Key(tt.in)
		if err != nil || got != tt.key {
			t.Errorf("%+v.Key(%q) = %q, %v; want %q", tt.s, tt.in, got, err, tt.key)
		}
	}
}

// TestArchive checks the Archive preset against the Internet Archive's
// canonicalizer tests (IAURLCanonicalizerTest, DefaultIAURLCanonicalizerTest).
func TestArchive(t *testing.T) {
	tests := []struct{ in, want string }{
		{"http://www.alexa.com/", "http://alexa.com/"},
		{"http://archive.org/index.html", "http://archive.org/index.html"},
		{"http://archive.org/index.html?", "http://archive.org/index.html"},
		{"http://archive.org/index.html?a=b", "http://archive.org/index.html?a=b"},
		{"http://archive.org/index.html?b=b&a=b", "http://archive.org/index.html?a=b&b=b"},
		{"http://archive.org/index.html?b=a&b=b&a=b", "http://archive.org/index.html?a=b&b=a&b=b"},
		{"http://www34.archive.org/index.html?b=a&b=b&a=b", "http://archive.org/index.html?a=b&b=a&b=b"},
		{"http://ARCHIVE.ORG/", "http://archive.org/"},
		{"http://www.archive.org:80/", "http://archive.org/"},
		{"https://www.archive.org:80/", "https://archive.org:80/"},
		{"http://www.archive.org:443/", "http://archive.org:443/"},
		{"https://www.archive.org:443/", "https://archive.org/"},
		{"http://www.archive.org/big/", "http://archive.org/big"},
		{"http://example.com/foo?X=Y", "http://example.com/foo?x=y"},
		{"http://www2.www2foo.com/", "http://www2foo.com/"},
		{"http://www2foo.com/", "http://www2foo.com/"},
		{"http://a.b/?one=two&jsessionid=0123456789abcdefghijklemopqrstuv&x=y", "http://a.b/?one=two&x=y"},
		{"http://a.b/?aspsessionidABCDEFGH=ABCDEFGHIJKLMNOPQRSTUVWX&x=y", "http://a.b/?x=y"},
		{"http://a.b/?CFID=1169580&CFTOKEN=48630702&dtstamp=22%2F08%2F2006%7C06%3A58%3A11", "http://a.b/?dtstamp=22/08/2006|06:58:11"},
		// A session identifier taken away leaves what Safe Browsing's
		// reading resolves, so the result reads back as itself.
		{"http://a.b/x/;jsessionid=1/y", "http://a.b/x/y"},
		{"http://a.b/x/..;jsessionid=1/y", "http://a.b/y"},
		{"http://a.b/x/y/.;jsessionid=1", "http://a.b/x/y"},
		{"http://a.b/x/y/..;jsessionid=1/", "http://a.b/x"},
	}
	for _, tt := range tests {
		got, err := Archive.Canonicalize(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("Archive.Canonicalize(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}
