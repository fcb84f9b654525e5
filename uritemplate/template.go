// Package uritemplate implements URI Templates, as [RFC 6570] defines them:
// strings such as
//
//	https://api.example.com/users/{id}/repos{?type,page}
//
// that describe a range of URI references and expand to one of them given
// the values of their variables.
//
// [Parse] accepts exactly the grammar of RFC 6570, section 2, at every
// level (1 to 4: all operators, the prefix and explode modifiers), with
// erratum 6937 (an apostrophe is a literal character). Literals may hold
// any character the grammar allows, characters beyond ASCII among them
// (ucschar and iprivate, the bidirectional formatting characters that
// RFC 3987, section 4.1, keeps out of IRIs among them: expansion encodes
// them). Every rejection is an [*Error] that names the offset, the rule
// of the grammar it was reading and what is wrong; errors.Is tells its
// kind ([ErrUnclosed], [ErrOperator], [ErrVarName], [ErrPrefix],
// [ErrLiteral]).
//
// [Template.Expand] expands a template as section 3 says, into a URI
// reference: characters beyond ASCII, in literals as in values, become the
// percent-encodings of their UTF-8 octets (é becomes %C3%A9).
// [Template.ExpandIRI] gives the same expansion as an IRI (section 1.1 of
// RFC 6570 with section 3.2 of RFC 3987): characters beyond ASCII stay as
// they are where RFC 3987 allows them, so that its ToURI is exactly what
// Expand returns.
//
// # Values
//
// The values of the variables are given in a map[string]any, by name (a
// name keeps its percent-encodings: "Stra%C3%9Fe" is not "Straße"):
//
//   - nil, or a name absent from the map: undefined (section 2.3);
//   - string: a string, taken as UTF-8; bytes that are not UTF-8 are
//     percent-encoded one by one;
//   - bool, int, int8 ... int64, uint ... uint64, uintptr: formatted as
//     strconv.FormatBool, FormatInt and FormatUint do;
//   - float64, float32: strconv.FormatFloat with the shortest precision,
//     in the format 'f', or 'e' when the exponent is below -6 or at least 21
//     (as encoding/json writes numbers, so that numbers decoded from JSON
//     expand as they were written: 6 as "6", 37.76 as "37.76");
//   - json.Number: its text;
//   - []string, []any: a list, whose nil members are undefined; a list with
//     no defined member is undefined;
//   - map[string]string, map[string]any: an associative array, in the
//     sorted order of its keys; nil values are undefined, and an array with
//     no defined value is undefined;
//   - [][2]string: an associative array in the order given.
//
// The members of []any and map[string]any are any of the scalars above.
// Any other type is an error ([ErrValue]), as is a prefix modifier on a
// list or an associative array (section 2.4.1).
//
// # Matching
//
// [Template.Match] goes the other way: given a URI or IRI reference, it
// finds values that expand to it, for every expansion, in time linear in
// its length. RFC 6570 does not define matching (section 1.4 says where
// it works); the rules, among them which values Match picks where several
// expand to the same string, are those of [Template.Match]. By default,
// Match refuses an expansion whose authority is not the one the
// template's literals fix, or whose path has a "." or ".." segment that a
// value wrote; [Template.MatchRaw] matches as RFC 6570 would.
//
// [RFC 6570]: https://www.rfc-editor.org/rfc/rfc6570
package uritemplate

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/iri-go/iri/internal/pct"
	"github.com/iri-go/iri/internal/ucs"
)

// The kinds of error, for errors.Is.
var (
	// ErrUnclosed: an expression without its closing brace, or a brace
	// where none may stand (a "{" inside an expression, a "}" outside one).
	ErrUnclosed = errors.New("unbalanced brace")
	// ErrOperator: an operator that RFC 6570 reserves for future
	// extensions ("=", ",", "!", "@", "|", section 2.2) or a character in
	// the place of an operator that is none.
	ErrOperator = errors.New("unknown or reserved operator")
	// ErrVarName: an empty expression or a variable name outside the rule
	// varname (section 2.3).
	ErrVarName = errors.New("invalid variable name")
	// ErrPrefix: a prefix modifier outside 1 to 9999, or written with a
	// leading zero (section 2.4.1), or combined with an explode modifier.
	ErrPrefix = errors.New("invalid prefix modifier")
	// ErrLiteral: a character outside the rule literals (section 2.1), a
	// "%" that does not begin a percent-encoding, or bytes that are not
	// UTF-8.
	ErrLiteral = errors.New("invalid literal character")
	// ErrValue: a value of a type Expand does not know, or a prefix
	// modifier on a list or an associative array (section 2.4.1).
	ErrValue = errors.New("invalid value")
	// ErrTooLong: an expansion longer than the bound of Expand
	// ([MaxLength]) or of ExpandLimit.
	ErrTooLong = errors.New("expansion too long")
)

// An Error reports why a string is not a template, or why it could not be
// expanded with the values given, in the shape of the module's other
// errors ([iri.ParseError]): the input, an offset in it, the rule of the
// grammar being read there and the kind of error.
//
// Rule is named after the ABNF of RFC 6570, section 2: "literals" or
// "pct-encoded" outside expressions; "expression", "operator", "varname",
// "pct-encoded", "variable-list", "prefix" or "modifier-level4" inside
// them. An error of Expand has "prefix" for a prefix modifier on a list or
// an associative array, "varspec" for a value of a type Expand does not
// take, and "literals" or "expression" for the part of the template where
// the expansion passed its bound.
type Error struct {
	Input  string // the template
	Offset int    // byte offset in Input of the offending character or variable
	Rule   string // the rule being read at Offset, such as "varname"
	Err    error  // the kind: ErrUnclosed, ErrOperator, ErrVarName, ErrPrefix, ErrLiteral, ErrValue or ErrTooLong
	Detail string // what is wrong, in words
}

// Error returns a message such as
// `uritemplate: parse "{a..b}": invalid variable name at byte 3 (rule varname): "." must be followed by a letter, a digit, "_" or a percent-encoding (section 2.3)`,
// "expand" in the place of "parse" for an error of kind [ErrValue] or
// [ErrTooLong]. A long
// template is cut to the bytes around the offset, with "..." where it was
// cut.
func (e *Error) Error() string {
	verb := "parse "
	if e.Err == ErrValue || e.Err == ErrTooLong {
		verb = "expand "
	}
	kind := "error"
	if e.Err != nil {
		kind = e.Err.Error()
	}
	rule := ""
	if e.Rule != "" {
		rule = " (rule " + e.Rule + ")"
	}
	return "uritemplate: " + verb + pct.QuoteAround(e.Input, e.Offset) + ": " + kind + " at byte " + strconv.Itoa(e.Offset) + rule + ": " + e.Detail
}

// Unwrap returns the kind of error, for errors.Is.
func (e *Error) Unwrap() error { return e.Err }

// A Template is a parsed URI Template. It is immutable and safe for
// concurrent use; the zero value is the empty template, which expands to
// the empty string.
type Template struct {
	raw   string
	parts []part
	specs []varspec
	names int // distinct variable names
	lazy  *lazyProgram
}

// A part is a literal or an expression.
type part struct {
	// lit is a literal in URI form (characters beyond ASCII
	// percent-encoded, section 3.1); raw its text in the template.
	lit, raw string
	op       *operator // nil for a literal
	// specs[first:end] are the varspecs of an expression.
	first, end int
	off        int // byte offset of the part in the template
}

// A varspec is a variable of an expression and its modifier.
type varspec struct {
	name    string
	op      *operator // of its expression
	prefix  int       // 0 when none
	explode bool
	off     int // byte offset of the name in the template
	id      int // index of the name in Variables
}

// An operator holds what an expression type does, as the table of
// Appendix A of RFC 6570 gives it.
type operator struct {
	char  byte   // the operator character, 0 for simple string expansion
	first string // appended first when a variable is defined
	sep   byte   // between the expansions of defined variables
	named bool   // name=value pairs
	ifemp string // appended to a name whose value is empty
	// reserved: the allowed set is unreserved / reserved / pct-encoded
	// (U+R); else only unreserved (U).
	reserved bool
}

// operators is the table of Appendix A, indexed by operator character.
var operators = [...]operator{
	{char: 0, first: "", sep: ',', named: false, ifemp: "", reserved: false},
	{char: '+', first: "", sep: ',', named: false, ifemp: "", reserved: true},
	{char: '.', first: ".", sep: '.', named: false, ifemp: "", reserved: false},
	{char: '/', first: "/", sep: '/', named: false, ifemp: "", reserved: false},
	{char: ';', first: ";", sep: ';', named: true, ifemp: "", reserved: false},
	{char: '?', first: "?", sep: '&', named: true, ifemp: "=", reserved: false},
	{char: '&', first: "&", sep: '&', named: true, ifemp: "=", reserved: false},
	{char: '#', first: "#", sep: ',', named: false, ifemp: "", reserved: true},
}

// Parse parses s as a URI Template: the rule URI-Template of RFC 6570,
// section 2, at level 4, with erratum 6937. It returns an [*Error] for the
// first character no rule can take.
func Parse(s string) (Template, error) {
	t := Template{raw: s}
	// Size the slices once: at most a literal around each expression, at
	// most a varspec per comma.
	if n := strings.Count(s, "{"); n > 0 {
		t.parts = make([]part, 0, 2*n+1)
		t.specs = make([]varspec, 0, n+strings.Count(s, ","))
	}
	for p := 0; p < len(s); {
		if s[p] == '{' {
			end, err := t.parseExpression(s, p)
			if err != nil {
				return Template{}, err
			}
			p = end
			continue
		}
		end, err := scanLiteral(s, p)
		if err != nil {
			return Template{}, err
		}
		t.parts = append(t.parts, part{lit: literalURI(s[p:end]), raw: s[p:end], off: p})
		p = end
	}
	t.numberNames()
	t.lazy = &lazyProgram{}
	return t, nil
}

// numberNames gives each varspec the index of its name among the
// distinct names, in the order they first appear.
func (t *Template) numberNames() {
	var ids map[string]int // for long lists only: keep Parse linear
	if len(t.specs) > 16 {
		ids = make(map[string]int, len(t.specs))
	}
	for i := range t.specs {
		v := &t.specs[i]
		v.id = t.names
		if ids != nil {
			if id, ok := ids[v.name]; ok {
				v.id = id
			} else {
				ids[v.name] = v.id
			}
		} else {
			for _, w := range t.specs[:i] {
				if w.name == v.name {
					v.id = w.id
					break
				}
			}
		}
		if v.id == t.names {
			t.names++
		}
	}
}

// MustParse is like Parse but panics if s is not a template. It is for
// templates written in a program.
func MustParse(s string) Template {
	t, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return t
}

// newError reports what is wrong at s[off], reading the rule rule.
func newError(s string, off int, rule string, kind error, detail string) *Error {
	return &Error{Input: s, Offset: off, Rule: rule, Err: kind, Detail: detail}
}

// describeAt names the character at s[off] for an error message.
func describeAt(s string, off int) string {
	if off >= len(s) {
		return "the end of the template"
	}
	r, size := utf8.DecodeRuneInString(s[off:])
	if r == utf8.RuneError && size == 1 {
		return "byte 0x" + strconv.FormatUint(uint64(s[off]), 16) + " (not UTF-8)"
	}
	return strconv.QuoteRune(r)
}

// literalASCII tells the ASCII characters of the rule literals (RFC 6570,
// section 2.1, with erratum 6937, which adds "'"):
//
//	literals = %x21 / %x23-24 / %x26-3B / %x3D / %x3F-5B
//	         / %x5D / %x5F / %x61-7A / %x7E / ucschar / iprivate
//	         / pct-encoded
//
// They are exactly the characters of unreserved / reserved (RFC 3986,
// section 2), which section 3.1 copies to the expansion unchanged. "%" is
// handled apart.
var literalASCII = func() (t [utf8.RuneSelf]bool) {
	for c := 0x21; c <= 0x7E; c++ {
		t[c] = true
	}
	for _, c := range "\"%<>\\^`{|}" {
		t[c] = false
	}
	return t
}()

// scanLiteral returns the end of the literals that start at s[p]: the
// next "{" or the end of s.
func scanLiteral(s string, p int) (int, error) {
	for p < len(s) {
		c := s[p]
		switch {
		case c == '{':
			return p, nil
		case c == '%':
			if p+2 >= len(s) || !isHex(s[p+1]) || !isHex(s[p+2]) {
				return 0, newError(s, p, "pct-encoded", ErrLiteral, `"%" not followed by two hexadecimal digits (section 2.1)`)
			}
			p += 3
		case c < utf8.RuneSelf:
			if !literalASCII[c] {
				detail := describeAt(s, p) + " is not allowed in a literal (section 2.1)"
				if c == '}' {
					return 0, newError(s, p, "literals", ErrUnclosed, `"}" outside an expression`)
				}
				return 0, newError(s, p, "literals", ErrLiteral, detail)
			}
			p++
		default:
			r, size := utf8.DecodeRuneInString(s[p:])
			if r == utf8.RuneError && size == 1 {
				return 0, newError(s, p, "literals", ErrLiteral, describeAt(s, p))
			}
			if !ucs.IsUcschar(r) && !ucs.IsIprivate(r) {
				return 0, newError(s, p, "literals", ErrLiteral, describeAt(s, p)+" is neither ucschar nor iprivate (section 2.1)")
			}
			p += size
		}
	}
	return p, nil
}

// literalURI returns the literal lit as section 3.1 copies it to a URI
// reference: its characters beyond ASCII percent-encoded as UTF-8. The
// ASCII characters scanLiteral lets through are all unreserved or
// reserved, or begin a percent-encoding.
func literalURI(lit string) string {
	n := 0
	for i := 0; i < len(lit); i++ {
		if lit[i] >= utf8.RuneSelf {
			n++
		}
	}
	if n == 0 {
		return lit
	}
	b := make([]byte, 0, len(lit)+2*n)
	for i := 0; i < len(lit); i++ {
		if c := lit[i]; c >= utf8.RuneSelf {
			b = appendPct(b, c)
		} else {
			b = append(b, c)
		}
	}
	return string(b)
}

// parseExpression parses the expression that begins at s[open] = "{"
// (section 2.2) and returns the offset after its "}".
func (t *Template) parseExpression(s string, open int) (int, error) {
	p := open + 1
	op := &operators[0]
	if p < len(s) {
		switch c := s[p]; c {
		case '+', '#', '.', '/', ';', '?', '&':
			for k := range operators {
				if operators[k].char == c {
					op = &operators[k]
				}
			}
			p++
		case '=', ',', '!', '@', '|':
			return 0, newError(s, p, "operator", ErrOperator, strconv.QuoteRune(rune(c))+" is reserved for future extensions (section 2.2: op-reserve)")
		case '}':
			return 0, newError(s, p, "varname", ErrVarName, "empty expression (section 2.2: an expression names at least one variable)")
		default:
			if !isVarchar(s, p) {
				if c == '$' || c == '(' || c == ')' {
					return 0, newError(s, p, "operator", ErrOperator, strconv.QuoteRune(rune(c))+" is excluded from expressions (section 2.2)")
				}
				if c == '%' {
					return 0, newError(s, p, "pct-encoded", ErrVarName, `"%" not followed by two hexadecimal digits (section 2.3)`)
				}
				if c == '{' {
					return 0, newError(s, p, "expression", ErrUnclosed, `"{" inside an expression (section 3.2: expressions cannot be nested)`)
				}
				return 0, newError(s, p, "operator", ErrOperator, describeAt(s, p)+" is neither an operator nor the start of a variable name (section 2.2)")
			}
		}
	}
	first := len(t.specs)
	for {
		// varname = varchar *( ["."] varchar )
		start := p
		for {
			if !isVarchar(s, p) {
				if p == start {
					return 0, t.badVarName(s, open, p, "varname", "a variable name must start with a letter, a digit, \"_\" or a percent-encoding (section 2.3)")
				}
				return 0, t.badVarName(s, open, p, "varname", `"." must be followed by a letter, a digit, "_" or a percent-encoding (section 2.3)`)
			}
			if s[p] == '%' {
				p += 3
			} else {
				p++
			}
			for isVarchar(s, p) {
				if s[p] == '%' {
					p += 3
				} else {
					p++
				}
			}
			if p < len(s) && s[p] == '.' {
				p++
				continue
			}
			break
		}
		v := varspec{name: s[start:p], op: op, off: start}
		// modifier-level4 = prefix / explode
		if p < len(s) && s[p] == '*' {
			v.explode = true
			p++
		} else if p < len(s) && s[p] == ':' {
			p++
			d := p
			for p < len(s) && isDigit(s[p]) {
				p++
			}
			// max-length = %x31-39 0*3DIGIT ; positive integer < 10000
			switch {
			case p == d:
				return 0, newError(s, d, "prefix", ErrPrefix, describeAt(s, d)+` after ":"; a prefix is a number from 1 to 9999 (section 2.4.1)`)
			case s[d] == '0':
				return 0, newError(s, d, "prefix", ErrPrefix, "a prefix is a number from 1 to 9999, without leading zeros (section 2.4.1)")
			case p-d > 4:
				return 0, newError(s, d, "prefix", ErrPrefix, s[d:p]+" is out of range; a prefix is a number from 1 to 9999 (section 2.4.1)")
			}
			v.prefix, _ = strconv.Atoi(s[d:p])
			if p < len(s) && s[p] == '*' {
				return 0, newError(s, p, "modifier-level4", ErrPrefix, "a variable has a prefix or an explode modifier, not both (section 2.4)")
			}
		}
		t.specs = append(t.specs, v)
		if p >= len(s) {
			return 0, newError(s, open, "expression", ErrUnclosed, `"{" without its "}"`)
		}
		switch s[p] {
		case ',':
			p++
			continue
		case '}':
			t.parts = append(t.parts, part{op: op, first: first, end: len(t.specs), off: open})
			return p + 1, nil
		}
		if strings.IndexByte(s[p:], '}') < 0 {
			return 0, newError(s, open, "expression", ErrUnclosed, `"{" without its "}"`)
		}
		if s[p] == '%' {
			return 0, t.badVarName(s, open, p, "pct-encoded", `"%" not followed by two hexadecimal digits (section 2.3)`)
		}
		return 0, t.badVarName(s, open, p, "variable-list", describeAt(s, p)+" in a variable list (section 2.3: varname, then \":\" with a prefix, \"*\", \",\" or \"}\")")
	}
}

// badVarName reports the character at s[p] in the expression that opens at
// s[open], where the rule rule was being read; an expression that never
// closes is reported as such, as the first thing to fix.
func (t *Template) badVarName(s string, open, p int, rule, detail string) error {
	if strings.IndexByte(s[p:], '}') < 0 {
		return newError(s, open, "expression", ErrUnclosed, `"{" without its "}"`)
	}
	if p < len(s) && s[p] == '{' {
		return newError(s, p, "expression", ErrUnclosed, `"{" inside an expression (section 3.2: expressions cannot be nested)`)
	}
	return newError(s, p, rule, ErrVarName, detail)
}

// isVarchar reports whether s[p:] starts with a varchar:
//
//	varchar = ALPHA / DIGIT / "_" / pct-encoded
func isVarchar(s string, p int) bool {
	if p >= len(s) {
		return false
	}
	c := s[p]
	switch {
	case 'a' <= c|0x20 && c|0x20 <= 'z', isDigit(c), c == '_':
		return true
	case c == '%':
		return p+2 < len(s) && isHex(s[p+1]) && isHex(s[p+2])
	}
	return false
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// String returns the template as it was parsed.
func (t Template) String() string { return t.raw }

// Variables returns the names of the variables of t, each once, in the
// order they first appear.
func (t Template) Variables() []string {
	names := make([]string, 0, t.names)
	for _, v := range t.specs {
		if v.id == len(names) {
			names = append(names, v.name)
		}
	}
	return names
}

// Level returns the lowest level of RFC 6570, section 1.2, that has every
// expression of t: 1 for simple string expansion of one variable (and for
// a template without expressions), 2 when the "+" or "#" operators appear,
// 3 for several variables in an expression or the operators ".", "/", ";",
// "?" and "&", 4 for prefix and explode modifiers.
func (t Template) Level() int {
	level := 1
	for _, p := range t.parts {
		if p.op == nil {
			continue
		}
		l := 1
		switch p.op.char {
		case '+', '#':
			l = 2
		case '.', '/', ';', '?', '&':
			l = 3
		}
		if p.end-p.first > 1 {
			l = max(l, 3)
		}
		for _, v := range t.specs[p.first:p.end] {
			if v.prefix > 0 || v.explode {
				l = 4
			}
		}
		level = max(level, l)
	}
	return level
}

// MarshalText returns the template as written.
func (t Template) MarshalText() ([]byte, error) { return []byte(t.raw), nil }

// UnmarshalText parses text as a template.
func (t *Template) UnmarshalText(text []byte) error {
	u, err := Parse(string(text))
	if err != nil {
		return err
	}
	*t = u
	return nil
}
