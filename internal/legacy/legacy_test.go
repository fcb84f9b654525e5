package legacy

import (
	"fmt"
	"testing"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/simplifiedchinese"
)

// TestCorrections: where x/text's encoders differ from the Encoding
// Standard's, Encode writes the standard's octets, for the encodings it
// knows by their names (name) and for those alone.
func TestCorrections(t *testing.T) {
	for _, c := range []struct {
		enc  encoding.Encoding
		in   string
		want string // octets in %X, a character the encoding lacks as &#N;
	}{
		{japanese.ISO2022JP, "\u00A5\u203E", "1B284A5C1B28421B284A7E1B2842"},
		{japanese.ISO2022JP, "a\x0Eb\x1B", "61&#65533;62&#65533;"},
		{japanese.ShiftJIS, "\u00A5\u203E\u2212", "5C7E817C"},
		{japanese.EUCJP, "\u00A5\u203E\u2212", "5C7EA1DD"},
		{simplifiedchinese.GB18030, "\uE5E5a", "&#58853;61"},
		// Encodings Encode does not correct: x/text's answers.
		{charmap.Windows1252, "\u00A5\u203E", "A5&#8254;"},
	} {
		got := ""
		Encode(c.enc, c.in, func(b []byte) { got += fmt.Sprintf("%X", b) }, func(r rune) { got += fmt.Sprintf("&#%d;", r) })
		if got != c.want {
			t.Errorf("Encode(%v, %+q) = %s, want %s", c.enc, c.in, got, c.want)
		}
	}
}
