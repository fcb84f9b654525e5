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
