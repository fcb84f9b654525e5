package uritemplate

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/iri-go/iri"
)

// Match reports whether s, a URI reference or an IRI reference, is an
// expansion of t, and the values that expand to it: a string, or a
// []string for a list. Variables an expansion leaves out are absent from
// the map. RFC 6570 does not define matching (section 1.4 says where it
// works); Match reads an expansion back with these rules.
//
// Characters compare as in a URI: a character beyond ASCII matches its
// UTF-8 percent-encoding, so the IRI form and the URI form of an expansion
// match alike; percent-encodings match whatever the case of their hex
// digits; an encoded unreserved character ("%41") matches the character
// ("A"); an encoded reserved character ("%2F") does not match the
// character ("/"). s must be an IRI reference (iri.ParseReference), and
// literals must match in full.
//
// Each expression takes the longest run of characters its expansion may
// hold where it stands: unreserved characters, percent-encodings,
// characters beyond ASCII and its own punctuation (the separator of its
// operator, "," and "="; "+" and "#" expressions take every character).
// An expression whose operator writes a first character ("/", "?", ...)
// and does not find it there is empty. Then the run is cut:
//
//   - for ";", "?" and "&", before the first pair that carries none of
//     the expression's names ("{?a}{&b}" reads "?a=1&b=2" as a=1, b=2);
//   - for "/", before a literal that begins with "/" or another "/"
//     expression, after one segment per variable ("{/a}/x/{b}");
//   - before another literal, by giving back the literal's leading
//     characters that the expression could hold ("{name}.json" reads
//     "a.b.json" as name=a.b); a literal it could hold whole ends the
//     expression at its first occurrence after the expression's first
//     character, or at the end of s when it ends the template;
//   - at the end of the template, the run must reach the end of s.
//
// Within an expression, the variables of ";", "?" and "&" are found by
// name, in any order, and an exploded one ("{?list*}") gathers the values
// of all the pairs with its name. For the other operators the values come
// in order: each variable but the last takes one (an exploded one as many
// as leave one for each later variable), the last takes the rest. A value
// with unencoded commas is a list, except in "+" and "#" expressions; an
// exploded variable is always a list. Values are decoded, except that in
// "+" and "#" expressions the percent-encodings of unreserved and reserved
// characters stay as they are, as expansion copies them. A variable named
// several times must agree with itself: a prefix ("{var:3}") must be the
// start of the value, of the right length, and an expression that expands
// to nothing requires its variables to be undefined (or empty, where that
// expands to nothing).
//
// So Expand(Match(s)) is s, up to the case of hex digits and the encoding
// of unreserved characters. Match(Expand(v)) is v when the template is
// unambiguous and the values are plain: a template is unambiguous when
// every expression is followed by the end, by a literal whose first
// character the expression cannot hold, or by an expression whose first
// character (".", "/", ";", "?", "&" or "#") it cannot hold, or is one of
// the cuts above; and when in an expression of several variables without
// names only the last may be undefined or exploded. Values are plain when
// those of "+" and "#" expressions hold no percent-encoding of their own
// nor the literal that follows, those of "." expressions no ".", and
// those of simple and "+" expressions are not empty (an empty string
// expands to nothing there). A list of one member reads back as a string
// unless it is exploded. Associative arrays are not read back: pairs that
// do not carry the variable's name do not match.
//
// Match allocates only its result: the map, its values (a string in an
// interface is an allocation), the lists, and the values it decoded.
func (t Template) Match(s string) (map[string]any, bool) {
	if _, err := iri.ParseReference(s); err != nil {
		return nil, false
	}
	// The result is kept apart from the matcher, which then does not
	// escape with it: absent stays on the stack.
	var res map[string]any
	m := matcher{specs: t.specs, names: t.names, res: &res}
	var flags [64]uint8
	if t.names <= len(flags) {
		m.absent = flags[:t.names]
	} else {
		m.absent = make([]uint8, t.names)
	}
	pos := 0
	for i := range t.parts {
		p := &t.parts[i]
		if p.op == nil {
			end, ok := matchLiteral(p.lit, s, pos)
			if !ok {
				return nil, false
			}
			pos = end
			continue
		}
		end, ok := t.extent(i, s, pos)
		if !ok || !m.expression(p, s[pos:end]) {
			return nil, false
		}
		pos = end
	}
	if pos != len(s) || !m.consistent() {
		return nil, false
	}
	if res == nil {
		res = map[string]any{}
	}
	return res, true
}

// unitAt returns the character of s at p as Match compares them, and its
// length: an ASCII character or a percent-encoded unreserved one as
// itself, another percent-encoded octet or a byte beyond ASCII as
// 0x100|octet.
func unitAt(s string, p int) (uint16, int) {
	c := s[p]
	switch {
	case c >= utf8.RuneSelf:
		return 0x100 | uint16(c), 1
	case c == '%' && p+2 < len(s):
		o := unhex(s[p+1])<<4 | unhex(s[p+2])
		if o < utf8.RuneSelf && asciiClass[o]&classU != 0 {
			return uint16(o), 3
		}
		return 0x100 | uint16(o), 3
	}
	return uint16(c), 1
}

// unitBefore is unitAt for the character that ends at s[e-1]. In a valid
// reference, and in a literal in URI form, every "%" starts a triplet.
func unitBefore(s string, e int) (uint16, int) {
	if e >= 3 && s[e-3] == '%' {
		return unitAt(s, e-3)
	}
	return unitAt(s, e-1)
}

// matchLiteral matches the literal lit at s[p:] and returns where it ends.
func matchLiteral(lit, s string, p int) (int, bool) {
	for i := 0; i < len(lit); {
		if p >= len(s) {
			return 0, false
		}
		a, n := unitAt(lit, i)
		b, m := unitAt(s, p)
		if a != b {
			return 0, false
		}
		i, p = i+n, p+m
	}
	return p, true
}

// matchSuffix matches lit at the end of s[:e] and returns where it starts.
func matchSuffix(lit, s string, from, e int) (int, bool) {
	for i := len(lit); i > 0; {
		if e <= from {
			return 0, false
		}
		a, n := unitBefore(lit, i)
		b, m := unitBefore(s, e)
		if a != b {
			return 0, false
		}
		i, e = i-n, e-m
	}
	return e, true
}

// inRun reports whether the ASCII character c may stand, unencoded, in an
// expansion of op after its first character.
func inRun(op *operator, c byte) bool {
	if op.reserved {
		return asciiClass[c]&classUR != 0
	}
	return asciiClass[c]&classU != 0 || c == op.sep || c == ',' || c == '='
}

// extent returns the end of the expansion of the expression t.parts[i]
// that begins at s[pos], by the rules of Match.
func (t Template) extent(i int, s string, pos int) (int, bool) {
	op := t.parts[i].op
	run := pos
	if op.first != "" {
		if run == len(s) || s[run] != op.first[0] {
			return pos, true // no variable defined
		}
		run++
	}
	for run < len(s) && (s[run] >= utf8.RuneSelf || s[run] == '%' || inRun(op, s[run])) {
		if s[run] == '%' {
			run += 3
		} else {
			run++
		}
	}
	if op.named {
		if own := t.ownPairs(i, s, pos, run); own < run {
			return own, true // a pair of another expression, or a literal, follows
		}
	}
	if i+1 == len(t.parts) {
		return run, true
	}
	if next := t.parts[i+1].op; next != nil {
		if op.sep == '/' && next.first == "/" {
			return t.segments(i, s, pos, run), true
		}
		return run, true
	}
	lit := t.parts[i+1].lit
	if op.sep == '/' && lit[0] == '/' {
		return t.segments(i, s, pos, run), true
	}
	// k: the bytes of the literal's leading characters the run may hold.
	k := 0
	for k < len(lit) && (lit[k] == '%' || inRun(op, lit[k])) {
		if lit[k] == '%' {
			k += 3
		} else {
			k++
		}
	}
	switch {
	case k < len(lit):
		return matchSuffix(lit[:k], s, pos, run)
	case i+2 == len(t.parts):
		if run != len(s) {
			return 0, false
		}
		return matchSuffix(lit, s, pos, run)
	}
	// The first occurrence after the operator's first character: an
	// expression that is there is taken to have a defined variable.
	from := pos + len(op.first)
	if plain(lit) && plain(s[from:run]) {
		// Characters compare as bytes: search in linear time.
		if k := strings.Index(s[from:run], lit); k >= 0 {
			return from + k, true
		}
		return 0, false
	}
	for q := from; q <= run; {
		if _, ok := matchLiteral(lit, s, q); ok {
			return q, true
		}
		if q == run {
			break
		}
		_, n := unitAt(s, q)
		q += n
	}
	return 0, false
}

// ownPairs shortens the run s[pos:run] of the named expression t.parts[i]
// to the pairs that carry the names of its variables: "{?a}{&b}" reads
// "?a=1&b=2" as a=1, then b=2.
func (t Template) ownPairs(i int, s string, pos, run int) int {
	p := &t.parts[i]
	sep := p.op.sep
	for q := pos + 1; ; {
		end := q
		for end < run && s[end] != sep {
			end++
		}
		name, _, _ := strings.Cut(s[q:end], "=")
		if !slices.ContainsFunc(t.specs[p.first:p.end], func(v varspec) bool { return v.name == name }) {
			return max(pos, q-1) // before the separator, or the first character
		}
		if end == run {
			return run
		}
		q = end + 1
	}
}

// segments shortens the run s[pos:run] of the "/" expression t.parts[i],
// followed by another "/" expression or a literal that begins with "/",
// to one segment per variable, or all of them if one is exploded:
// "{/a}{/b}" reads "/x/y" as a=x, then b=y.
func (t Template) segments(i int, s string, pos, run int) int {
	p := &t.parts[i]
	for _, v := range t.specs[p.first:p.end] {
		if v.explode {
			return run
		}
	}
	n := p.end - p.first
	for q := pos + 1; q < run; q++ {
		if s[q] == '/' {
			if n--; n == 0 {
				return q
			}
		}
	}
	return run
}

// plain reports whether s has neither percent-encodings nor characters
// beyond ASCII: its characters compare as its bytes.
func plain(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '%' || s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// A matcher gathers the values of a match.
type matcher struct {
	specs []varspec
	names int
	res   *map[string]any
	// prefixOnly has bit id set while the value of the variable with that
	// id came from prefix modifiers only.
	prefixOnly uint64
	// absent holds, by variable id, what an expression that left a
	// variable out requires of its value: undefined, or (for a simple or
	// "+" expression of that variable alone, which expands an empty
	// string to nothing) empty.
	absent []uint8
}

const (
	mustBeUndefined uint8 = 1 << iota
	mayBeEmpty
)

// leftOut records that the expression of operator op left v out. Only a
// simple or "+" expression of one variable that expanded to nothing
// (alone) may have held an empty string: among others, an empty string
// still writes its separator.
func (m *matcher) leftOut(op *operator, v *varspec, alone bool) {
	if alone && op.first == "" && !op.named && m.absent[v.id] == 0 {
		m.absent[v.id] = mustBeUndefined | mayBeEmpty
		return
	}
	m.absent[v.id] = mustBeUndefined
}

// consistent reports whether the variables that expressions left out are
// undefined, or empty where that expands to nothing.
func (m *matcher) consistent() bool {
	for i := range m.specs {
		v := &m.specs[i]
		a := m.absent[v.id]
		if a == 0 {
			continue
		}
		val, ok := (*m.res)[v.name]
		if ok && !(a&mayBeEmpty != 0 && val == "") {
			return false
		}
	}
	return true
}

// expression reads the expansion ext of the expression p.
func (m *matcher) expression(p *part, ext string) bool {
	op := p.op
	if ext == "" {
		for k := p.first; k < p.end; k++ {
			m.leftOut(op, &m.specs[k], p.end-p.first == 1)
		}
		return true
	}
	body := ext
	if op.first != "" {
		if ext[0] != op.first[0] {
			return false
		}
		body = ext[1:]
	}
	specs := m.specs[p.first:p.end]
	if op.named {
		return m.named(op, specs, body)
	}
	return m.unnamed(op, specs, body)
}

// named reads the name=value pairs of ";", "?" and "&" expressions.
func (m *matcher) named(op *operator, specs []varspec, body string) bool {
	// found marks the varspecs that have a pair, the others are left out.
	var small [1]uint64
	found := small[:]
	var smallPairs [16]int
	pairs := smallPairs[:]
	if len(specs) > 64 {
		found = make([]uint64, (len(specs)+63)/64)
	}
	if len(specs) > len(pairs) {
		pairs = make([]int, len(specs))
	}
	// lists collects the members of exploded variables: their value is
	// known only once the whole expression is read.
	var lists []memberList
	prev := -1 // the varspec of the previous pair
	for item := range strings.SplitSeq(body, string(op.sep)) {
		name, val, eq := strings.Cut(item, "=")
		k := slices.IndexFunc(specs, func(v varspec) bool { return v.name == name })
		if k < 0 {
			return false
		}
		for j := k; j < len(specs); j++ {
			if specs[j].name == name {
				found[j/64] |= 1 << (j % 64)
			}
		}
		v := &specs[k]
		switch {
		case !eq && op.ifemp != "", eq && val == "" && op.ifemp == "":
			return false // not what Expand writes for an empty value
		}
		if v.explode {
			d, ok := decode(val, false)
			if !ok || strings.IndexByte(val, ',') >= 0 {
				return false
			}
			i := slices.IndexFunc(lists, func(l memberList) bool { return l.spec == k })
			switch {
			case i < 0:
				i = len(lists)
				lists = append(lists, memberList{spec: k})
			case prev != k:
				// Expand writes a list's pairs together: these are
				// another variable's (an exploded associative array's).
				return false
			}
			lists[i].members = append(lists[i].members, d)
			prev = k
			continue
		}
		// Expand writes one pair per occurrence of the name: more are
		// another variable's (an exploded associative array's).
		pairs[k]++
		if pairs[k] > occurrences(specs, name) {
			return false
		}
		prev = k
		if !m.setValue(op, v, val) {
			return false
		}
	}
	for _, l := range lists {
		if !m.setMembers(&specs[l.spec], specs, l.members) {
			return false
		}
	}
	for k := range specs {
		if found[k/64]&(1<<(k%64)) == 0 {
			m.leftOut(op, &specs[k], false)
		}
	}
	return true
}

// unnamed reads the values of the other expressions, in order.
func (m *matcher) unnamed(op *operator, specs []varspec, body string) bool {
	items := strings.Count(body, string(op.sep)) + 1
	done := 0 // items taken
	rest := body
	for k := range specs {
		v := &specs[k]
		later := len(specs) - k - 1
		if done == items {
			m.leftOut(op, v, false)
			continue
		}
		if later == 0 {
			n := items - done
			done = items
			if v.explode {
				return m.members(op, v, rest, n)
			}
			if !op.reserved && op.sep != '.' && op.sep != ',' && strings.IndexByte(rest, op.sep) >= 0 {
				return false
			}
			return m.setValue(op, v, rest)
		}
		take := 1
		if v.explode {
			take = max(1, items-done-later)
		}
		end := 0
		for n := 0; n < take; n++ {
			if n > 0 {
				end++
			}
			if j := strings.IndexByte(rest[end:], op.sep); j >= 0 {
				end += j
			} else {
				end = len(rest)
			}
		}
		text := rest[:end]
		if end < len(rest) {
			rest = rest[end+1:]
		} else {
			rest = ""
		}
		done += take
		if v.explode {
			if !m.members(op, v, text, take) {
				return false
			}
		} else if !m.setValue(op, v, text) {
			return false
		}
	}
	return done == items
}

// members reads the n members of an exploded list, separated by op.sep.
func (m *matcher) members(op *operator, v *varspec, text string, n int) bool {
	list := make([]string, 0, max(n, 1))
	for item := range strings.SplitSeq(text, string(op.sep)) {
		if !op.reserved && strings.ContainsAny(item, ",=") {
			return false // an associative array, or not an expansion
		}
		d, ok := decode(item, op.reserved)
		if !ok {
			return false
		}
		list = append(list, d)
	}
	return m.set(v, list)
}

// setValue reads the value of a variable that is not exploded: a list if
// it has unencoded commas (not in "+" and "#" expressions).
func (m *matcher) setValue(op *operator, v *varspec, text string) bool {
	if !op.reserved && strings.IndexByte(text, ',') >= 0 {
		if v.prefix > 0 {
			return false
		}
		list := make([]string, 0, strings.Count(text, ",")+1)
		for item := range strings.SplitSeq(text, ",") {
			d, ok := decode(item, false)
			if !ok {
				return false
			}
			list = append(list, d)
		}
		return m.set(v, list)
	}
	d, ok := decode(text, op.reserved)
	if !ok {
		return false
	}
	return m.set(v, d)
}

// occurrences returns how many of specs have the name.
func occurrences(specs []varspec, name string) int {
	n := 0
	for _, s := range specs {
		if s.name == name {
			n++
		}
	}
	return n
}

// memberList holds the members a named expression gave the exploded
// variable at index spec of its varspecs.
type memberList struct {
	spec    int
	members []string
}

// setMembers records the members a named expression gave the exploded
// variable v. A name that the expression holds n times wrote its members
// n times over, so they must be n copies of one list.
func (m *matcher) setMembers(v *varspec, specs []varspec, members []string) bool {
	n := occurrences(specs, v.name)
	if len(members)%n != 0 {
		return false
	}
	one := members[:len(members)/n]
	for rest := members[len(one):]; len(rest) > 0; rest = rest[len(one):] {
		if !slices.Equal(one, rest[:len(one)]) {
			return false
		}
	}
	return m.set(v, one)
}

// set records the value of v, checking it against what other occurrences
// of the name gave.
func (m *matcher) set(v *varspec, val any) bool {
	s, isString := val.(string)
	if v.prefix > 0 && isString && utf8.RuneCountInString(s) > v.prefix {
		return false
	}
	if (*m.res) == nil {
		(*m.res) = make(map[string]any, m.names)
	}
	bit := uint64(0)
	if v.id < 64 {
		bit = 1 << v.id
	}
	old, seen := (*m.res)[v.name]
	if !seen {
		(*m.res)[v.name] = val
		if v.prefix > 0 {
			m.prefixOnly |= bit
		}
		return true
	}
	oldS, oldIsString := old.(string)
	if !isString || !oldIsString {
		a, _ := old.([]string)
		b, _ := val.([]string)
		return !isString && !oldIsString && slices.Equal(a, b)
	}
	switch {
	case s == oldS:
	case v.prefix > 0: // s is a prefix: the value must start with it
		if !isPrefix(s, oldS, v.prefix) {
			return false
		}
	case m.prefixOnly&bit != 0: // what was seen was a prefix of s
		if !isPrefix(oldS, s, utf8.RuneCountInString(oldS)) {
			return false
		}
		(*m.res)[v.name] = s
	default:
		return false
	}
	if v.prefix == 0 {
		m.prefixOnly &^= bit
	}
	return true
}

// isPrefix reports whether p is the first n characters of s, or all of s
// when it is shorter.
func isPrefix(p, s string, n int) bool {
	if !strings.HasPrefix(s, p) {
		return false
	}
	return len(p) == len(s) || utf8.RuneCountInString(p) == n
}

// decode returns text with its percent-encodings decoded. Without
// reserved, text must hold only what a U expansion writes: unreserved
// characters, percent-encodings and characters beyond ASCII. With
// reserved (U+R), the encodings of unreserved and reserved characters
// stay as they are, as U+R expansion keeps them: only what it would have
// encoded is decoded, so that the value expands back to text; text it
// cannot have written ("%2541") is refused.
func decode(text string, reserved bool) (string, bool) {
	pct := 0
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case c == '%':
			if !reserved || !keptByUR(text, i) {
				pct++
			}
			// U+R expansion keeps a triplet in a value: "%" before two
			// hex digits was not encoded, so "%25" there is not its text.
			if reserved && text[i+1:i+3] == "25" && i+4 < len(text) && isHex(text[i+3]) && isHex(text[i+4]) {
				return "", false
			}
			i += 2
		case c < utf8.RuneSelf && !reserved && asciiClass[c]&classU == 0:
			return "", false
		}
	}
	if pct == 0 {
		return text, true
	}
	b := make([]byte, 0, len(text)-2*pct)
	for i := 0; i < len(text); i++ {
		if text[i] == '%' && (!reserved || !keptByUR(text, i)) {
			b = append(b, unhex(text[i+1])<<4|unhex(text[i+2]))
			i += 2
		} else {
			b = append(b, text[i])
		}
	}
	return string(b), true
}

// keptByUR reports whether the percent-encoding at text[i] is of an
// unreserved or reserved character, which a U+R expansion writes as it
// finds it.
func keptByUR(text string, i int) bool {
	o := unhex(text[i+1])<<4 | unhex(text[i+2])
	return o < utf8.RuneSelf && asciiClass[o]&classUR != 0
}
