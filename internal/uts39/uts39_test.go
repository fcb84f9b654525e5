package uts39

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// TestGeneratedTables runs the generator on the Unicode data, where the
// data is at hand, and checks that it writes the committed tables.
func TestGeneratedTables(t *testing.T) {
	data := filepath.Join("testdata", "unicode-17.0.0")
	if _, err := os.Stat(data); err != nil || testing.Short() {
		t.Skip("-short: the generator takes a few seconds")
	}
	out := filepath.Join(t.TempDir(), "tables.go")
	cmd := exec.Command("go", "run", "gen.go", "-data", data, "-o", out)
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("gen: %v\n%s", err, msg)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	committed, err := os.ReadFile("tables.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, committed) {
		t.Error("tables.go differs from what gen.go writes: run go generate")
	}
}

// TestPrototypeTable: every mapping of confusables.txt (the committed
// data, read here apart from the generator) is the prototype the
// generated table gives, and Prototypes yields them all, in order.
func TestPrototypeTable(t *testing.T) {
	data, err := os.ReadFile("testdata/unicode-17.0.0/confusables.txt")
	if err != nil {
		t.Fatal(err)
	}
	want := map[rune]string{}
	for _, line := range strings.Split(string(data), "\n") {
		line, _, _ = strings.Cut(line, "#")
		fields := strings.Split(line, ";")
		if len(fields) < 3 {
			continue
		}
		from, err := strconv.ParseUint(strings.TrimSpace(fields[0]), 16, 32)
		if err != nil {
			t.Fatal(err)
		}
		var to strings.Builder
		for _, h := range strings.Fields(fields[1]) {
			r, err := strconv.ParseUint(h, 16, 32)
			if err != nil {
				t.Fatal(err)
			}
			to.WriteRune(rune(r))
		}
		want[rune(from)] = to.String()
		if got, ok := Prototype(rune(from)); !ok || got != to.String() {
			t.Errorf("Prototype(%U) = %q, %v; confusables.txt says %q", rune(from), got, ok, to.String())
		}
	}
	if len(want) < 6000 {
		t.Errorf("read %d mappings", len(want))
	}
	last, n := rune(-1), 0
	for from, to := range Prototypes {
		if from <= last || want[from] != to {
			t.Fatalf("Prototypes: %U %q after %U; confusables.txt says %q", from, to, last, want[from])
		}
		last = from
		n++
	}
	if n != len(want) {
		t.Errorf("Prototypes yields %d mappings, confusables.txt has %d", n, len(want))
	}
	for range Prototypes {
		break // stops when told, or the loop panics
	}
	for _, r := range []rune{'a', 'é', 0x10FFFF, -1} {
		if to, ok := Prototype(r); ok {
			t.Errorf("Prototype(%U) = %q, which confusables.txt does not map", r, to)
		}
	}
}

// TestRanges: the ranges cover every character once, in order, each with
// the properties Of gives its characters.
func TestRanges(t *testing.T) {
	next := rune(0)
	Ranges(func(lo, hi rune, p Props) bool {
		if lo != next || hi < lo {
			t.Fatalf("range %U..%U after one that ends at %U", lo, hi, next-1)
		}
		for _, r := range []rune{lo, hi, lo + (hi-lo)/2} {
			if Of(r) != p {
				t.Fatalf("Of(%U) = %#x, its range %U..%U says %#x", r, Of(r), lo, hi, p)
			}
		}
		next = hi + 1
		return true
	})
	if next != unicode.MaxRune+1 {
		t.Errorf("the ranges end at %U", next-1)
	}
	calls := 0
	Ranges(func(rune, rune, Props) bool { calls++; return false })
	if calls != 1 {
		t.Errorf("Ranges went on after yield returned false: %d calls", calls)
	}
	if Of(-1) != Of(0xFFFD) || Of(unicode.MaxRune+1) != Of(0xFFFD) {
		t.Error("Of a value that is no character is not that of U+FFFD")
	}
}

// TestProps checks the properties of a few characters by hand, from the
// data files' own lines.
func TestProps(t *testing.T) {
	arabic := -1
	for k, name := range ScriptNames {
		if name == "Arabic" {
			arabic = k
		}
	}
	for _, tt := range []struct {
		r                                           rune
		script                                      int
		simple, allowed, mark, digit, format, space bool
		types                                       uint16
	}{
		{'a', ScriptLatin, true, true, false, false, false, false, TypeRecommended},
		{'д', ScriptCyrillic, true, true, false, false, false, false, TypeRecommended},
		{0x0301, ScriptInherited, false, true, true, false, false, false, TypeRecommended}, // COMBINING ACUTE ACCENT, with Script_Extensions
		{0x0663, arabic, false, true, false, true, false, false, TypeRecommended},          // ARABIC-INDIC DIGIT THREE
		{0x200B, ScriptCommon, true, false, false, false, true, false, TypeDefaultIgnorable},
		{0x3000, ScriptCommon, true, false, false, false, false, true, TypeNotNFKC},
		{0x01C3, ScriptLatin, true, false, false, false, false, false, TypeTechnical},
	} {
		p := Of(tt.r)
		if p.Script() != tt.script || p.Simple() != tt.simple || p.Allowed() != tt.allowed || p.Mark() != tt.mark ||
			p.Digit() != tt.digit || p.Format() != tt.format || p.Space() != tt.space || p.Types() != tt.types {
			t.Errorf("Of(%U): script %s simple %v allowed %v mark %v digit %v format %v space %v types %#x; want %s %v %v %v %v %v %v %#x",
				tt.r, ScriptNames[p.Script()], p.Simple(), p.Allowed(), p.Mark(), p.Digit(), p.Format(), p.Space(), p.Types(),
				ScriptNames[tt.script], tt.simple, tt.allowed, tt.mark, tt.digit, tt.format, tt.space, tt.types)
		}
	}
	// Resolved script sets: Han takes the augmented scripts, Hiragana
	// Japanese, Common every script; ASCII answers without the tables.
	han, hira, common := SetOf('例'), SetOf('あ'), SetOf('-')
	if !han.Has(ScriptHan) || !han.Has(ScriptHanb) || !han.Has(ScriptJpan) || !han.Has(ScriptKore) || han.Has(ScriptLatin) {
		t.Errorf("SetOf(例) = %x", han)
	}
	if !hira.Has(ScriptHiragana) || !hira.Has(ScriptJpan) || hira.Has(ScriptHanb) || hira.Has(ScriptKore) {
		t.Errorf("SetOf(あ) = %x", hira)
	}
	if common != AllScripts || SetOf('a') != Of('a').Set() || SetOf('ㄅ') != Of('ㄅ').Set() || !SetOf('ㄅ').Has(ScriptHanb) || !SetOf('한').Has(ScriptKore) {
		t.Error("SetOf of Common, ASCII, Bopomofo or Hangul")
	}
	if !han.And(hira).Has(ScriptJpan) || han.And(hira).Has(ScriptHan) || !han.And(SetOf('a')).IsEmpty() || han.IsEmpty() {
		t.Error("ScriptSet.And or IsEmpty")
	}
}

// TestScriptsAgainstGo compares the generated Script table with Go's
// unicode package: wherever both assign a script, they agree (all of them
// when both claim the same version; a version apart, Unicode moves a few
// characters between scripts, and more than 0.1% means a table is wrong).
func TestScriptsAgainstGo(t *testing.T) {
	disagree, compared := 0, 0
	for name, table := range unicode.Scripts {
		k := -1
		for j, n := range ScriptNames {
			if n == name {
				k = j
			}
		}
		if k < 0 {
			t.Errorf("unicode.Scripts has %s, the generated table does not", name)
			continue
		}
		each := func(r rune) {
			compared++
			if Of(r).Script() != k {
				disagree++
				if unicode.Version == Version {
					t.Errorf("%U: Script %s in unicode %s, %s in the tables", r, name, unicode.Version, ScriptNames[Of(r).Script()])
				}
			}
		}
		for _, rg := range table.R16 {
			for r := rune(rg.Lo); r <= rune(rg.Hi); r += rune(rg.Stride) {
				each(r)
			}
		}
		for _, rg := range table.R32 {
			for r := rune(rg.Lo); r <= rune(rg.Hi); r += rune(rg.Stride) {
				each(r)
			}
		}
	}
	if disagree*1000 > compared {
		t.Errorf("the tables and unicode %s disagree on the script of %d of %d characters", unicode.Version, disagree, compared)
	}
}
