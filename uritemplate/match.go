package uritemplate

import (
	"strings"
	"unicode/utf8"

	"github.com/iri-go/iri"
	"github.com/iri-go/iri/internal/ascii"
	"github.com/iri-go/iri/internal/pct"
)

// Match reports whether s is an expansion of t, and returns values that
// expand to it. RFC 6570 does not define matching (section 1.4 says where
// it works); Match reads an expansion back by the rules below, and by
// default refuses what would make a router or an allow-list take one URL
// for another ([Template.MatchRaw] does not).
//
// # What matches
//
// For every string Expand writes that is an IRI reference, and that the
// safety rules below do not refuse, Match reports true, with values that
// expand to exactly that string: a string, a []string for a list, a
// [][2]string for an associative array, in the order written. Variables
// an expansion leaves out are absent from the map. Match reports false
// only for strings that no values expand to, or that the safety rules
// refuse (but see the names that appear more than once, below).
//
// Beyond the exact expansions, Match takes the forms a URI may be written
// in that compare equal (RFC 3986, section 6.2.2, and RFC 3987, section
// 3.1): the IRI form, in which characters beyond ASCII stand for their
// UTF-8 percent-encodings ("café" for "caf%C3%A9"); hex digits in lower
// case; and the encoding of an unreserved character ("%41" for "A"). The
// values it returns then expand to s up to these differences. An encoded
// reserved character ("%2F") is not the character ("/"). The pairs of a
// ";", "?" or "&" expression come in the order of its variables, as
// Expand writes them.
//
// # Which reading
//
// Where several values expand to s ("{a}{b}" on "xy"), Match takes the
// first in this order: the first variable of the template defined if it
// can be, and then its text as short as it can be, given that the rest of
// s still matches the rest of the template; then the second variable
// likewise, and so on. So an expression whose first character is there is
// defined ("/users{/id}{/action}" reads "/users/42" as id=42), an
// expression stops where what follows can begin ("{id}{.format}" reads
// "42.json" as id=42, format=json; "{+path}{?q}" reads "/a?q=1" as
// path=/a, q=1; "{name}.{ext}" reads "a.tar.gz" as name=a, ext=tar.gz),
// and a variable that is not exploded takes one item of an expression's
// list ("{x,y}" reads "1,2,3" as x=1, y=[2 3]).
//
// Within a variable's text the reading is fixed: a text with unencoded
// commas is a list ("{list}" reads "red,green" as a list), except in "+"
// and "#" expressions, where a comma may be part of a string; an exploded
// variable is a list, or an associative array when its pairs carry "="
// (operators without names; with ".", each value but the last ends at
// the first "." after its "=") or other names than its own (";", "?" and
// "&"); ";name=" is a list of one empty string, as only that expands to
// it. Values are decoded, except that in "+" and "#" expressions the
// encodings Expand copies as given (of unreserved and reserved
// characters, in lower case, or "%25" before two hex digits) stay as they
// are.
//
// A name that appears more than once is read at each place as if it were
// another variable, and then the readings must agree: the value, taken
// from one of the places (an exploded one first, then one without a
// prefix) and read as a string, a list or an associative array as the
// text allows, must expand at every place to what s holds there; so a
// prefix ("{var:3}") must begin it, and a place that expands to nothing
// needs the variable undefined (or empty, where that expands to nothing).
// Where the text between the places could be cut several ways ("{a}{a}"
// on "xyxy"), Match may miss the reading in which they agree: that search
// is the matching of back-references, which has no linear algorithm.
//
// # Safety
//
// A value of a "+" or "#" expression may hold any character of a URI: in
// a path, "/" adds segments and "?" or "#" ends the path; after the
// scheme's "//", "@" makes what came before a userinfo, ":" begins a
// port, and "/", "?" or "#" end the authority, so that
// "https://api.example.com{+x}" expands, with x = "@evil.com/", to a URL
// whose host is evil.com. A value of any operator may be "." or "..",
// which a path resolves away ("/files/{name}" with name = ".." is
// "/files/.."). Match, but not MatchRaw, refuses:
//
//   - an s that is not an IRI reference (iri.ParseReference);
//   - an s whose authority differs from the one the template's literals
//     fix. A template that begins with a literal holding "//" (after a
//     scheme or not) and a whole authority ("https://h/..."), or one that
//     the template does not go on writing ("https://h{+x}",
//     "https://h{x}", "https://h{/x}"), matches only an s with that
//     authority; after a literal that ends with ":" ("https://h:{port}/"),
//     only that authority and a port. The literal leaves the authority
//     open where a host cannot end ("https://{host}/",
//     "https://api.{domain}/", "https://user@{host}/") or where a later
//     literal goes on writing it ("https://api{n}.example.com/"). A
//     template that begins with a literal without "//" (a path, as
//     "/{+path}") matches only an s without an authority;
//   - an s with a path segment "." or ".." (written or percent-encoded)
//     that a variable's value wrote, in whole or in part.
//
// For a segment of a path, use "{x}" or "{/x}", not "{+x}".
//
// # Cost
//
// The first Match compiles t into a nondeterministic finite automaton
// over the units of a URI (an ASCII character, or an encoded octet, which
// a byte beyond ASCII stands for), whose states know where each
// variable's text starts and ends; the template and its copies keep it.
// Match first follows the automaton one way at a time, the first in the
// order of readings, backtracking where a way fails: with a template
// whose expressions are told apart by what follows them, as they mostly
// are, that finds the reading at once. Past a budget of work proportional
// to the length of s, it makes the automaton deterministic as it reads s
// (the subset construction, done lazily), which refuses in one look-up
// per unit an s that nothing matches; else it runs all the automaton's
// ways together, as Thompson's construction does, keeping of the ways in
// each state the first in the order of readings. Literals are read whole,
// found with the string search of Knuth, Morris and Pratt. So the work is
// linear in the length of s for a given template, whatever s holds; its
// factor is at most the number of states, which grows with the number of
// variables and the characters of prefixes ("{x:100}" counts them), and
// in practice a few units of work per byte. Whether s is an IRI
// reference is asked of the parser, unless s is ASCII and begins with the
// scheme and authority that the template's first literal fixes (or with
// its path), and the template reads no ASCII but the characters of a path
// and a query: the automaton's reading then answers it. Match allocates
// its result (the map, its values, as a string in an interface is an
// allocation, the lists, and the values it decoded) and the scratch space
// it keeps with the template for the next Match, and nothing else, but
// for a name that appears more than once whose places disagree, the
// values it tries. Making the result is most of the time of a Match of a
// typical template (docs/speed.md).
func (t Template) Match(s string) (map[string]any, bool) {
	return t.match(s, false, nil)
}

// MatchRaw is Match without the safety rules: it reports true for every
// string Expand writes, whether it is a URI reference or not (a byte
// beyond ASCII stands for its percent-encoding), with the values Match
// would choose, and false only for strings no values expand to (but see
// Match on the names that appear more than once). It is for matching, as
// RFC 6570 would, strings that are not used as URLs.
func (t Template) MatchRaw(s string) (map[string]any, bool) {
	return t.match(s, true, nil)
}

func (t Template) match(s string, raw bool, work *int) (map[string]any, bool) {
	p := t.program()
	if p == nil {
		if s != "" {
			return nil, false
		}
		return map[string]any{}, true
	}
	var lay layout
	if !raw {
		l, ok := p.layoutOf(s)
		if !ok {
			return nil, false
		}
		lay = l
	}
	m := p.get()
	for _, norm := range [...]bool{false, true} {
		if norm && !p.lowerLit && strings.IndexByte(s, '%') < 0 {
			break // the normalized pass would read the same units
		}
		m.reset(s, norm)
		var res map[string]any
		ok := m.run()
		if ok {
			res, ok = m.read(&t, raw, &lay)
		}
		if work != nil {
			*work += m.work
		}
		if ok {
			p.put(m)
			return res, true
		}
	}
	p.put(m)
	return nil, false
}

// read returns the values of the reading in m.spans, unless the safety rules (when
// not raw) or the agreement of repeated names refuse it.
func (m *machine) read(t *Template, raw bool, lay *layout) (map[string]any, bool) {
	specs, spans := t.specs, m.spans
	if !raw && !m.safe(spans, lay) {
		return nil, false
	}
	if len(m.p.checks) == 0 {
		// Each name once: each defined varspec is a value.
		n := 0
		for k := range spans {
			if spans[k][0] >= 0 {
				n++
			}
		}
		res := make(map[string]any, n)
		for k := range spans {
			if spans[k][0] >= 0 {
				res[specs[k].name] = m.value(&specs[k], m.s[spans[k][0]:spans[k][1]])
			}
		}
		return res, true
	}
	// The place each name is read from: the first of its best kind.
	best := m.best[:0]
	for range t.names {
		best = append(best, -1)
	}
	m.best = best
	n := 0
	for k := range specs {
		if spans[k][0] < 0 {
			continue
		}
		id := specs[k].id
		if best[id] < 0 {
			n++
			best[id] = int32(k)
		} else if m.p.repeated[id] && rank(&specs[k], spans[k]) < rank(&specs[best[id]], spans[best[id]]) {
			best[id] = int32(k)
		}
	}
	res := make(map[string]any, n)
	for _, k := range best {
		if k >= 0 {
			res[specs[k].name] = m.value(&specs[k], m.text(spans[k]))
		}
	}
	if m.agree(t, res, spans, -1) {
		return res, true
	}
	// A place of another kind (exploded or not, with a prefix or not,
	// of another operator) may give a value that agrees; one of each
	// kind is tried, so that this costs no more than a few readings.
	for id, rep := range m.p.repeated {
		if !rep {
			continue
		}
		ok := m.agree(t, res, spans, id)
		var tried uint32 // by kindOf
		for k := 0; !ok && k < len(specs); k++ {
			if specs[k].id != id || spans[k][0] < 0 || tried&kindOf(&specs[k]) != 0 {
				continue
			}
			tried |= kindOf(&specs[k])
			m.work += spans[k][1] - spans[k][0]
			val := m.value(&specs[k], m.text(spans[k]))
			if k != int(best[id]) {
				res[specs[k].name] = val
				ok = m.agree(t, res, spans, id)
			}
			// The same text read as another type: an exploded list of
			// one member is what a string writes there too (in "+", "#"
			// and ".", whose separator a string may hold, so is a list
			// of several), and a list of an even number of members not
			// exploded what an associative array writes.
			switch x := val.(type) {
			case []string:
				if len(x) == 1 && !ok {
					res[specs[k].name] = x[0]
					ok = m.agree(t, res, spans, id)
				}
				if op := specs[k].op; len(x) > 1 && specs[k].explode && (op.reserved || op.sep == '.') && !ok {
					res[specs[k].name] = m.decode(m.text(spans[k]), op.reserved)
					ok = m.agree(t, res, spans, id)
				}
				if len(x)%2 == 0 && !specs[k].explode && !ok {
					kv := make([][2]string, len(x)/2)
					for i := range kv {
						kv[i] = [2]string{x[2*i], x[2*i+1]}
					}
					res[specs[k].name] = kv
					ok = m.agree(t, res, spans, id)
				}
			}
		}
		if !ok {
			return nil, false
		}
	}
	return res, m.agree(t, res, spans, -1)
}

// kindOf returns the bit of what a place of a name reads its value as:
// its operator, exploded or not, with a prefix or not.
func kindOf(v *varspec) uint32 {
	k := 0
	for i := range operators {
		if &operators[i] == v.op {
			k = i
		}
	}
	k = 4 * k
	if v.explode {
		k += 2
	}
	if v.prefix > 0 {
		k++
	}
	return 1 << k
}

func (m *machine) text(span [2]int) string { return m.s[span[0]:span[1]] }

// rank orders the places of a repeated name, the most telling first: an
// exploded one, then one without a prefix, then a prefix by its length.
func rank(v *varspec, span [2]int) int {
	switch {
	case v.explode:
		return -2
	case v.prefix == 0:
		return -1
	}
	return 1<<30 - (span[1] - span[0])
}

// agree reports whether the expressions with a repeated name (the name
// id, or all of them with -1) expand with res to what s holds there.
func (m *machine) agree(t *Template, res map[string]any, spans [][2]int, id int) bool {
	for _, pi := range m.p.checks {
		p := &t.parts[pi]
		if id >= 0 && !hasName(t.specs[p.first:p.end], id) {
			continue
		}
		text := m.exprText(p, spans)
		// A value longer than the text cannot expand to it: it is not
		// expanded (a long value against many short places would cost
		// their product).
		least := 0
		for i := range t.specs[p.first:p.end] {
			least += minExpansion(res[t.specs[p.first+i].name], &t.specs[p.first+i])
		}
		if least > len(text) {
			return false
		}
		b, err := t.expandExpression(m.buf[:0], p, res, nil)
		if err != nil {
			return false
		}
		m.buf = b[:0]
		m.work += len(b)
		if !sameUnits(b, text, m.norm) {
			return false
		}
	}
	return true
}

// minExpansion returns a length that the expansion of the value val of v
// reaches at least: each byte of a value writes a byte or more, but a
// prefix may cut it.
func minExpansion(val any, v *varspec) int {
	if v.prefix > 0 {
		return 0
	}
	n := 0
	switch x := val.(type) {
	case string:
		n = len(x)
	case []string:
		for _, s := range x {
			n += len(s)
		}
	case [][2]string:
		for _, kv := range x {
			n += len(kv[0]) + len(kv[1])
		}
	}
	return n
}

func hasName(specs []varspec, id int) bool {
	for i := range specs {
		if specs[i].id == id {
			return true
		}
	}
	return false
}

// exprText returns the text of the expression p in the reading.
func (m *machine) exprText(p *part, spans [][2]int) string {
	first, last := -1, -1
	for k := p.first; k < p.end; k++ {
		if spans[k][0] >= 0 {
			if first < 0 {
				first = k
			}
			last = k
		}
	}
	if first < 0 {
		return ""
	}
	start := spans[first][0]
	if p.op.first != "" {
		_, w := unitBefore(m.s, start)
		start -= w
	}
	return m.s[start:spans[last][1]]
}

// unitBefore returns the unit that ends at s[e-1] and its length.
func unitBefore(s string, e int) (unit, int) {
	if e >= 3 && s[e-3] == '%' && isHex(s[e-2]) && isHex(s[e-1]) {
		return unitAt(s, e-3, false)
	}
	return unitAt(s, e-1, false)
}

// sameUnits reports whether a and b are the same units.
func sameUnits[T string | []byte](a T, b string, norm bool) bool {
	if string(a) == b {
		return true
	}
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		u, n := unitAtG(a, i, norm)
		w, k := unitAt(b, j, norm)
		if u != w {
			return false
		}
		i, j = i+n, j+k
	}
	return i == len(a) && j == len(b)
}

// unitAtG is unitAt for bytes or a string.
func unitAtG[T string | []byte](s T, p int, norm bool) (unit, int) {
	if p+2 < len(s) {
		return unitAt(string(s[p:p+3]), 0, norm)
	}
	return unitAt(string(s[p:]), 0, norm)
}

// authority is what a template's literals fix of the authority.
type authority struct {
	kind uint8  // authAny, authFixed, authPort or authNone
	text string // the authority, or (authPort) its part up to the port, in URI form
	// closed: the literal goes on after the authority (authFixed).
	closed bool
}

const (
	authAny   = iota // the literals fix nothing
	authFixed        // the authority is text
	authPort         // the authority is text and a port
	authNone         // there is no authority
)

// fixedAuthority returns what the first literal of t fixes of the
// authority (the safety rules of Match).
func fixedAuthority(t *Template) authority {
	if len(t.parts) == 0 || t.parts[0].op != nil {
		return authority{}
	}
	lit := t.parts[0].lit
	rest := lit[schemeEnd(lit):]
	if !strings.HasPrefix(rest, "//") {
		if rest == "" {
			return authority{} // a scheme, then an expression
		}
		return authority{kind: authNone} // a path
	}
	auth := rest[2:]
	if i := strings.IndexAny(auth, "/?#"); i >= 0 {
		return authority{kind: authFixed, text: auth[:i], closed: true}
	}
	// The literal ends in the authority. It leaves it open for the
	// expression that follows when it ends where a host cannot
	// ("https://{host}", "https://api.{domain}", "https://user@{host}"),
	// or before a port; or when the template writes more of the
	// authority after the expression ("https://api{n}.example.com/").
	switch {
	case auth == "" || strings.ContainsAny(auth[len(auth)-1:], ".-@"):
		return authority{}
	case auth[len(auth)-1] == ':':
		return authority{kind: authPort, text: auth}
	}
	for _, p := range t.parts[1:] {
		if p.op != nil {
			if p.op.first == "/" || p.op.first == "?" || p.op.first == "#" {
				break
			}
			continue
		}
		if !strings.ContainsAny(p.lit[:1], "/?#") {
			return authority{}
		}
		break
	}
	return authority{kind: authFixed, text: auth}
}

// schemeEnd returns the length of the scheme and ":" that begin s, or 0.
func schemeEnd(s string) int {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c|0x20 && c|0x20 <= 'z':
		case i > 0 && (isDigit(c) || c == '+' || c == '-' || c == '.'):
		case i > 0 && c == ':':
			return i + 1
		default:
			return 0
		}
	}
	return 0
}

// A layout is what the safety rules read of s, an IRI reference: its
// authority, if it has one, and where its path starts and ends.
type layout struct {
	hasAuth            bool
	auth               string
	pathStart, pathEnd int
}

// layoutOf returns the layout of s, or false if s is not an IRI reference
// (iri.ParseReference).
func (p *program) layoutOf(s string) (layout, bool) {
	if lay, ok := p.plainLayout(s); ok {
		return lay, true
	}
	return parseLayout(s)
}

// plainLayout returns the layout of s without the parser, or false if it
// cannot tell. Where s begins as the template's first literal does, with
// the scheme and authority it fixes (p.head, which parses) or with a path
// ("/", not "//"), and goes on in ASCII, the case of most inputs, the
// parser is not needed: the program reads every unit of s, and of ASCII
// it reads only characters of ipath and iquery (ipchar, "/" and "?") and
// percent-encodings (head), so that it matches only an s whose rest is
// ipath-abempty (or ipath-absolute) and iquery, an IRI reference; an s it
// does not match Match refuses either way.
func (p *program) plainLayout(s string) (layout, bool) {
	start := -1
	switch {
	case p.head == "":
		return layout{}, false
	case p.head == "/":
		if s != "" && s[0] == '/' && !strings.HasPrefix(s, "//") {
			start = 0
		}
	case strings.HasPrefix(s, p.head):
		if n := len(p.head); n == len(s) || s[n] == '/' || s[n] == '?' {
			start = n
		}
	}
	if start < 0 || ascii.IndexNonASCII(s[start:]) >= 0 {
		return layout{}, false
	}
	end := len(s)
	if q := strings.IndexByte(s[start:], '?'); q >= 0 {
		end = start + q
	}
	if start == 0 {
		return layout{pathEnd: end}, true
	}
	return layout{hasAuth: true, auth: s[p.headAuth:start], pathStart: start, pathEnd: end}, true
}

// parseLayout returns the layout of s as iri.ParseReference reads it.
func parseLayout(s string) (layout, bool) {
	ref, err := iri.ParseReference(s)
	if err != nil {
		return layout{}, false
	}
	off := 0
	if ref.IsAbsolute() {
		off = len(ref.Scheme()) + 1
	}
	lay := layout{hasAuth: ref.HasAuthority()}
	if lay.hasAuth {
		lay.auth = ref.Authority()
		off += 2 + len(lay.auth)
	}
	lay.pathStart, lay.pathEnd = off, off+len(ref.Path())
	return lay, true
}

// head returns what of the first literal of t plainLayout compares s
// with: the scheme and authority a literal fixes and closes (authFixed,
// closed), if they parse as such, or "/" for a literal that begins with a
// path, and where the authority starts in it; or "" where p reads other
// ASCII than ipath's and iquery's, or there is no such literal.
func head(t *Template, p *program) (string, int) {
	if len(t.parts) == 0 || t.parts[0].op != nil || !p.readsQuery() {
		return "", 0
	}
	lit, auth := t.parts[0].lit, p.auth
	switch {
	case auth.kind == authNone && strings.HasPrefix(lit, "/"):
		return "/", 0 // not "//": authNone
	case auth.kind != authFixed || !auth.closed:
		return "", 0
	}
	n := schemeEnd(lit) + 2
	h := lit[:n+len(auth.text)]
	if ref, err := iri.ParseReference(h); err != nil || !ref.HasAuthority() || ref.Authority() != auth.text || ref.Path() != "" {
		return "", 0
	}
	return h, n
}

// readsQuery reports whether every unit of ASCII that p reads, in either
// pass, is a character of ipath and iquery (ipchar, "/" and "?"): the
// units of ASCII text are then these characters and percent-encodings.
func (p *program) readsQuery() bool {
	var q class
	for b := range utf8.RuneSelf {
		if pct.Classes[b]&pct.ClassQuery != 0 {
			q.addChar(byte(b))
		}
	}
	for i := range p.insts {
		switch in := &p.insts[i]; in.op {
		case opUnit:
			if !q.has(unit(in.arg)) {
				return false
			}
		case opClass, opCount:
			if c := &p.classes[in.arg]; c.ascii[0]&^q.ascii[0] != 0 || c.ascii[1]&^q.ascii[1] != 0 {
				return false
			}
		case opLit:
			l := &p.lits[in.arg]
			for _, units := range [...][]unit{l.units, l.nunit} {
				for _, u := range units {
					if u < unitOctet && !q.has(u) {
						return false
					}
				}
			}
		}
	}
	return true
}

// safe applies the safety rules of Match to the reading.
func (m *machine) safe(spans [][2]int, lay *layout) bool {
	switch a := &m.p.auth; a.kind {
	case authFixed:
		// When the literal goes on past the authority, having matched
		// it fixed it.
		if !a.closed && (!lay.hasAuth || !sameUnits(a.text, lay.auth, m.norm)) {
			return false
		}
	case authPort:
		auth := lay.auth
		n := len(auth)
		for n > 0 && isDigit(auth[n-1]) {
			n--
		}
		if !lay.hasAuth || !sameUnits(a.text, auth[:n], m.norm) {
			return false
		}
	case authNone:
		if lay.hasAuth {
			return false
		}
	}
	// Only the path has segments: a value with a dot there, written or
	// encoded, may have written one.
	path := m.s[lay.pathStart:lay.pathEnd]
	if !hasDot(path) {
		return true
	}
	dots := false
	for _, sp := range spans {
		if sp[0] >= 0 && sp[0] < lay.pathEnd && hasDot(m.s[sp[0]:min(sp[1], lay.pathEnd)]) {
			dots = true
			break
		}
	}
	if !dots {
		return true
	}
	off := lay.pathStart
	k := 0 // the spans that end before the segment
	for a := 0; a <= len(path); {
		b := strings.IndexByte(path[a:], '/')
		if b < 0 {
			b = len(path)
		} else {
			b += a
		}
		if isDotSegment(path[a:b]) {
			sa, sb := off+a, off+b
			for k < len(spans) && (spans[k][0] < 0 || spans[k][0] == spans[k][1] || spans[k][1] <= sa) {
				k++
			}
			if k < len(spans) && spans[k][0] < sb {
				return false
			}
		}
		a = b + 1
	}
	return true
}

// hasDot reports whether s holds ".", or its encoding.
func hasDot(s string) bool {
	if strings.IndexByte(s, '.') >= 0 {
		return true
	}
	for i := strings.IndexByte(s, '%'); i >= 0; {
		if u, _ := unitAt(s, i, true); u == '.' {
			return true
		}
		j := strings.IndexByte(s[i+1:], '%')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return false
}

// isDotSegment reports whether seg is "." or "..", a dot written or
// encoded (RFC 3986, section 6.2.2.2: "%2E" is ".").
func isDotSegment(seg string) bool {
	dots := 0
	for i := 0; i < len(seg); {
		u, n := unitAt(seg, i, true)
		if u != '.' {
			return false
		}
		dots++
		i += n
	}
	return dots == 1 || dots == 2
}

// skipUnits returns the length of the first n units of s.
func skipUnits(s string, n int) int {
	p := 0
	for ; n > 0 && p < len(s); n-- {
		_, w := unitAt(s, p, false)
		p += w
	}
	return p
}

// value returns the value of the varspec v whose text is text.
func (m *machine) value(v *varspec, text string) any {
	op := v.op
	switch {
	case op.named:
		var rest string
		if strings.HasPrefix(text, v.name) {
			rest = text[len(v.name):]
		} else {
			rest = text[skipUnits(text, len(v.name)-2*strings.Count(v.name, "%")):]
		}
		if !v.explode {
			if rest == "" {
				return "" // ";name"
			}
			rest = rest[1:] // "="
			if rest == "" && op.ifemp == "" {
				return []string{""} // ";name=": what a list of one empty string writes
			}
			return m.listOrString(rest)
		}
		return m.namedPairs(v, text)
	case v.prefix > 0:
		return m.decode(text, op.reserved)
	case op.reserved:
		if v.explode {
			return m.split(text, ',', true)
		}
		return m.decode(text, true)
	case !v.explode:
		return m.listOrString(text)
	case strings.IndexByte(text, '=') < 0:
		return m.split(text, op.sep, false)
	}
	return m.pairs(text, op.sep)
}

// listOrString reads the text of a value that is not exploded, with the
// allowed set U: a list if it has a comma.
func (m *machine) listOrString(text string) any {
	encoded := false
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case ',':
			return m.split(text, ',', false)
		case '%':
			encoded = true
		}
	}
	if !encoded {
		return text // a byte beyond ASCII stands for its encoding
	}
	return pct.Decode(text)
}

// split returns the items of text between the separators sep, decoded.
func (m *machine) split(text string, sep byte, reserved bool) []string {
	list := make([]string, 0, strings.Count(text, string(sep))+1)
	for item := range strings.SplitSeq(text, string(sep)) {
		list = append(list, m.decode(item, reserved))
	}
	return list
}

// pairs reads the exploded associative array of an operator without
// names (allowed set U): key=value pairs joined by sep. With ".", which
// keys and values may hold, each value but the last ends at the first "."
// after its "=".
func (m *machine) pairs(text string, sep byte) [][2]string {
	n := strings.Count(text, "=")
	kv := make([][2]string, 0, n)
	key, rest, _ := strings.Cut(text, "=")
	for i := 0; i < n; i++ {
		val, next := rest, ""
		if i < n-1 {
			seg, after, _ := strings.Cut(rest, "=")
			j := strings.IndexByte(seg, sep)
			val, next, rest = seg[:j], seg[j+1:], after
		}
		kv = append(kv, [2]string{m.decode(key, false), m.decode(val, false)})
		key = next
	}
	return kv
}

// namedPairs reads an exploded varspec of ";", "?" or "&": a list when
// every pair carries its name, else an associative array.
func (m *machine) namedPairs(v *varspec, text string) any {
	sep := string(v.op.sep)
	list := true
	n := 0
	for item := range strings.SplitSeq(text, sep) {
		key, _, _ := strings.Cut(item, "=")
		list = list && sameUnits(key, v.name, m.norm)
		n++
	}
	if list {
		vals := make([]string, 0, n)
		for item := range strings.SplitSeq(text, sep) {
			_, val, _ := strings.Cut(item, "=")
			vals = append(vals, m.decode(val, false))
		}
		return vals
	}
	kv := make([][2]string, 0, n)
	for item := range strings.SplitSeq(text, sep) {
		key, val, _ := strings.Cut(item, "=")
		kv = append(kv, [2]string{m.decode(key, false), m.decode(val, false)})
	}
	return kv
}

// decode returns the value that expands to text. With the allowed set U,
// every encoding is decoded. With U+R, an encoding is decoded only where
// Expand would write it so from the decoded octets: a run of encodings in
// upper case that makes one UTF-8 character, or one of an octet that is
// neither unreserved nor reserved (but not "%25" before two hex digits,
// which Expand copies); the others stay as they are. A byte beyond ASCII
// (the IRI form) stands for its encoding in upper case.
func (m *machine) decode(text string, reserved bool) string {
	if !reserved {
		return pct.Decode(text) // every encoding, in either case
	}
	i := 0
	for i < len(text) && text[i] != '%' && text[i] < utf8.RuneSelf {
		i++
	}
	if i == len(text) {
		return text
	}
	b := make([]byte, i, len(text))
	copy(b, text[:i])
	for i < len(text) {
		c := text[i]
		if c < utf8.RuneSelf && c != '%' {
			b = append(b, c)
			i++
			continue
		}
		u, w := unitAt(text, i, m.norm)
		if u < unitOctet { // "%41" read as "A" in the normalized pass
			b = append(b, byte(u))
			i += w
			continue
		}
		n, ok := decodableR(text, i)
		if ok {
			for q := i; q < i+n; {
				u, w := unitAt(text, q, false)
				b = append(b, byte(u))
				q += w
			}
		} else {
			for q := i; q < i+n; {
				u, w := unitAt(text, q, false)
				if w == 1 {
					b = appendPct(b, byte(u))
				} else {
					b = append(b, text[q:q+w]...)
				}
				q += w
			}
		}
		i += n
	}
	return string(b)
}

// decodableR returns the length of the character of a U+R value at
// text[i], an octet unit, as Expand counts it (a run of octets that makes
// one UTF-8 character, or one octet), and whether Expand writes it so
// from its decoded octets.
func decodableR(text string, i int) (int, bool) {
	u, w := unitAt(text, i, false)
	o := byte(u)
	var buf [utf8.UTFMax]byte
	buf[0] = o
	size := 1
	switch {
	case o >= 0xF0:
		size = 4
	case o >= 0xE0:
		size = 3
	case o >= 0xC0:
		size = 2
	}
	n, upper := w, u&unitCase == 0
	if size > 1 {
		q := i + w
		k := 1
		cn, cupper := n, upper
		for ; k < size && q < len(text); k++ {
			v, vw := unitAt(text, q, false)
			if v < unitOctet {
				break
			}
			buf[k] = byte(v)
			cn += vw
			cupper = cupper && v&unitCase == 0
			q += vw
		}
		if r, rs := utf8.DecodeRune(buf[:k]); k == size && r != utf8.RuneError && rs == size {
			return cn, cupper
		}
	}
	if !upper || o < utf8.RuneSelf && asciiClass[o]&classUR != 0 {
		return n, false
	}
	if o == '%' && i+n+1 < len(text) && isHex(text[i+n]) && isHex(text[i+n+1]) {
		return n, false // Expand copies "%" before two hex digits as it is
	}
	return n, true
}
