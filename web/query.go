package web

import (
	"slices"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/iri-go/iri/internal/pct"
)

// A Param is a name and value of a query read as
// application/x-www-form-urlencoded (URL Standard, section 5), decoded.
type Param struct {
	Name, Value string
}

// ParseQuery reads a query (without its "?") as the URL Standard's
// application/x-www-form-urlencoded parser does, which URLSearchParams
// uses: "&"-separated pairs, empty ones skipped, the name before the first
// "=", "+" as a space, then percent-decoding, and bytes that are not UTF-8
// as U+FFFD. The pairs keep their order; a name may repeat.
func ParseQuery(query string) []Param {
	var params []Param
	for part := range strings.SplitSeq(query, "&") {
		if part == "" {
			continue
		}
		name, value, _ := strings.Cut(part, "=")
		params = append(params, Param{formDecode(name), formDecode(value)})
	}
	return params
}

func formDecode(s string) string {
	s = pct.DecodeForm(s)
	if !utf8.ValidString(s) {
		s = replaceInvalidUTF8(s)
	}
	return s
}

// EncodeQuery writes params as the application/x-www-form-urlencoded
// serializer does: each name and value UTF-8 percent-encoded with the
// standard's application/x-www-form-urlencoded percent-encode set, a
// space as "+", pairs joined by "&".
func EncodeQuery(params []Param) string {
	var b []byte
	for k, p := range params {
		if k > 0 {
			b = append(b, '&')
		}
		b = pct.AppendForm(b, p.Name)
		b = append(b, '=')
		b = pct.AppendForm(b, p.Value)
	}
	return string(b)
}

// SortParams sorts params by name as URLSearchParams' sort does: stably,
// comparing names by their UTF-16 code units (so U+FFFD sorts after a
// character beyond the Basic Multilingual Plane, as in JavaScript).
func SortParams(params []Param) {
	slices.SortStableFunc(params, func(a, b Param) int { return compareUTF16(a.Name, b.Name) })
}

func compareUTF16(a, b string) int {
	for a != "" && b != "" {
		ra, na := utf8.DecodeRuneInString(a)
		rb, nb := utf8.DecodeRuneInString(b)
		if ra != rb {
			return slices.Compare(utf16Units(ra), utf16Units(rb))
		}
		a, b = a[na:], b[nb:]
	}
	return len(a) - len(b)
}

func utf16Units(r rune) []uint16 {
	if r1, r2 := utf16.EncodeRune(r); r1 != utf8.RuneError || r2 != utf8.RuneError {
		return []uint16{uint16(r1), uint16(r2)}
	}
	return []uint16{uint16(r)}
}
