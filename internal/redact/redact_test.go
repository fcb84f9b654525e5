package redact

import "testing"

func TestPassword(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"http://user:s3cret@host/p", "http://user:xxxxx@host/p"},
		{"http://user:s3:cr@t@host/p", "http://user:xxxxx@host/p"},
		{"http://user@host/p", "http://user@host/p"},
		{"http://user:@host/p", "http://user:@host/p"},
		{"http://host/p:q@r", "http://host/p:q@r"},
		{"http://u:p@h\\x@y", "http://u:xxxxx@h\\x@y"},
		{"no authority u:p@h", "no authority u:p@h"},
		{"  ht tp://a:b@c d", "  ht tp://a:xxxxx@c d"},
		{"", ""},
	} {
		if got := Password(tt.in); got != tt.want {
			t.Errorf("Password(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestWeb(t *testing.T) {
	for _, tt := range []struct {
		in       string
		accepted bool
		want     string
	}{
		// A URL the browser reads: its password only.
		{"http://user:s3cret@host/p", true, "http://user:xxxxx@host/p"},
		{"http:user:s3cret@host/p", true, "http:user:xxxxx@host/p"},
		{"HTTPS:\\\\u:p@w@h\\x@y", true, "HTTPS:\\\\u:xxxxx@h\\x@y"},
		{"  ht\ttp:/\\u:s3cret@h", true, "  ht\ttp:/\\u:xxxxx@h"},
		{"http://user@host/p", true, "http://user@host/p"},
		{"http://user:@host/p", true, "http://user:@host/p"},
		{"http://host/p:q@r", true, "http://host/p:q@r"},
		{"http://host?p:q@r", true, "http://host?p:q@r"},
		{"http://host#p:q@r", true, "http://host#p:q@r"},
		{"foo://u:p@h\\x@y", true, "foo://u:xxxxx@y"},
		{"foo:/\t/u:p@h", true, "foo:/\t/u:xxxxx@h"},
		{"foo:///u:p@h", true, "foo:///u:p@h"},
		{"mailto:u:p@h", true, "mailto:u:p@h"},
		{"foo:/u:p@h", true, "foo:/u:p@h"},
		{"www.example.com:p@h", true, "www.example.com:p@h"},
		{"", true, ""},
		// Text the browser refuses: all before the last "@".
		{"ftp:user:s3cret@h:99999/", false, "ftp:xxxxx@h:99999/"},
		{"http://user:secret@/path", false, "http://xxxxx@/path"},
		{"http://tok@en@h:x/", false, "http://xxxxx@h:x/"},
		{"foo:u:p@h", false, "foo:xxxxx@h"},
		{"u:p@h:99999", false, "u:xxxxx@h:99999"},
		{"user@h:99999", false, "xxxxx@h:99999"},
		{"h/u:p@x", false, "h/u:p@x"},
		{"http://@h:x/", false, "http://@h:x/"},
		{"//u:p@h\\x@y", false, "//xxxxx@h\\x@y"}, // no scheme: read as "http:"
		{"1a://u:p@h", false, "1a://u:p@h"},       // scheme-less: "1a:" is the authority
	} {
		if got := Web(tt.in, tt.accepted); got != tt.want {
			t.Errorf("Web(%q, %v) = %q, want %q", tt.in, tt.accepted, got, tt.want)
		}
	}
}

// TestRefused: a text a browser refuses hides the password alone when the
// parser's error shows it read the userinfo, and all that could be a
// userinfo otherwise.
func TestRefused(t *testing.T) {
	for _, tt := range []struct{ text, parserInput, want string }{
		{"http:u:s3cret@host:99999/", "http:u:xxxxx@host:99999/", "http:u:xxxxx@host:99999/"},
		{"http://u:pw@[::1/", "http://u:xxxxx@[::1/", "http://u:xxxxx@[::1/"},
		// The parser stopped before the userinfo (or its input is another
		// text): all before the last "@".
		{"http://u:pw@[::1/", "http://u:pw@[::1/", "http://xxxxx@[::1/"},
		{"ftp:user:s3cret@h:99999/", "http://ftp:user:xxxxx@h:99999/", "ftp:xxxxx@h:99999/"},
		{"http://h/", "http://h/", "http://h/"},
	} {
		if got := Refused(tt.text, tt.parserInput); got != tt.want {
			t.Errorf("Refused(%q, %q) = %q, want %q", tt.text, tt.parserInput, got, tt.want)
		}
	}
}

// TestPasswordSpan asserts whole results: where the password is, or zeros
// and false.
func TestPasswordSpan(t *testing.T) {
	for _, tt := range []struct {
		in         string
		start, end int
		ok         bool
	}{
		{"//user:pw@host/p", 7, 9, true}, // a network-path reference: "//" first
		{"http://u:p@h", 9, 10, true},
		{"http://u:p@h?x@y", 9, 10, true},
		{"no authority", 0, 0, false},
		{"http://host/", 0, 0, false},
		{"http://u@host/", 0, 0, false},
		{"http://u:@host/", 0, 0, false},
	} {
		start, end, ok := PasswordSpan(tt.in)
		if start != tt.start || end != tt.end || ok != tt.ok {
			t.Errorf("PasswordSpan(%q) = %d, %d, %v; want %d, %d, %v", tt.in, start, end, ok, tt.start, tt.end, tt.ok)
		}
	}
}
