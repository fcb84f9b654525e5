package uritemplate

import (
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/iri-go/iri"

	"github.com/iri-go/iri/internal/ucs"
)

// MaxLength is the length, in bytes, beyond which [Template.Expand] and
// [Template.ExpandIRI] stop and return an error of kind [ErrTooLong]: an
// expansion writes each value once per expression that names it, so a
// template of many expressions with long values could otherwise write
// their product (48 KiB of "{a}" with a 64 KiB value makes 1 GiB).
// [Template.ExpandLimit] takes another bound.
const MaxLength = 1 << 20

// Expand expands t with the values of vars (see the package documentation
// for the types it takes), as RFC 6570, section 3, defines it. The result
// is a URI reference in which every character beyond ASCII is
// percent-encoded as UTF-8; it is a valid one unless the template's
// literals or the values of "+" and "#" expressions make it otherwise
// (they may hold "#", "[" or "]" anywhere).
//
// Expand allocates the result only (once when it is shorter than 512
// bytes), and for a map value the sorted list of its keys.
//
// The error is an [*Error]: of kind [ErrValue] for a value of a type
// Expand does not know, or a prefix modifier on a list or an associative
// array; of kind [ErrTooLong] when the expansion would pass [MaxLength]
// bytes, which Expand finds out after the expression that passes it,
// having written at most that expression's expansion beyond the bound.
func (t Template) Expand(vars map[string]any) (string, error) {
	return t.ExpandLimit(vars, MaxLength)
}

// ExpandLimit is Expand with limit in the place of [MaxLength]: an
// expansion longer than limit bytes is an error of kind [ErrTooLong]. A
// limit of 0 or less sets no bound.
func (t Template) ExpandLimit(vars map[string]any, limit int) (string, error) {
	if len(t.parts) == 1 && t.parts[0].op == nil {
		if limit > 0 && len(t.parts[0].lit) > limit {
			return "", t.tooLong(&t.parts[0], limit)
		}
		return t.parts[0].lit, nil
	}
	// Most expansions fit: then the string is the one allocation.
	var stack [512]byte
	b, err := t.expand(stack[:0], vars, nil, limit)
	if err != nil {
		return "", err
	}
	return string(b), nil
}

// ExpandIRI expands t as Expand does, but keeps the characters beyond ASCII
// of its literals and values as they are where RFC 3987 allows them
// (ucschar anywhere, iprivate in the query, no bidi formatting character),
// which is the IRI of RFC 6570, section 1.1. Its ToURI is exactly
// Expand's result.
//
// Besides Expand's errors (its bound, [MaxLength], among them), it returns
// the [*iri.ParseError] of an expansion that is not an IRI reference.
func (t Template) ExpandIRI(vars map[string]any) (iri.IRI, error) {
	var stack [512]byte
	st := iriState{}
	b, err := t.expand(stack[:0], vars, &st, MaxLength)
	if err != nil {
		return iri.IRI{}, err
	}
	return iri.ParseReference(string(b))
}

// An iriState follows where in an IRI reference the expansion has come,
// for the characters that RFC 3987 allows in the query only (iprivate). A
// nil *iriState makes a URI.
type iriState struct {
	scanned         int // bytes of the expansion seen
	query, fragment bool
}

// keep reports whether r may stand unencoded at the end of b.
func (st *iriState) keep(b []byte, r rune) bool {
	for ; st.scanned < len(b) && !st.fragment; st.scanned++ {
		switch b[st.scanned] {
		case '?':
			st.query = true
		case '#':
			st.fragment = true
		}
	}
	return ucs.AllowedUnencoded(r, st.query && !st.fragment)
}

// expand appends the expansion of t to b; with limit > 0, an expansion
// that passes limit bytes is an error, found after the part that passes
// it.
func (t Template) expand(b []byte, vars map[string]any, st *iriState, limit int) ([]byte, error) {
	start := len(b)
	for i := range t.parts {
		p := &t.parts[i]
		if p.op == nil {
			if st == nil {
				b = append(b, p.lit...)
			} else {
				b = appendEncoded(b, p.raw, true, 0, st)
			}
		} else {
			var err error
			if b, err = t.expandExpression(b, p, vars, st); err != nil {
				return nil, err
			}
		}
		if limit > 0 && len(b)-start > limit {
			return nil, t.tooLong(p, limit)
		}
	}
	return b, nil
}

// tooLong reports an expansion that passes limit bytes at the part p.
func (t Template) tooLong(p *part, limit int) error {
	rule := "literals"
	if p.op != nil {
		rule = "expression"
	}
	return &Error{Input: t.raw, Offset: p.off, Rule: rule, Err: ErrTooLong, Detail: "the expansion passes " + strconv.Itoa(limit) + " bytes here"}
}

// expandExpression appends the expansion of the expression p: Appendix A
// of RFC 6570, after the table of operators.
func (t Template) expandExpression(b []byte, p *part, vars map[string]any, st *iriState) ([]byte, error) {
	op := p.op
	defined := 0
	for k := p.first; k < p.end; k++ {
		v := &t.specs[k]
		val := vars[v.name]
		if val == nil {
			continue // undefined (section 3.2.1)
		}
		var num [40]byte
		if s, ok := val.(string); ok {
			b = appendStart(b, op, defined)
			defined++
			b = appendScalar(b, op, v, s, st)
			continue
		}
		if s, ok := formatNumber(num[:0], val); ok {
			b = appendStart(b, op, defined)
			defined++
			b = appendScalar(b, op, v, s, st)
			continue
		}
		c, err := composite(val)
		if err != nil {
			return nil, t.valueError(v, "varspec", err.Error())
		}
		if c.defined == 0 {
			continue // undefined (section 2.3)
		}
		if v.prefix > 0 {
			return nil, t.valueError(v, "prefix", "a prefix modifier applies to strings, not to lists or associative arrays (section 2.4.1)")
		}
		c.sortKeys()
		b = appendStart(b, op, defined)
		defined++
		if b, err = appendComposite(b, op, v, &c, st); err != nil {
			return nil, t.valueError(v, "varspec", err.Error())
		}
	}
	return b, nil
}

// valueError reports a value of v that Expand cannot take; rule is "prefix"
// when the value cannot take v's prefix modifier, else "varspec".
func (t Template) valueError(v *varspec, rule, detail string) error {
	return &Error{Input: t.raw, Offset: v.off, Rule: rule, Err: ErrValue, Detail: "variable " + v.name + ": " + detail}
}

// appendStart appends the operator's first string before the first
// defined variable, its separator before the others.
func appendStart(b []byte, op *operator, defined int) []byte {
	if defined == 0 {
		return append(b, op.first...)
	}
	return append(b, op.sep)
}

// appendScalar appends the expansion of a string value.
func appendScalar[T string | []byte](b []byte, op *operator, v *varspec, s T, st *iriState) []byte {
	if op.named {
		b = append(b, v.name...)
		if len(s) == 0 {
			return append(b, op.ifemp...)
		}
		b = append(b, '=')
	}
	return appendEncoded(b, s, op.reserved, v.prefix, st)
}

// appendComposite appends the expansion of a list or an associative array
// with at least one defined member.
func appendComposite(b []byte, op *operator, v *varspec, c *compositeValue, st *iriState) ([]byte, error) {
	if !v.explode && op.named {
		b = append(b, v.name...)
		b = append(b, '=')
	}
	sep := byte(',')
	if v.explode {
		sep = op.sep
	}
	n := 0
	for i := range c.n {
		var num [40]byte
		key, val, ok, err := c.member(i, num[:0])
		if err != nil {
			return nil, err
		}
		if !ok {
			continue // undefined
		}
		if n > 0 {
			b = append(b, sep)
		}
		n++
		switch {
		case !v.explode:
			// "name,value" pairs, or members, joined by commas.
			if c.pairs {
				b = appendEncoded(b, key, op.reserved, 0, st)
				b = append(b, ',')
			}
			b = val.append(b, op.reserved, st)
			continue
		case c.pairs:
			b = appendEncoded(b, key, op.reserved, 0, st)
		case op.named:
			b = append(b, v.name...)
		default:
			b = val.append(b, op.reserved, st)
			continue
		}
		// Appendix A: an empty value takes ifemp after a name; a key of an
		// operator without names is always followed by "=" ("{/x*}" with
		// {"one": ""} is "/one=").
		if val.empty() && op.named {
			b = append(b, op.ifemp...)
			continue
		}
		b = append(b, '=')
		b = val.append(b, op.reserved, st)
	}
	return b, nil
}

// A scalar is a string value, or a number or a bool formatted into num.
type scalar struct {
	s   string
	num []byte
}

func (v scalar) empty() bool { return len(v.s) == 0 && len(v.num) == 0 }

func (v scalar) append(b []byte, reserved bool, st *iriState) []byte {
	if v.num != nil {
		return appendEncoded(b, v.num, reserved, 0, st)
	}
	return appendEncoded(b, v.s, reserved, 0, st)
}

// A compositeValue is a list or an associative array.
type compositeValue struct {
	pairs   bool // an associative array
	n       int  // members, defined or not
	defined int  // defined members
	strs    []string
	anys    []any
	kv      [][2]string
	keys    []string // the sorted keys of a map
	mapS    map[string]string
	mapA    map[string]any
}

// composite reads val as a list or an associative array.
func composite(val any) (compositeValue, error) {
	var c compositeValue
	switch x := val.(type) {
	case []string:
		c.strs, c.n, c.defined = x, len(x), len(x)
	case []any:
		c.anys, c.n = x, len(x)
		for _, m := range x {
			if m != nil {
				c.defined++
			}
		}
	case [][2]string:
		c.pairs, c.kv, c.n, c.defined = true, x, len(x), len(x)
	case map[string]string:
		c.pairs, c.mapS, c.defined = true, x, len(x)
	case map[string]any:
		c.pairs, c.mapA = true, x
		for _, m := range x {
			if m != nil {
				c.defined++
			}
		}
	default:
		return c, errType(val)
	}
	return c, nil
}

// sortKeys lists the keys of a map in sorted order, the order in which
// Expand visits them.
func (c *compositeValue) sortKeys() {
	switch {
	case c.mapS != nil:
		c.keys = make([]string, 0, len(c.mapS))
		for k := range c.mapS {
			c.keys = append(c.keys, k)
		}
	case c.mapA != nil:
		c.keys = make([]string, 0, len(c.mapA))
		for k := range c.mapA {
			c.keys = append(c.keys, k)
		}
	default:
		return
	}
	slices.Sort(c.keys)
	c.n = len(c.keys)
}

// member returns the member i of c: for lists the key is empty; ok is
// false for an undefined member.
func (c *compositeValue) member(i int, num []byte) (key string, val scalar, ok bool, err error) {
	switch {
	case c.strs != nil:
		return "", scalar{s: c.strs[i]}, true, nil
	case c.anys != nil:
		if c.anys[i] == nil {
			return "", scalar{}, false, nil
		}
		val, err = scalarOf(c.anys[i], num)
		return "", val, err == nil, err
	case c.kv != nil:
		return c.kv[i][0], scalar{s: c.kv[i][1]}, true, nil
	case c.mapS != nil:
		return c.keys[i], scalar{s: c.mapS[c.keys[i]]}, true, nil
	}
	key = c.keys[i]
	m := c.mapA[key]
	if m == nil {
		return key, scalar{}, false, nil
	}
	val, err = scalarOf(m, num)
	return key, val, err == nil, err
}

type valueTypeError struct{ msg string }

func (e valueTypeError) Error() string { return e.msg }

func errType(val any) error {
	return valueTypeError{"a value of type " + typeName(val) + "; Expand takes string, bool, integers, floats, []string, []any, map[string]string, map[string]any and [][2]string"}
}

// typeName names the dynamic type of val without package reflect for the
// common cases.
func typeName(val any) string {
	switch val.(type) {
	case []int:
		return "[]int"
	case map[string]int:
		return "map[string]int"
	case []byte:
		return "[]byte"
	case []any, map[string]any:
		return "nested composite"
	}
	return "other than the ones listed"
}

// scalarOf reads a member of a composite value.
func scalarOf(m any, num []byte) (scalar, error) {
	if s, ok := m.(string); ok {
		return scalar{s: s}, nil
	}
	if n, ok := formatNumber(num, m); ok {
		return scalar{num: n}, nil
	}
	return scalar{}, valueTypeError{"a member of type " + typeName(m) + " in a list or an associative array; members are strings, bools and numbers"}
}

// formatNumber appends the text of a bool, an integer or a float to num.
func formatNumber(num []byte, val any) ([]byte, bool) {
	switch x := val.(type) {
	case bool:
		return strconv.AppendBool(num, x), true
	case int:
		return strconv.AppendInt(num, int64(x), 10), true
	case int8:
		return strconv.AppendInt(num, int64(x), 10), true
	case int16:
		return strconv.AppendInt(num, int64(x), 10), true
	case int32:
		return strconv.AppendInt(num, int64(x), 10), true
	case int64:
		return strconv.AppendInt(num, x, 10), true
	case uint:
		return strconv.AppendUint(num, uint64(x), 10), true
	case uint8:
		return strconv.AppendUint(num, uint64(x), 10), true
	case uint16:
		return strconv.AppendUint(num, uint64(x), 10), true
	case uint32:
		return strconv.AppendUint(num, uint64(x), 10), true
	case uint64:
		return strconv.AppendUint(num, x, 10), true
	case uintptr:
		return strconv.AppendUint(num, uint64(x), 10), true
	case float64:
		return appendFloat(num, x, 64), true
	case float32:
		return appendFloat(num, float64(x), 32), true
	case json.Number:
		// A number as JSON wrote it (json.Decoder.UseNumber).
		return append(num, x...), true
	}
	return nil, false
}

// appendFloat formats f as encoding/json does: the shortest text that
// reads back as f, without an exponent unless it is below -6 or at least
// 21.
func appendFloat(num []byte, f float64, bits int) []byte {
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && !math.IsInf(abs, 0) {
		if bits == 64 && (abs < 1e-6 || abs >= 1e21) || bits == 32 && (float32(abs) < 1e-6 || float32(abs) >= 1e21) {
			format = 'e'
		}
	}
	return strconv.AppendFloat(num, f, format, -1, bits)
}

// appendEncoded appends the first max characters of s (all of them when
// max is 0), each character outside the allowed set percent-encoded as
// its UTF-8 octets (RFC 6570, section 3.2.1): the allowed set is
// unreserved, and with reserved also reserved and pct-encoded. A
// character is a code point; a byte that is not UTF-8 counts as one and is
// encoded; so does, in the U+R set, a pct-encoded octet or a run of them
// that makes one UTF-8 character, which is copied whole (Appendix A: "not
// to split multi-octet or pct-encoded triplet characters"). With st, a
// character beyond ASCII that RFC 3987 allows where it lands stays as it
// is.
func appendEncoded[T string | []byte](b []byte, s T, reserved bool, max int, st *iriState) []byte {
	class := classU
	if reserved {
		class = classUR
	}
	if max == 0 && cap(b)-len(b) < len(s) {
		b = slices.Grow(b, encodedLen(s, class))
	}
	chars := 0
	for p := 0; p < len(s); {
		if max > 0 && chars == max {
			break
		}
		chars++
		c := s[p]
		if c < utf8.RuneSelf {
			if asciiClass[c]&class != 0 {
				// Copy the run of allowed ASCII at once, to the prefix's end.
				q := p + 1
				for q < len(s) && s[q] < utf8.RuneSelf && asciiClass[s[q]]&class != 0 && (max == 0 || chars < max) {
					q++
					if max > 0 {
						chars++
					}
				}
				b = append(b, s[p:q]...)
				p = q
				continue
			}
			if c == '%' && reserved && p+2 < len(s) && isHex(s[p+1]) && isHex(s[p+2]) {
				n := pctCharLen(s, p)
				b = append(b, s[p:p+n]...)
				p += n
				continue
			}
			b = appendPct(b, c)
			p++
			continue
		}
		r, size := decodeRune(s, p)
		if r != utf8.RuneError && st != nil && st.keep(b, r) {
			b = append(b, s[p:p+size]...)
		} else {
			for k := p; k < p+size; k++ {
				b = appendPct(b, s[k])
			}
		}
		p += size
	}
	return b
}

// encodedLen returns how long appendEncoded may make s: two bytes more
// for each byte it may encode. A value longer than the room left in the
// buffer makes it grow once to that size, not by steps that would copy
// the expansion again and again: the expansion of one long value is one
// buffer of its size and its string.
func encodedLen[T string | []byte](s T, class uint8) int {
	n := len(s)
	for k := 0; k < len(s); k++ {
		if c := s[k]; c >= utf8.RuneSelf || asciiClass[c]&class == 0 {
			n += 2
		}
	}
	return n
}

// decodeRune decodes the UTF-8 character at s[p]: U+FFFD (RuneError) with
// size 1 for a byte that is not UTF-8.
func decodeRune[T string | []byte](s T, p int) (rune, int) {
	var buf [utf8.UTFMax]byte
	n := copy(buf[:], s[p:min(p+utf8.UTFMax, len(s))])
	return utf8.DecodeRune(buf[:n])
}

// pctCharLen returns the length of the pct-encoded character at s[p]: a
// triplet, or the run of triplets that makes one UTF-8 character.
func pctCharLen[T string | []byte](s T, p int) int {
	lead := unhex(s[p+1])<<4 | unhex(s[p+2])
	var n int
	switch {
	case lead >= 0xF0:
		n = 4
	case lead >= 0xE0:
		n = 3
	case lead >= 0xC0:
		n = 2
	default:
		return 3
	}
	var buf [utf8.UTFMax]byte
	buf[0] = lead
	for k := 1; k < n; k++ {
		q := p + 3*k
		if q+2 >= len(s) || s[q] != '%' || !isHex(s[q+1]) || !isHex(s[q+2]) {
			return 3
		}
		buf[k] = unhex(s[q+1])<<4 | unhex(s[q+2])
	}
	if r, size := utf8.DecodeRune(buf[:n]); r == utf8.RuneError || size != n {
		return 3
	}
	return 3 * n
}
