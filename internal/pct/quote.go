package pct

import (
	"strconv"
	"unicode/utf8"
)

// QuoteAround quotes s as Go would, escaping what a terminal would
// interpret, for an error message about the byte at offset: a long s is
// cut to the bytes around offset, 40 before it and 24 from it, at
// character boundaries, with "..." where it was cut.
func QuoteAround(s string, offset int) string {
	const before, after = 40, 24
	if len(s) <= before+after+8 {
		return strconv.Quote(s)
	}
	from, to := max(0, offset-before), min(len(s), offset+after)
	for from > 0 && !utf8.RuneStart(s[from]) {
		from--
	}
	for to < len(s) && !utf8.RuneStart(s[to]) {
		to++
	}
	q := strconv.Quote(s[from:to])
	if from > 0 {
		q = "..." + q
	}
	if to < len(s) {
		q += "..."
	}
	return q
}
