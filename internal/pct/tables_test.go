package pct

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestTablesAreGenerated: tables.go is what gen.go writes from its
// definitions, the one source of the tables.
func TestTablesAreGenerated(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs gen.go")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command:", err)
	}
	out := filepath.Join(t.TempDir(), "tables.go")
	cmd := exec.Command(goTool, "run", "gen.go", "-output", out)
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go run gen.go: %v\n%s", err, msg)
	}
	want, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("tables.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Error("tables.go is not what gen.go writes: run go generate")
	}
}

// members lists the ASCII octets a table marks, in order.
func members(marked func(c byte) bool) string {
	var b []byte
	for c := 0; c < 0x80; c++ {
		if marked(byte(c)) {
			b = append(b, byte(c))
		}
	}
	return string(b)
}

const (
	upper  = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	lower  = "abcdefghijklmnopqrstuvwxyz"
	digits = "0123456789"
)

// TestClasses checks each class against RFC 3986, Appendix A.
func TestClasses(t *testing.T) {
	// Reference predicates, written from the ABNF independently of the
	// strings the table is built from.
	isUnreserved := func(c byte) bool {
		return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
			c == '-' || c == '.' || c == '_' || c == '~'
	}
	isSubDelim := func(c byte) bool {
		switch c {
		case '!', '$', '&', '\'', '(', ')', '*', '+', ',', ';', '=':
			return true
		}
		return false
	}
	isPchar := func(c byte) bool { return isUnreserved(c) || isSubDelim(c) || c == ':' || c == '@' }
	classes := []struct {
		name string
		bit  uint8
		want func(c byte) bool
	}{
		{"scheme", ClassScheme, func(c byte) bool {
			return isUnreserved(c) && c != '_' && c != '~' || c == '+'
		}},
		{"userinfo", ClassUserinfo, func(c byte) bool { return isUnreserved(c) || isSubDelim(c) || c == ':' }},
		{"reg-name", ClassRegName, func(c byte) bool { return isUnreserved(c) || isSubDelim(c) }},
		{"path", ClassPath, func(c byte) bool { return isPchar(c) || c == '/' }},
		{"pchar", ClassPchar, isPchar},
		{"query", ClassQuery, func(c byte) bool { return isPchar(c) || c == '/' || c == '?' }},
		{"unreserved", ClassUnreserved, isUnreserved},
		{"reserved", ClassReserved, func(c byte) bool { return isSubDelim(c) || strings.IndexByte(":/?#[]@", c) >= 0 }},
	}
	for _, cl := range classes {
		for c := 0; c < 256; c++ {
			if got := Classes[c]&cl.bit != 0; got != cl.want(byte(c)) {
				t.Errorf("class %s: byte %#02x: got %v", cl.name, c, got)
			}
		}
	}
}

// TestFast: what web's fast paths copy of each part of a special URL,
// and what the pass over their input skips, written out.
func TestFast(t *testing.T) {
	for _, tt := range []struct {
		name string
		bit  uint8
		want string
	}{
		{"host", FastHost, "-." + digits + upper + "_" + lower},
		{"lowercase host", FastLowerHost, "-." + digits + "_" + lower},
		{"path", FastPath, "!$&'()*+,-/" + digits + ":;=@" + upper + "[]_" + lower + "|~"},
		{"path written", FastPathOut, "!$%&'()*+,-./" + digits + ":;=@" + upper + "[\\]_" + lower + "|~"},
		{"query", FastQuery, "!$%&()*+,-./" + digits + ":;=?@" + upper + "[\\]^_`" + lower + "{|}~"},
		{"fragment", FastFragment, "!#$%&'()*+,-./" + digits + ":;=?@" + upper + "[\\]^_" + lower + "{|}~"},
		{"input", FastInput, "!#$%&()*+,-./" + digits + ":;=?@" + upper + "[\\]_" + lower + "|~"},
	} {
		if got := members(func(c byte) bool { return Fast[c]&tt.bit != 0 }); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestForbidden checks the forbidden code points against the URL
// Standard, section 3.2.
func TestForbidden(t *testing.T) {
	const host = "\x00\t\n\r #/:<>?@[\\]^|"
	if got := members(func(c byte) bool { return ForbiddenHost[c] }); got != host {
		t.Errorf("ForbiddenHost: %q, want %q", got, host)
	}
	domain := "\x00\x01\x02\x03\x04\x05\x06\x07\x08\t\n\x0b\x0c\r\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f #%/:<>?@[\\]^|\x7f"
	if got := members(func(c byte) bool { return ForbiddenDomain[c] }); got != domain {
		t.Errorf("ForbiddenDomain: %q, want %q", got, domain)
	}
}

func TestHex(t *testing.T) {
	const hexDigits = "0123456789abcdefABCDEF"
	values := []byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 10, 11, 12, 13, 14, 15}
	for c := 0; c < 256; c++ {
		want := -1
		for k := 0; k < len(hexDigits); k++ {
			if hexDigits[k] == byte(c) {
				want = int(values[k])
			}
		}
		if IsHex(byte(c)) != (want >= 0) {
			t.Errorf("IsHex(%q) = %v", byte(c), IsHex(byte(c)))
		}
		if want >= 0 && int(Unhex(byte(c))) != want {
			t.Errorf("Unhex(%q) = %d, want %d", byte(c), Unhex(byte(c)), want)
		}
	}
}

func TestTriplet(t *testing.T) {
	for _, tt := range []struct {
		s     string
		p     int
		ok    bool
		octet byte
	}{
		{"%41", 0, true, 'A'},
		{"a%2f", 1, true, '/'},
		{"%fF", 0, true, 0xFF},
		{"%C3%A9", 3, true, 0xA9},
		{"%4", 0, false, 0},
		{"%41", 1, false, 0},
		{"x41", 0, false, 0},
		{"%G1", 0, false, 0},
		{"%1G", 0, false, 0},
		{"%", 0, false, 0},
		{"", 0, false, 0},
	} {
		if got := IsTriplet(tt.s, tt.p); got != tt.ok {
			t.Errorf("IsTriplet(%q, %d) = %v", tt.s, tt.p, got)
		}
		if tt.ok && Octet(tt.s, tt.p) != tt.octet {
			t.Errorf("Octet(%q, %d) = %#x, want %#x", tt.s, tt.p, Octet(tt.s, tt.p), tt.octet)
		}
	}
}
