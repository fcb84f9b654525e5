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
