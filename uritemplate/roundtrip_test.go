package uritemplate

import (
	"math/rand"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/iri-go/iri"
)

// genLiterals are the literals genCase puts around expressions: none,
// delimiters, and the start of an authority.
var genLiterals = []string{"", "/", "x", ".", "-", "/a/", ",", "=", "?", "http://h", "http://h/"}

// genCase builds, from shape, a template of one or two expressions, each
// of any operator with one or two variables, each variable with no
// modifier, an explode modifier or a prefix, literals around them, and
// values for it made of a and b: strings, the empty string, lists,
// associative arrays, a number, or none.
func genCase(shape []byte, a, b string) (string, map[string]any) {
	next := func() int {
		if len(shape) == 0 {
			return 0
		}
		c := shape[0]
		shape = shape[1:]
		return int(c)
	}
	const ops = "\x00+#./;?&"
	mods := []string{"", "*", ":1", ":3"}
	var t strings.Builder
	vars := map[string]any{}
	name := 0
	for e := 1 + next()%2; e > 0; e-- {
		t.WriteString(genLiterals[next()%len(genLiterals)])
		t.WriteByte('{')
		if op := ops[next()%len(ops)]; op != 0 {
			t.WriteByte(op)
		}
		for v := 1 + next()%2; v > 0; v-- {
			if t.String()[t.Len()-1] != '{' && !strings.ContainsRune("+#./;?&", rune(t.String()[t.Len()-1])) {
				t.WriteByte(',')
			}
			n := string(rune('a' + name))
			name++
			t.WriteString(n + mods[next()%len(mods)])
			if val := genValue(next(), a, b); val != nil {
				vars[n] = val
			}
		}
		t.WriteByte('}')
	}
	t.WriteString(genLiterals[next()%len(genLiterals)])
	return t.String(), vars
}

func genValue(k int, a, b string) any {
	switch k % 10 {
	case 1:
		return a
	case 2:
		return b
	case 3:
		return ""
	case 4:
		return []string{a, b}
	case 5:
		return []string{""}
	case 6:
		return [][2]string{{a, b}}
	case 7:
		return [][2]string{{a, ""}, {b, a}}
	case 8:
		return a + "," + b
	case 9:
		return 42
	}
	return nil
}

// checkRoundTrip checks that MatchRaw reads the expansion of vars back as
// values that expand to exactly it, and that Match does the same for an
// IRI reference, unless it holds a dot segment or leaves the authority
// "h" that the literal begins. It reports whether the case was one.
func checkRoundTrip(t *testing.T, tmpl string, vars map[string]any) bool {
	t.Helper()
	tm, err := Parse(tmpl)
	if err != nil {
		t.Fatalf("Parse(%q): %v", tmpl, err)
	}
	s, err := tm.Expand(vars)
	if err != nil {
		return false // a prefix on a list
	}
	got, ok := tm.MatchRaw(s)
	if !ok {
		t.Fatalf("%q with %#v: MatchRaw(%q) failed", tmpl, vars, s)
	}
	if again, err := tm.Expand(got); err != nil || again != s {
		t.Fatalf("%q: MatchRaw(%q) = %#v, which expands to %q, %v", tmpl, s, got, again, err)
	}
	ref, err := iri.ParseReference(s)
	if err != nil {
		if _, ok := tm.Match(s); ok {
			t.Fatalf("%q: Match(%q), not a reference, succeeded", tmpl, s)
		}
		return true
	}
	got2, ok := tm.Match(s)
	switch {
	case ok && !reflect.DeepEqual(got, got2):
		t.Fatalf("%q: Match(%q) = %#v; MatchRaw %#v", tmpl, s, got2, got)
	case !ok && !mayRefuse(tmpl, ref):
		t.Fatalf("%q with %#v: Match(%q) refused", tmpl, vars, s)
	}
	// The IRI form reads as the URI form.
	if form, err := tm.ExpandIRI(got); err == nil && ok {
		if got3, ok3 := tm.Match(form.String()); !ok3 || !reflect.DeepEqual(got3, got) {
			t.Fatalf("%q: Match(IRI %q) = %#v, %v; Match(%q) = %#v", tmpl, form, got3, ok3, s, got)
		}
	}
	return true
}

// mayRefuse reports whether the safety rules may refuse ref: it has a dot
// segment, or the template's literal begins an authority (h) or a path
// and ref has another.
func mayRefuse(tmpl string, ref iri.IRI) bool {
	for seg := range strings.SplitSeq(ref.Path(), "/") {
		if d, _ := iri.Unescape(seg); d == "." || d == ".." {
			return true
		}
	}
	switch {
	case strings.HasPrefix(tmpl, "http://h"):
		return ref.Authority() != "h"
	case tmpl != "" && tmpl[0] != '{':
		return ref.HasAuthority()
	}
	return false
}

// TestMatchRoundTrip reads back every expansion of generated templates
// (genCase): one expression of each operator and modifier with every
// value, and a sample of two expressions with literals.
func TestMatchRoundTrip(t *testing.T) {
	values := []string{"x", "", "a/b", "é", "%41", "..", "a=b", "1,2", "?#[]@", ".a.", "%2e"}
	n := 0
	for op := range 8 {
		for mod := range 4 {
			for vi := range 10 {
				for _, a := range values {
					for _, b := range values[:3] {
						// One expression, one variable, a literal after.
						lit := (op + mod + vi + len(a)) % len(genLiterals)
						tmpl, vars := genCase([]byte{0, 0, byte(op), 0, byte(mod), byte(vi), byte(lit)}, a, b)
						if checkRoundTrip(t, tmpl, vars) {
							n++
						}
					}
				}
			}
		}
	}
	r := rand.New(rand.NewSource(6570))
	shape := make([]byte, 16)
	for range 15000 {
		r.Read(shape)
		tmpl, vars := genCase(shape, values[r.Intn(len(values))], values[r.Intn(len(values))])
		if checkRoundTrip(t, tmpl, vars) {
			n++
		}
	}
	t.Logf("%d expansions read back", n)
}

// TestMatchRoundTripMany runs the round trip on templates of many
// expressions and variables, with the values of the names repeated.
func TestMatchRoundTripMany(t *testing.T) {
	r := rand.New(rand.NewSource(3986))
	const ops = "\x00+#./;?&"
	for range 3000 {
		var b strings.Builder
		vars := map[string]any{}
		for e := 0; e < 1+r.Intn(6); e++ {
			b.WriteString(genLiterals[r.Intn(len(genLiterals))])
			b.WriteByte('{')
			if op := ops[r.Intn(len(ops))]; op != 0 {
				b.WriteByte(op)
			}
			for v := 0; v < 1+r.Intn(4); v++ {
				if v > 0 {
					b.WriteByte(',')
				}
				n := "v" + strconv.Itoa(e) + strconv.Itoa(v)
				b.WriteString(n)
				if r.Intn(3) == 0 {
					b.WriteString([]string{"*", ":2"}[r.Intn(2)])
				}
				if val := genValue(r.Intn(10), []string{"x", "a.b", "", "é/"}[r.Intn(4)], "y,z"); val != nil {
					vars[n] = val
				}
			}
			b.WriteByte('}')
		}
		checkRoundTrip(t, b.String(), vars)
	}
}

// bruteReadings returns every reading of s by the program p, as the texts
// of its varspecs, by following every way through it.
func bruteReadings(p *program, nspecs int, s string, norm bool) [][][2]int {
	var out [][][2]int
	type st struct {
		pc     int32
		pos    int
		count  int32
		vstart int
		spans  [][2]int
	}
	var rec func(x st)
	rec = func(x st) {
		in := p.insts[x.pc]
		switch in.op {
		case opMatch:
			if x.pos == len(s) {
				out = append(out, x.spans)
			}
			return
		case opSplit:
			y := x
			y.pc = in.out
			rec(y)
			y = x
			y.pc = in.out1
			rec(y)
			return
		case opStart:
			x.vstart, x.count, x.pc = x.pos+int(in.out1), 0, in.out
			rec(x)
			return
		case opEnd:
			sp := append([][2]int(nil), x.spans...)
			sp[in.arg] = [2]int{x.vstart, x.pos}
			x.spans, x.count, x.pc = sp, 0, in.out
			rec(x)
			return
		case opLit:
			l := p.lits[in.arg]
			units := l.units
			if norm {
				units = l.nunit
			}
			q := x.pos
			for _, u := range units {
				if q >= len(s) {
					return
				}
				v, w := unitAt(s, q, norm)
				if v != u {
					return
				}
				q += w
			}
			x.pos, x.pc = q, in.out
			rec(x)
			return
		}
		if x.pos >= len(s) {
			return
		}
		u, w := unitAt(s, x.pos, norm)
		switch in.op {
		case opUnit:
			want := unit(in.arg)
			if u != want {
				return
			}
		case opClass:
			if !p.classes[in.arg].has(u) {
				return
			}
		case opCount:
			if x.count >= in.out1 || !p.classes[in.arg].has(u) {
				return
			}
			x.count++
		}
		x.pos += w
		x.pc = in.out
		rec(x)
	}
	sp := make([][2]int, nspecs)
	for i := range sp {
		sp[i] = [2]int{-1, -1}
	}
	rec(st{pc: p.start, spans: sp})
	return out
}

// lessSpans reports whether the reading a comes first: at the first
// varspec where they differ, a defines it and b not, or a's text ends
// first.
func lessSpans(a, b [][2]int) bool {
	for k := range a {
		ta, tb := a[k][0] >= 0, b[k][0] >= 0
		switch {
		case ta && !tb:
			return true
		case tb && !ta:
			return false
		case ta && a[k][1] != b[k][1]:
			return a[k][1] < b[k][1]
		}
	}
	return false
}

// TestMachine compares the machine with an exhaustive search of the
// program's readings, on small templates and inputs, with the lone thread
// and without: they must find the first reading of the order Match
// documents (lessSpans), or none.
func TestMachine(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	ops := []string{"", "+", "#", ".", "/", ";", "?", "&"}
	mods := []string{"", "*", ":1", ":2"}
	lits := []string{"", "/", "x", ".", "-", "a", "aa", ",", "=", "%41", "é"}
	pieces := []string{"a", "b", "x", ",", "=", ".", "/", ";", "?", "&", "#", "%41", "%2F", "%2f", "é", "%C3%A9", "%c3%a9", "%E9", "aa", "-"}
	const iters = 10000
	decided := 0
	for iter := 0; iter < iters; iter++ {
		var tmpl string
		nexp := 1 + r.Intn(3)
		names := []string{"a", "b", "c"}
		for e := 0; e < nexp; e++ {
			if r.Intn(2) == 0 {
				tmpl += lits[r.Intn(len(lits))]
			}
			tmpl += "{" + ops[r.Intn(len(ops))]
			nv := 1 + r.Intn(2)
			for v := 0; v < nv; v++ {
				if v > 0 {
					tmpl += ","
				}
				tmpl += names[(e*2+v)%3] + mods[r.Intn(len(mods))]
			}
			tmpl += "}"
		}
		if r.Intn(2) == 0 {
			tmpl += lits[r.Intn(len(lits))]
		}
		tm, err := Parse(tmpl)
		if err != nil {
			continue
		}
		var s string
		for n := r.Intn(7); n > 0; n-- {
			s += pieces[r.Intn(len(pieces))]
		}
		p := tm.program()
		for _, norm := range []bool{false, true} {
			all := bruteReadings(p, len(tm.specs), s, norm)
			var best [][2]int
			for _, x := range all {
				if best == nil || lessSpans(x, best) {
					best = x
				}
			}
			m := p.get()
			// The deterministic automaton, which ignores prefixes' counts.
			m.reset(s, norm)
			if ok, decided := m.accepts(); decided && (ok != (best != nil) && !strings.Contains(tmpl, ":") || !ok && best != nil) {
				t.Fatalf("%q on %q (normalized %v): the automaton says %v, brute %d readings", tmpl, s, norm, ok, len(all))
			}
			// The backtracking matcher, where it decides; the machine.
			for _, noTrack := range []bool{false, true} {
				m.reset(s, norm)
				m.noTrack = noTrack
				var ok bool
				if noTrack {
					ok = m.run()
				} else {
					var done bool
					if ok, done = m.track(); !done {
						continue
					}
					decided++
				}
				m.noTrack = false
				if ok != (best != nil) {
					t.Fatalf("%q on %q (normalized %v, machine %v): %v, brute %d readings", tmpl, s, norm, noTrack, ok, len(all))
				}
				if ok && (lessSpans(best, m.spans) || lessSpans(m.spans, best)) {
					t.Fatalf("%q on %q (normalized %v, machine %v): %v, brute %v", tmpl, s, norm, noTrack, m.spans, best)
				}
			}
			p.put(m)
		}
	}
	t.Logf("track decided %d of %d", decided, 2*iters)
}
