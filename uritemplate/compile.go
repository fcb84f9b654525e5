package uritemplate

import (
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"
)

// Matching runs a program compiled from the template: a nondeterministic
// automaton whose transitions read the units of a URI reference (an ASCII
// character, or a percent-encoded octet) and whose states know where each
// variable's text starts and ends. It is compiled once, the first time the
// template matches, and kept with the template.
//
// The automaton recognises exactly the strings Expand writes: for each
// expression, either nothing (every variable undefined) or its first
// character and the expansions of the variables that are defined, in
// order, joined by its separator, each expansion being one of the forms
// of Appendix A of RFC 6570 (a string, cut to its prefix, a list, an
// associative array, exploded or not) in the characters its operator
// allows. Literals are read whole (see litState), so that a long literal
// costs no more than a short one however the input repeats its prefixes.

// A unit is a character of a URI reference as matching compares them:
// an ASCII character other than a "%" that begins a percent-encoding, or
// unitOctet with an octet, percent-encoded or (the IRI form of its
// encoding) a byte beyond ASCII. unitLowerHi and unitLowerLo tell a
// percent-encoding written with lower-case hex digits, which Expand writes
// only where it copies the encoding it was given.
type unit uint16

const (
	unitOctet   unit = 0x100
	unitLowerHi unit = 0x200
	unitLowerLo unit = 0x400
	unitCase         = unitLowerHi | unitLowerLo
)

// unitAt returns the unit that starts at s[p] and its length in bytes.
// With norm, the unit is normalized as RFC 3986, section 6.2.2.1 and
// 6.2.2.2, compare them: the case of hex digits ignored, the encoding of
// an unreserved character read as the character.
func unitAt(s string, p int, norm bool) (unit, int) {
	c := s[p]
	if c >= utf8.RuneSelf {
		return unitOctet | unit(c), 1
	}
	if c != '%' || p+2 >= len(s) || !isHex(s[p+1]) || !isHex(s[p+2]) {
		return unit(c), 1
	}
	o := unhex(s[p+1])<<4 | unhex(s[p+2])
	if norm {
		if o < utf8.RuneSelf && asciiClass[o]&classU != 0 {
			return unit(o), 3
		}
		return unitOctet | unit(o), 3
	}
	u := unitOctet | unit(o)
	if s[p+1] >= 'a' {
		u |= unitLowerHi
	}
	if s[p+2] >= 'a' {
		u |= unitLowerLo
	}
	return u, 3
}

// normUnit normalizes u as unitAt does with norm.
func normUnit(u unit) unit {
	if u < unitOctet {
		return u
	}
	o := byte(u)
	if o < utf8.RuneSelf && asciiClass[o]&classU != 0 {
		return unit(o)
	}
	return unitOctet | unit(o)
}

// A class is a set of units.
type class struct {
	ascii [2]uint64
	octet [4]uint64
	// anyCase: octets written with lower-case hex digits belong to the
	// class as well.
	anyCase bool
}

func (c *class) has(u unit) bool {
	if u < utf8.RuneSelf {
		return c.ascii[u>>6]>>(u&63)&1 != 0
	}
	if u&unitCase != 0 && !c.anyCase {
		return false
	}
	o := u & 0xFF
	return c.octet[o>>6]>>(o&63)&1 != 0
}

func (c *class) addChar(b byte) { c.ascii[b>>6] |= 1 << (b & 63) }

func (c *class) addOctets(lo, hi int) {
	for o := lo; o <= hi; o++ {
		c.octet[o>>6] |= 1 << (o & 63)
	}
}

// add adds the units of d to c.
func (c *class) add(d *class) {
	for i := range c.ascii {
		c.ascii[i] |= d.ascii[i]
	}
	for i := range c.octet {
		c.octet[i] |= d.octet[i]
	}
	c.anyCase = c.anyCase || d.anyCase
}

// without returns the units of c that are not in d.
func (c class) without(d *class) class {
	for i := range c.ascii {
		c.ascii[i] &^= d.ascii[i]
	}
	for i := range c.octet {
		c.octet[i] &^= d.octet[i]
	}
	if d.anyCase {
		c.anyCase = false
	}
	return c
}

// intersect returns the units in both c and d.
func (c class) intersect(d *class) class {
	for i := range c.ascii {
		c.ascii[i] &= d.ascii[i]
	}
	for i := range c.octet {
		c.octet[i] &= d.octet[i]
	}
	c.anyCase = c.anyCase && d.anyCase
	return c
}

// addUnit adds u to c; a unit with lower-case hex digits makes every
// octet of the class match in any case, a superset that only first sets
// use.
func (c *class) addUnit(u unit) {
	if u < unitOctet {
		c.addChar(byte(u))
		return
	}
	o := int(u & 0xFF)
	c.addOctets(o, o)
	if u&unitCase != 0 {
		c.anyCase = true
	}
}

// The classes of the values (Appendix A, "allow"). A value of an
// operator with the allowed set U is written in unreserved characters
// and the upper-case encodings of the other octets; one with U+R in
// unreserved and reserved characters and any encoding at all (copied as
// given), and the encodings of the other octets.
var (
	classUnreserved = func() (c class) {
		for o := 0; o < utf8.RuneSelf; o++ {
			if asciiClass[o]&classU != 0 {
				c.addChar(byte(o))
			}
		}
		for o := 0; o < 256; o++ {
			if o >= utf8.RuneSelf || asciiClass[o]&classU == 0 {
				c.addOctets(o, o)
			}
		}
		return c
	}()
	classReserved = func() (c class) {
		for o := 0; o < utf8.RuneSelf; o++ {
			if asciiClass[o]&classUR != 0 {
				c.addChar(byte(o))
			}
		}
		c.addOctets(0, 255)
		c.anyCase = true
		return c
	}()
)

// octets returns the class of the octets lo to hi, in any case.
func octets(lo, hi int) *class {
	c := &class{anyCase: true}
	c.addOctets(lo, hi)
	return c
}

type opcode uint8

const (
	opUnit  opcode = iota // read the unit arg, an ASCII character that normalization keeps
	opClass               // read a unit of the class arg
	opCount               // read a unit of the class arg as a new character of a prefix, if fewer than out1 were read
	opLit                 // read the literal arg whole
	opSplit               // go on at out and at out1
	opStart               // the text of the varspec arg starts here, or out1 bytes on
	opEnd                 // the text of the varspec arg ends here
	opMatch               // the end of the template
)

// An inst is an instruction of a program.
type inst struct {
	op   opcode
	arg  int32
	out  int32
	out1 int32
}

// A literal is a literal of the template, or a variable name, that the
// program reads whole.
type literal struct {
	text, norm   string // in URI form, and normalized (unitAt with norm)
	units, nunit []unit
	pi, npi      []int32 // the prefix functions of units and nunit (KMP)
}

// A program is a compiled template.
type program struct {
	insts   []inst
	classes []class
	lits    []literal
	start   int32
	match   int32
	nspecs  int // varspecs
	names   int // distinct names
	// scan holds, for the head of a loop over a class of units, the units
	// that the loop reads and that no way out of it reads first: a lone
	// thread there reads a run of them at once. scanOf indexes it by
	// instruction (-1 for none).
	scan   map[int32]class
	scanOf []int32
	scans  []class
	plain  [][256]bool // by scan: the bytes that are ASCII units of it
	// lowerLit: a literal has an encoding that normalization changes, so
	// that input without "%" may still match in the normalized pass.
	lowerLit bool
	auth     authority
	// head is what plainLayout compares the start of s with, and
	// headAuth where the authority starts in it.
	head     string
	headAuth int
	dfa      *dfaInfo  // nil for a program too large
	dfaOnce  sync.Once // builds dfa when first needed
	// closure holds, for the instructions a thread comes to after reading
	// (or at the start), the instructions that read next and what the
	// way to each records, in the order of readings (nil where it was not
	// computed: the machine then follows the instructions itself).
	closure [][]target
	empties []int32
	// dispatch tells, for an instruction with a closure (firstOf: the
	// index of its table, or -1) and an ASCII byte other than "%", the
	// only target that may read the byte (a literal, if it is there), or
	// -1 for none and -2 for more than one or a prefix's; -3 for
	// literals of which at most one can be there, none being the start
	// of another (the names of the variables of ";", "?" and "&").
	firstOf  []int32
	dispatch [][128]int8
	// junction marks the start of each part of the template.
	junction []bool
	// counting marks the instructions that read a character of a prefix.
	counting []bool
	// repeated tells, by name, the names that several varspecs have;
	// checks lists the expressions that hold one, whose reading must
	// agree with the others'.
	repeated []bool
	checks   []int
	// The machines of past matches, for the next: one kept aside, the
	// others in the pool, which the collector may empty.
	spare atomic.Pointer[machine]
	pool  sync.Pool
}

// program returns the compiled program of t, compiling it on first use.
func (t Template) program() *program {
	l := t.lazy
	if l == nil {
		return nil
	}
	l.once.Do(func() { l.prog = compile(t) })
	return l.prog
}

// A lazyProgram holds the program of a template once compiled; the
// template's copies share it.
type lazyProgram struct {
	once sync.Once
	prog *program
}

type compiler struct {
	t             Template
	p             *program
	classes       map[class]int32
	lits          map[string]int32
	countingInsts []int32
}

const dead = -1

func compile(t Template) *program {
	c := &compiler{t: t, p: &program{scan: map[int32]class{}}, classes: map[class]int32{}, lits: map[string]int32{}}
	p := c.p
	p.match = c.emit(inst{op: opMatch})
	next := p.match
	var junctions []int32
	for i := len(t.parts) - 1; i >= 0; i-- {
		part := &t.parts[i]
		if part.op == nil {
			next = c.lit(part.lit, next)
		} else {
			next = c.expression(part, next)
		}
		junctions = append(junctions, next)
	}
	p.start = next
	p.nspecs, p.names = len(t.specs), t.names
	p.junction = make([]bool, len(p.insts))
	for _, pc := range junctions {
		p.junction[pc] = true
	}
	p.counting = make([]bool, len(p.insts))
	for _, pc := range c.countingInsts {
		p.counting[pc] = true
	}
	c.scanClasses()
	c.closures()
	p.auth = fixedAuthority(&t)
	p.head, p.headAuth = head(&t, p)
	seen := make([]int, t.names)
	for i := range t.specs {
		seen[t.specs[i].id]++
	}
	p.repeated = make([]bool, t.names)
	for id, n := range seen {
		p.repeated[id] = n > 1
	}
	for i := range t.parts {
		if pt := &t.parts[i]; pt.op != nil {
			for _, v := range t.specs[pt.first:pt.end] {
				if p.repeated[v.id] {
					p.checks = append(p.checks, i)
					break
				}
			}
		}
	}
	return p
}

func (c *compiler) emit(in inst) int32 {
	c.p.insts = append(c.p.insts, in)
	return int32(len(c.p.insts) - 1)
}

func (c *compiler) class(cl class) int32 {
	if k, ok := c.classes[cl]; ok {
		return k
	}
	k := int32(len(c.p.classes))
	c.p.classes = append(c.p.classes, cl)
	c.classes[cl] = k
	return k
}

// split goes on at a and b; a dead branch is left out.
func (c *compiler) split(a, b int32) int32 {
	switch {
	case a == dead:
		return b
	case b == dead:
		return a
	}
	return c.emit(inst{op: opSplit, out: a, out1: b})
}

func (c *compiler) unit(b byte, next int32) int32 {
	return c.emit(inst{op: opUnit, arg: int32(b), out: next})
}

func (c *compiler) lit(s string, next int32) int32 {
	k, ok := c.lits[s]
	if !ok {
		k = int32(len(c.p.lits))
		c.lits[s] = k
		c.p.lits = append(c.p.lits, newLiteral(s))
		l := &c.p.lits[k]
		if l.norm != l.text {
			c.p.lowerLit = true
		}
	}
	return c.emit(inst{op: opLit, arg: k, out: next})
}

func newLiteral(s string) literal {
	l := literal{text: s}
	var norm strings.Builder
	for p := 0; p < len(s); {
		u, n := unitAt(s, p, false)
		l.units = append(l.units, u)
		nu := normUnit(u)
		l.nunit = append(l.nunit, nu)
		if nu < unitOctet {
			norm.WriteByte(byte(nu))
		} else {
			norm.Write(appendPct(nil, byte(nu)))
		}
		p += n
	}
	l.norm = norm.String()
	l.pi = prefixFunction(l.units)
	l.npi = prefixFunction(l.nunit)
	return l
}

// prefixFunction returns, for each i, the length of the longest proper
// prefix of u[:i+1] that is also its suffix (Knuth, Morris and Pratt).
func prefixFunction(u []unit) []int32 {
	pi := make([]int32, len(u))
	for i := 1; i < len(u); i++ {
		k := pi[i-1]
		for k > 0 && u[i] != u[k] {
			k = pi[k-1]
		}
		if u[i] == u[k] {
			k++
		}
		pi[i] = k
	}
	return pi
}

// star reads any number of units of cl, then goes on at next.
func (c *compiler) star(cl class, next int32) int32 {
	k := c.class(cl)
	loop := c.emit(inst{op: opSplit, out: next})
	body := c.emit(inst{op: opClass, arg: k, out: loop})
	c.p.insts[loop].out1 = body
	c.p.scan[loop] = cl
	return loop
}

// plus reads at least one unit of cl.
func (c *compiler) plus(cl class, next int32) int32 {
	loop := c.star(cl, next)
	return c.emit(inst{op: opClass, arg: c.class(cl), out: loop})
}

// prefixed reads at most n characters of base (section 2.4.1: a character
// is a code point; a byte that is not UTF-8 counts as one), at least one
// with nonempty. A character is an octet or unit of base counted alone,
// or a well-formed UTF-8 sequence of octets counted as one: the count
// of a string is the least over these readings, which is what Expand
// counts.
func (c *compiler) prefixed(base *class, n int, nonempty bool, next int32) int32 {
	head := c.emit(inst{op: opSplit, out: next})
	seq := func(lead *class, conts ...*class) int32 {
		pc := head
		for i := len(conts) - 1; i >= 0; i-- {
			pc = c.emit(inst{op: opClass, arg: c.class(conts[i].intersect(base)), out: pc})
			c.countingInsts = append(c.countingInsts, pc)
		}
		pc = c.emit(inst{op: opCount, arg: c.class(lead.intersect(base)), out: pc, out1: int32(n)})
		c.countingInsts = append(c.countingInsts, pc)
		return pc
	}
	c80 := octets(0x80, 0xBF)
	single := c.emit(inst{op: opCount, arg: c.class(*base), out: head, out1: int32(n)})
	c.countingInsts = append(c.countingInsts, single)
	alts := []int32{
		single,
		seq(octets(0xC2, 0xDF), c80),
		seq(octets(0xE0, 0xE0), octets(0xA0, 0xBF), c80),
		seq(func() *class { cl := octets(0xE1, 0xEC); cl.addOctets(0xEE, 0xEF); return cl }(), c80, c80),
		seq(octets(0xED, 0xED), octets(0x80, 0x9F), c80),
		seq(octets(0xF0, 0xF0), octets(0x90, 0xBF), c80, c80),
		seq(octets(0xF1, 0xF3), c80, c80, c80),
		seq(octets(0xF4, 0xF4), octets(0x80, 0x8F), c80, c80),
	}
	char := alts[len(alts)-1]
	for i := len(alts) - 2; i >= 0; i-- {
		char = c.split(alts[i], char)
	}
	c.p.insts[head].out1 = char
	if nonempty {
		return char
	}
	return head
}

// valueClass returns the class of the characters of a value of op.
func valueClass(op *operator) *class {
	if op.reserved {
		return &classReserved
	}
	return &classUnreserved
}

// with returns cl with the ASCII characters of chars added.
func with(cl *class, chars string) class {
	d := *cl
	for i := 0; i < len(chars); i++ {
		d.addChar(chars[i])
	}
	return d
}

// expression compiles the expression p, followed by next.
//
// With m variables, the states before variable i are D (none defined
// yet), S (some defined: the next writes the separator first) and, for
// the operators that write no first character (simple and "+"), Z (one
// defined, whose expansion was empty: more must follow, or the
// expression wrote nothing, which is the undefined reading). An
// expression is its first character and D[0], or nothing.
func (c *compiler) expression(p *part, next int32) int32 {
	op := p.op
	specs := c.t.specs[p.first:p.end]
	S, D, Z := next, int32(dead), int32(dead)
	for i := len(specs) - 1; i >= 0; i-- {
		k := int32(p.first + i)
		v := &specs[i]
		var take int32
		if op.named {
			// The separator and the name are one literal, which tells
			// the variables apart at once.
			take = c.variable(op, v, k, string(op.sep), false, S)
		} else {
			take = c.unit(op.sep, c.variable(op, v, k, "", false, S))
		}
		newS := c.split(take, S)
		newZ := int32(dead)
		if op.first == "" {
			newZ = c.split(take, Z)
		}
		var newD int32
		if op.first == "" {
			empty := int32(dead)
			if Z != dead && !op.named {
				empty = c.emit(inst{op: opStart, arg: k, out: c.emit(inst{op: opEnd, arg: k, out: Z})})
			}
			// An empty text first: the order of readings.
			newD = c.split(c.split(empty, c.variable(op, v, k, "", true, S)), D)
		} else {
			newD = c.split(c.variable(op, v, k, "", false, S), D)
		}
		S, D, Z = newS, newD, newZ
	}
	if op.first != "" {
		return c.split(c.unit(op.first[0], D), next)
	}
	return c.split(D, next)
}

// variable compiles the expansion of the varspec v (index k) with the
// operator op, followed by next: opStart, its text, opEnd. With nonempty,
// the text has at least one character. A named variable's text begins
// with its name, which sep (its operator's separator, or "") comes before
// in the same literal.
func (c *compiler) variable(op *operator, v *varspec, k int32, sep string, nonempty bool, next int32) int32 {
	end := c.emit(inst{op: opEnd, arg: k, out: next})
	var body int32
	u := valueClass(op)
	switch {
	case op.named:
		// The separator and the name are one literal; the text starts
		// after the separator.
		body = c.named(op, v, sep, end)
		return c.emit(inst{op: opStart, arg: k, out: body, out1: int32(len(sep))})
	case v.prefix > 0:
		body = c.prefixed(u, v.prefix, nonempty, end)
	case op.reserved:
		// A string, a list ("," between members) or an associative
		// array, exploded or not ("," and "=" are among the reserved
		// characters): any text of the class.
		body = c.repeat(*u, nonempty, end)
	case !v.explode:
		// A string, or a list or an associative array joined by ",".
		body = c.repeat(with(u, ","), nonempty, end)
	default:
		body = c.exploded(op, nonempty, end)
	}
	return c.emit(inst{op: opStart, arg: k, out: body})
}

// exploded compiles an exploded variable of an operator without names
// and the allowed set U: a list, its members joined by the separator, or
// an associative array, key=value pairs joined by it ("=" is not in U).
// The two share their first item until a "=" tells them apart, so that
// which unit comes next decides every step but the end:
//
//	first: the first item, or key, read so far: end | c first | sep list | "=" value
//	list:  a member after a separator:            end | c list | sep list
//	value: a value:                               end | c value | sep key
//	key:   a key after a separator:               c key | "=" value
//
// With ".", which is in U, a "." in the first item is a character, the
// same strings as a separator would read.
func (c *compiler) exploded(op *operator, nonempty bool, end int32) int32 {
	u := &classUnreserved
	cu := c.class(*u)
	value := c.emit(inst{op: opSplit, out: end})
	key := c.emit(inst{op: opSplit})
	c.p.insts[key].out = c.emit(inst{op: opClass, arg: cu, out: key})
	c.p.insts[key].out1 = c.unit('=', value)
	c.p.insts[value].out1 = c.split(c.emit(inst{op: opClass, arg: cu, out: value}), c.unit(op.sep, key))
	c.p.scan[value] = *u
	list := c.star(with(u, string(op.sep)), end)
	first := c.emit(inst{op: opSplit, out: end})
	toList := int32(dead)
	if !u.has(unit(op.sep)) {
		toList = c.unit(op.sep, list)
	}
	c.p.insts[first].out1 = c.split(c.split(c.emit(inst{op: opClass, arg: cu, out: first}), toList), c.unit('=', value))
	c.p.scan[first] = *u
	if !nonempty {
		return first
	}
	// At least one unit: the first leaves before it may end.
	return c.split(c.split(c.emit(inst{op: opClass, arg: cu, out: first}), toList), c.unit('=', value))
}

func (c *compiler) repeat(cl class, nonempty bool, next int32) int32 {
	if nonempty {
		return c.plus(cl, next)
	}
	return c.star(cl, next)
}

// named compiles a varspec of ";", "?" or "&": name=value, name alone for
// an empty string of ";" (ifemp), and for an exploded variable pairs
// key=value (a list's keys are its name) joined by the separator; sep
// comes first.
func (c *compiler) named(op *operator, v *varspec, sep string, end int32) int32 {
	u := valueClass(op)
	if !v.explode {
		var value int32
		if v.prefix > 0 {
			// A string: empty ("name" or "name="), or its prefix.
			value = c.prefixed(u, v.prefix, op.ifemp == "", end)
		} else {
			// A string, or a list or an associative array joined by
			// ","; for ";", "name=" is the list of one empty string.
			value = c.star(with(u, ","), end)
		}
		if op.ifemp == "" {
			return c.lit(sep+v.name, c.split(end, c.unit('=', value)))
		}
		return c.lit(sep+v.name+"=", value)
	}
	// item: key, then "=" and a value (";": a non-empty one, or neither).
	itemEnd := c.emit(inst{op: opSplit, out: end})
	var afterKey int32
	if op.ifemp == "" {
		afterKey = c.split(itemEnd, c.unit('=', c.plus(*u, itemEnd)))
	} else {
		afterKey = c.unit('=', c.star(*u, itemEnd))
	}
	item := c.star(*u, afterKey)
	c.p.insts[itemEnd].out1 = c.unit(op.sep, item)
	if sep != "" {
		return c.unit(sep[0], item)
	}
	return item
}

// scanClasses fills p.scan: for each loop head, the units of its class
// that no way out of the loop reads first.
func (c *compiler) scanClasses() {
	c.p.scanOf = make([]int32, len(c.p.insts))
	for i := range c.p.scanOf {
		c.p.scanOf[i] = -1
	}
	for pc := range c.p.insts {
		cl, ok := c.p.scan[int32(pc)]
		if !ok {
			continue
		}
		// The units that the way out, or another way on than the loop,
		// reads first.
		var first class
		seen := map[int32]bool{}
		c.firstUnits(c.p.insts[pc].out, &first, seen)
		var others func(k int32)
		others = func(k int32) {
			switch in := &c.p.insts[k]; {
			case in.op == opSplit:
				others(in.out)
				others(in.out1)
			case in.op == opClass && in.out == int32(pc) && c.p.classes[in.arg] == cl:
				// the loop itself
			default:
				c.firstUnits(k, &first, seen)
			}
		}
		others(c.p.insts[pc].out1)
		rest := cl.without(&first)
		if rest == (class{}) {
			continue
		}
		c.p.scanOf[pc] = int32(len(c.p.scans))
		c.p.scans = append(c.p.scans, rest)
		var plain [256]bool
		for b := range utf8.RuneSelf {
			plain[b] = b != '%' && rest.has(unit(b))
		}
		c.p.plain = append(c.p.plain, plain)
	}
	c.p.scan = nil
}

// firstUnits adds to first the units that the instructions reached from
// pc without reading read first (a superset for literals: their first
// unit exact and normalized).
func (c *compiler) firstUnits(pc int32, first *class, seen map[int32]bool) {
	for !seen[pc] {
		seen[pc] = true
		in := &c.p.insts[pc]
		switch in.op {
		case opUnit:
			first.addUnit(unit(in.arg))
			return
		case opClass, opCount:
			first.add(&c.p.classes[in.arg])
			return
		case opLit:
			l := &c.p.lits[in.arg]
			first.addUnit(l.units[0])
			first.addUnit(l.nunit[0])
			return
		case opMatch:
			return
		case opSplit:
			c.firstUnits(in.out1, first, seen)
		}
		pc = in.out
	}
}

// A target is an instruction that reads (or opMatch), which a thread comes
// to without reading, and what it records on the way: the end of the
// varspec it was reading (end), the empty texts of the varspecs that
// start and end on the way (empties[e0:e1]), the start of the varspec it
// then reads (after start bytes, the separator of a name), and the reset
// of its count of characters.
type target struct {
	pc     int32
	end    int32
	e0, e1 int32
	start  int8 // -1, or where the varspec's text starts after pos
	reset  bool
	// The instruction's, for the backtracking matcher: its opcode, its
	// argument, where it goes on, and the scan of that (scanOf).
	op            opcode
	arg, out, scn int32
}

// closures fills p.closure for the instructions a thread may be added at,
// within a budget of a few targets per instruction.
func (c *compiler) closures() {
	p := c.p
	p.closure = make([][]target, len(p.insts))
	entries := []int32{p.start}
	for _, in := range p.insts {
		switch in.op {
		case opUnit, opClass, opCount, opLit:
			entries = append(entries, in.out)
		}
	}
	budget := 16 * len(p.insts)
	seen := make([]int32, len(p.insts)) // the entry that last visited each
	for i := range seen {
		seen[i] = -1
	}
	for _, pc := range entries {
		if p.closure[pc] != nil {
			continue
		}
		var out []target
		out, p.empties = p.walkClosure(pc, pc, seen, out, p.empties)
		if out == nil {
			out = []target{} // no way on: the thread ends
		}
		if budget -= len(out); budget < 0 {
			// The rest is computed as needed (machine.closureOf): a
			// template of many expressions that may be empty has
			// closures as long as the expressions that follow.
			break
		}
		p.closure[pc] = out
	}
	p.firstOf = make([]int32, len(p.insts))
	for pc, ts := range p.closure {
		p.firstOf[pc] = -1
		if ts == nil || len(ts) > 127 {
			continue
		}
		var d [128]int8
		for b := range d {
			d[b] = -1
			if b == '%' {
				continue
			}
			u := unit(b)
			for i, x := range ts {
				in := &p.insts[x.pc]
				var ok bool
				switch in.op {
				case opUnit:
					ok = unit(in.arg) == u
				case opClass:
					ok = p.classes[in.arg].has(u)
				case opCount:
					ok = p.classes[in.arg].has(u)
					if ok {
						d[b] = -2 // the count decides
					}
				case opLit:
					ok = p.lits[in.arg].units[0] == u || p.lits[in.arg].nunit[0] == u
				}
				switch {
				case !ok:
				case d[b] == -1:
					d[b] = int8(i)
				default:
					d[b] = -2
				}
			}
			if d[b] == -2 && prefixFreeLits(p, ts, byte(b)) {
				d[b] = -3
			}
		}
		p.firstOf[pc] = int32(len(p.dispatch))
		p.dispatch = append(p.dispatch, d)
	}
}

// prefixFreeLits reports whether the targets of ts that may read the
// byte b are all literals, none of them the start of another.
func prefixFreeLits(p *program, ts []target, b byte) bool {
	var lits []*literal
	for _, x := range ts {
		in := &p.insts[x.pc]
		switch in.op {
		case opLit:
			l := &p.lits[in.arg]
			if l.units[0] == unit(b) || l.nunit[0] == unit(b) {
				lits = append(lits, l)
			}
			continue
		case opUnit:
			if unit(in.arg) != unit(b) {
				continue
			}
		case opClass, opCount:
			if !p.classes[in.arg].has(unit(b)) {
				continue
			}
		case opMatch:
			continue
		}
		return false
	}
	for _, a := range lits {
		for _, c := range lits {
			if a != c && (startsWith(a.units, c.units) || startsWith(a.nunit, c.nunit)) {
				return false
			}
		}
	}
	return true
}

func startsWith(a, prefix []unit) bool {
	if len(prefix) > len(a) {
		return false
	}
	for i := range prefix {
		if a[i] != prefix[i] {
			return false
		}
	}
	return true
}

// walkClosure appends to out the targets that a thread at entry comes to
// without reading, in the order of readings, and to empties the empty
// texts they record; seen marks the instructions visited, with mark,
// which differs from walk to walk.
func (p *program) walkClosure(entry, mark int32, seen []int32, out []target, empties []int32) ([]target, []int32) {
	var walk func(pc int32, x target, cur bool)
	walk = func(pc int32, x target, cur bool) {
		for seen[pc] != mark {
			seen[pc] = mark
			in := &p.insts[pc]
			switch in.op {
			case opSplit:
				walk(in.out, x, cur)
				pc = in.out1
				continue
			case opStart:
				x.start, x.reset, cur = int8(in.out1), true, true
			case opEnd:
				x.reset = true
				if cur {
					// Started on the way: an empty text. Copy the
					// empties so far, which other ways share.
					k := int32(len(empties))
					empties = append(empties, empties[x.e0:x.e1]...)
					empties = append(empties, in.arg)
					x.e0, x.e1 = k, int32(len(empties))
				} else {
					x.end = in.arg
				}
				x.start, cur = -1, false
			default:
				x.pc = pc
				x.op, x.arg, x.out, x.scn = in.op, in.arg, in.out, -1
				if in.op != opMatch {
					x.scn = p.scanOf[in.out]
				}
				out = append(out, x)
				return
			}
			pc = in.out
		}
	}
	walk(entry, target{end: -1, start: -1}, false)
	return out, empties
}
