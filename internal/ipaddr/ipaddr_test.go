package ipaddr

import (
	"slices"
	"testing"
)

// The examples of the URL Standard's IPv4 and IPv6 parsers and
// serializers (section 3.5 and 3.6), worked out by hand.
func TestIPv4(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want uint32
		err  IPv4Error
	}{
		{"127.0.0.1", 0x7F000001, IPv4OK},
		{"0x7f.1", 0x7F000001, IPv4OK},
		{"0177.0.0.01", 0x7F000001, IPv4OK},
		{"2130706433", 0x7F000001, IPv4OK},
		{"1.2.3.4.", 0x01020304, IPv4OK},
		{"1.2.3.4.5", 0, IPv4TooManyParts},
		{"1.2.x.4", 0, IPv4NonNumericPart},
		{"1.256.3.4", 0, IPv4OutOfRangePart},
		{"1.2.65536", 0, IPv4OutOfRangePart},
		{"4294967296", 0, IPv4OutOfRangePart},
		{"09.1.1.1", 0, IPv4NonNumericPart},
	} {
		got, err := ParseIPv4(tt.in)
		if got != tt.want || err != tt.err {
			t.Errorf("ParseIPv4(%q) = %#x, %v; want %#x, %v", tt.in, got, err, tt.want, tt.err)
		}
	}
	if got := string(AppendIPv4(nil, 0x7F000001)); got != "127.0.0.1" {
		t.Errorf("AppendIPv4 = %q", got)
	}
	for in, want := range map[string]bool{"a.b.1": true, "a.0x": true, "a.1.": true, "a.b": false, "1a": false, ".": false, "0x1g": false} {
		if EndsInNumber(in) != want {
			t.Errorf("EndsInNumber(%q) = %v", in, !want)
		}
	}
}

func TestIPv6(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"::1", "[::1]"},
		{"0:0::1", "[::1]"},
		{"1:0:0:2:0:0:0:3", "[1:0:0:2::3]"},
		{"1:0:0:0:2:0:0:3", "[1::2:0:0:3]"},
		{"::ffff:192.0.2.1", "[::ffff:c000:201]"},
		{"2001:DB8::0:1", "[2001:db8::1]"},
		{"::", "[::]"},
	} {
		var a [8]uint16
		if err, _ := ParseIPv6(tt.in, &a); err != IPv6OK {
			t.Errorf("ParseIPv6(%q): %v", tt.in, err)
			continue
		}
		if got := string(AppendIPv6(nil, &a)); got != tt.want {
			t.Errorf("%q serializes as %q, want %q", tt.in, got, tt.want)
		}
	}
	for in, want := range map[string]IPv6Error{":1": IPv6InvalidCompression, "1::2::3": IPv6MultipleCompression, "1:2:3:4:5:6:7:8:9": IPv6TooManyPieces,
		"1:2": IPv6TooFewPieces, "1:2:3:4:5:6:7:1.2.3.4": IPv4InIPv6TooManyPieces, "::1.2.3": IPv4InIPv6TooFewParts, "::1.2.3.256": IPv4InIPv6OutOfRangePart, "::01.2.3.4": IPv4InIPv6InvalidCodePoint, "::x": IPv6InvalidCodePoint} {
		var a [8]uint16
		if err, _ := ParseIPv6(in, &a); err != want {
			t.Errorf("ParseIPv6(%q) = %v, want %v", in, err, want)
		}
	}
}

// TestIPv4Notes: the IPv4 parser's validation errors that do not fail it,
// recorded up to its failure (URL Standard, section 3.5, worked by hand).
func TestIPv4Notes(t *testing.T) {
	for _, tt := range []struct {
		in    string
		addr  uint32
		err   IPv4Error
		notes IPv4Notes
	}{
		{"127.0.0.1", 0x7F000001, IPv4OK, 0},
		{"127.0.0.1.", 0x7F000001, IPv4OK, IPv4EmptyPart},
		{"127.1", 0x7F000001, IPv4OK, IPv4TooFewParts},
		{"0x7f.1.", 0x7F000001, IPv4OK, IPv4EmptyPart | IPv4TooFewParts | IPv4NonDecimalPart},
		{"0177.0.0.1", 0x7F000001, IPv4OK, IPv4NonDecimalPart},
		{"0x.0.0.0", 0, IPv4OK, IPv4NonDecimalPart},
		{"1.65536", 0x01010000, IPv4OK, IPv4TooFewParts | IPv4OutOfRange},
		{"1.256.0.0", 0, IPv4OutOfRangePart, IPv4OutOfRange},
		{"0x1.x", 0, IPv4NonNumericPart, IPv4TooFewParts | IPv4NonDecimalPart},
		{"1.2.3.4.5", 0, IPv4TooManyParts, 0},
		{"1.2.3.4.5.", 0, IPv4TooManyParts, IPv4EmptyPart},
	} {
		addr, err, notes := ParseIPv4Notes(tt.in)
		if addr != tt.addr || err != tt.err || notes != tt.notes {
			t.Errorf("ParseIPv4Notes(%q) = %#x, %v, %04b; want %#x, %v, %04b", tt.in, addr, err, notes, tt.addr, tt.err, tt.notes)
		}
	}
}

// TestIPv6Zeros: the offset of each piece with a leading zero, the
// validation error IPv6-piece-leading-zero, not of the IPv4 part's numbers
// nor of a piece that is "0".
func TestIPv6Zeros(t *testing.T) {
	for in, want := range map[string][]int{
		"::1":                 nil,
		"0:0::0":              nil,
		"::01":                {2},
		"00:1::0001":          {0, 6},
		"0010::ffff:1.2.3.4":  {0},
		"::ffff:01.2.3.4":     nil, // fails: IPv4-in-IPv6-invalid-code-point
		"1:2:3:4:5:6:7:08":    {14},
		"0ab:0:0:0:0:0:0:0:1": {0}, // then too many pieces
		"fffff::":             nil, // fails at the fifth digit
	} {
		var addr [8]uint16
		var got []int
		ParseIPv6Zeros(in, &addr, func(off int) { got = append(got, off) })
		if !slices.Equal(got, want) {
			t.Errorf("ParseIPv6Zeros(%q) noted %v, want %v", in, got, want)
		}
	}
}
