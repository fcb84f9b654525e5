//go:build ignore

// gen turns the Unicode security data (UTS #39) and the script
// properties (UAX #24) into the compact tables of tables.go:
//
//	go run gen.go -data testdata/unicode-17.0.0
//
// It reads Scripts.txt, ScriptExtensions.txt, IdentifierStatus.txt,
// IdentifierType.txt and confusables.txt, and needs nothing else.
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"log"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// scriptCodes maps the ISO 15924 codes that ScriptExtensions.txt uses to
// the long names of Scripts.txt (the sc aliases of PropertyValueAliases.txt,
// which the data folder does not hold). The generator checks each name
// against Scripts.txt, and each code against the characters of its script.
var scriptCodes = map[string]string{
	"Adlm": "Adlam", "Aghb": "Caucasian_Albanian", "Arab": "Arabic", "Armn": "Armenian", "Avst": "Avestan",
	"Beng": "Bengali", "Bopo": "Bopomofo", "Bugi": "Buginese", "Buhd": "Buhid", "Cakm": "Chakma",
	"Cari": "Carian", "Cher": "Cherokee", "Copt": "Coptic", "Cpmn": "Cypro_Minoan", "Cprt": "Cypriot",
	"Cyrl": "Cyrillic", "Deva": "Devanagari", "Dogr": "Dogra", "Dupl": "Duployan", "Elba": "Elbasan",
	"Ethi": "Ethiopic", "Gara": "Garay", "Geor": "Georgian", "Glag": "Glagolitic", "Gong": "Gunjala_Gondi",
	"Gonm": "Masaram_Gondi", "Goth": "Gothic", "Gran": "Grantha", "Grek": "Greek", "Gujr": "Gujarati",
	"Gukh": "Gurung_Khema", "Guru": "Gurmukhi", "Hang": "Hangul", "Hani": "Han", "Hano": "Hanunoo",
	"Hebr": "Hebrew", "Hira": "Hiragana", "Hung": "Old_Hungarian", "Java": "Javanese", "Kali": "Kayah_Li",
	"Kana": "Katakana", "Khoj": "Khojki", "Knda": "Kannada", "Kthi": "Kaithi", "Latn": "Latin",
	"Limb": "Limbu", "Lina": "Linear_A", "Linb": "Linear_B", "Lisu": "Lisu", "Lyci": "Lycian",
	"Lydi": "Lydian", "Mahj": "Mahajani", "Mand": "Mandaic", "Mani": "Manichaean", "Mero": "Meroitic_Hieroglyphs",
	"Mlym": "Malayalam", "Modi": "Modi", "Mong": "Mongolian", "Mult": "Multani", "Mymr": "Myanmar",
	"Nand": "Nandinagari", "Newa": "Newa", "Nkoo": "Nko", "Onao": "Ol_Onal", "Orkh": "Old_Turkic",
	"Orya": "Oriya", "Osge": "Osage", "Ougr": "Old_Uyghur", "Perm": "Old_Permic", "Phag": "Phags_Pa",
	"Phlp": "Psalter_Pahlavi", "Rohg": "Hanifi_Rohingya", "Runr": "Runic", "Samr": "Samaritan", "Shaw": "Shavian",
	"Shrd": "Sharada", "Sind": "Khudawadi", "Sinh": "Sinhala", "Sogd": "Sogdian", "Sunu": "Sunuwar",
	"Sylo": "Syloti_Nagri", "Syrc": "Syriac", "Tagb": "Tagbanwa", "Takr": "Takri", "Tale": "Tai_Le",
	"Taml": "Tamil", "Tang": "Tangut", "Telu": "Telugu", "Tfng": "Tifinagh", "Tglg": "Tagalog",
	"Thaa": "Thaana", "Thai": "Thai", "Tibt": "Tibetan", "Tirh": "Tirhuta", "Todr": "Todhri",
	"Toto": "Toto", "Tutg": "Tulu_Tigalari", "Yezi": "Yezidi", "Yiii": "Yi",
}

// The identifier types of IdentifierType.txt, in the order of their bits.
var identifierTypes = []string{
	"Recommended", "Inclusion", "Limited_Use", "Uncommon_Use", "Technical", "Obsolete",
	"Exclusion", "Not_XID", "Not_NFKC", "Default_Ignorable", "Deprecated",
}

const maxRune = 0x10FFFF

func main() {
	data := flag.String("data", "testdata/unicode-17.0.0", "folder of the Unicode data files")
	out := flag.String("o", "tables.go", "output file")
	flag.Parse()

	// Script: Unknown where the file says nothing (its @missing line).
	script := make([]string, maxRune+1)
	for r := range script {
		script[r] = "Unknown"
	}
	names := map[string]bool{"Unknown": true}
	// Scripts.txt splits its ranges by general category and names it in
	// the comment: marks and decimal digits come from there.
	mark := make([]bool, maxRune+1)
	digit := make([]bool, maxRune+1)
	formatChar := make([]bool, maxRune+1)
	space := make([]bool, maxRune+1)
	eachLine(*data, "Scripts.txt", func(lo, hi rune, fields []string) {
		gc := strings.Fields(fields[len(fields)-1])[0]
		for r := lo; r <= hi; r++ {
			script[r] = fields[0]
			mark[r] = gc == "Mn" || gc == "Mc" || gc == "Me"
			digit[r] = gc == "Nd"
			formatChar[r] = gc == "Cf"
			space[r] = gc == "Zs" || gc == "Zl" || gc == "Zp"
		}
		names[fields[0]] = true
	})
	for code, name := range scriptCodes {
		if !names[name] {
			log.Fatalf("script code %s: %s is not a script of Scripts.txt", code, name)
		}
	}

	// Script_Extensions, as long names; a character without a line has
	// its Script.
	scx := make([][]string, maxRune+1)
	eachLine(*data, "ScriptExtensions.txt", func(lo, hi rune, fields []string) {
		var set []string
		for _, code := range strings.Fields(fields[0]) {
			name, ok := scriptCodes[code]
			if !ok {
				log.Fatalf("ScriptExtensions.txt: unknown script code %s", code)
			}
			set = append(set, name)
		}
		for r := lo; r <= hi; r++ {
			if s := script[r]; s != "Common" && s != "Inherited" && !contains(set, s) {
				log.Fatalf("U+%04X: Script %s is not among its Script_Extensions %v: a code maps to the wrong name", r, s, set)
			}
			scx[r] = set
		}
	})

	allowed := make([]bool, maxRune+1)
	eachLine(*data, "IdentifierStatus.txt", func(lo, hi rune, fields []string) {
		if fields[0] != "Allowed" {
			log.Fatalf("IdentifierStatus.txt: status %s", fields[0])
		}
		for r := lo; r <= hi; r++ {
			allowed[r] = true
		}
	})
	types := make([]uint16, maxRune+1)
	eachLine(*data, "IdentifierType.txt", func(lo, hi rune, fields []string) {
		var bits uint16
		for _, t := range strings.Fields(fields[0]) {
			k := index(identifierTypes, t)
			if k < 0 {
				log.Fatalf("IdentifierType.txt: type %s", t)
			}
			bits |= 1 << k
		}
		for r := lo; r <= hi; r++ {
			types[r] = bits
		}
	})

	// Script names in a fixed order: Common, Inherited, Unknown first.
	var scripts []string
	for name := range names {
		if name != "Common" && name != "Inherited" && name != "Unknown" {
			scripts = append(scripts, name)
		}
	}
	sort.Strings(scripts)
	scripts = append([]string{"Common", "Inherited", "Unknown"}, scripts...)
	if len(scripts) > 192 {
		log.Fatalf("%d scripts: more than a ScriptSet holds", len(scripts))
	}

	// The distinct resolved script sets, and the ranges of characters
	// with the same properties.
	var sets []string // each a sorted, comma-joined list of script indexes
	setIndex := map[string]int{}
	setOf := func(r rune) int {
		list := scx[r]
		if list == nil {
			list = []string{script[r]}
		}
		var ks []int
		for _, name := range list {
			ks = append(ks, index(scripts, name))
		}
		sort.Ints(ks)
		key := fmt.Sprint(ks)
		k, ok := setIndex[key]
		if !ok {
			k = len(sets)
			setIndex[key] = k
			sets = append(sets, key)
		}
		return k
	}
	type props struct {
		script, set int
		allowed     bool
		types       uint16
		mark, digit bool
		simple      bool // no Script_Extensions line: the resolved set is the Script
		format      bool // general category Cf
		space       bool // general category Zs, Zl or Zp
	}
	var starts []rune
	var values []props
	for r := rune(0); r <= maxRune; r++ {
		p := props{index(scripts, script[r]), setOf(r), allowed[r], types[r], mark[r], digit[r], scx[r] == nil, formatChar[r], space[r]}
		if len(values) == 0 || values[len(values)-1] != p {
			starts = append(starts, r)
			values = append(values, p)
		}
	}
	if len(sets) >= 1<<11 {
		log.Fatalf("%d script sets: more than 11 bits", len(sets))
	}

	// Confusables: a character to its prototype.
	type mapping struct {
		from rune
		to   string
	}
	var confusables []mapping
	eachLine(*data, "confusables.txt", func(lo, hi rune, fields []string) {
		if lo != hi {
			log.Fatalf("confusables.txt: a range")
		}
		var to []rune
		for _, f := range strings.Fields(fields[0]) {
			to = append(to, parseRune(f))
		}
		confusables = append(confusables, mapping{lo, string(to)})
	})
	sort.Slice(confusables, func(a, b int) bool { return confusables[a].from < confusables[b].from })

	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by gen.go from the Unicode %s data files; DO NOT EDIT.\n\n", filepath.Base(*data))
	fmt.Fprintf(&b, "package uts39\n\n")
	fmt.Fprintf(&b, "// Version is the version of Unicode of these tables.\n")
	fmt.Fprintf(&b, "const Version = %q\n\n", strings.TrimPrefix(filepath.Base(*data), "unicode-"))
	fmt.Fprintf(&b, "// ScriptNames are the scripts of Scripts.txt: Common, Inherited and\n// Unknown, then the others by name.\nvar ScriptNames = [...]string{")
	for k, s := range scripts {
		if k%8 == 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "%q, ", s)
	}
	fmt.Fprintf(&b, "\n}\n\n")
	fmt.Fprintf(&b, "// Indexes of ScriptNames that the checks name.\nconst (\n")
	for _, s := range []string{"Common", "Inherited", "Unknown", "Latin", "Cyrillic", "Greek", "Han", "Hiragana", "Katakana", "Bopomofo", "Hangul", "Armenian"} {
		fmt.Fprintf(&b, "\tScript%s = %d\n", strings.ReplaceAll(s, "_", ""), index(scripts, s))
	}
	fmt.Fprintf(&b, ")\n\n")
	fmt.Fprintf(&b, "// scriptSets are the distinct resolved script sets (Script_Extensions,\n// or the Script alone), as bit sets of ScriptNames indexes.\nvar scriptSets = [...]ScriptSet{\n")
	for _, key := range sets {
		var set [3]uint64
		for _, f := range strings.Fields(strings.Trim(key, "[]")) {
			k, _ := strconv.Atoi(f)
			set[k/64] |= 1 << (k % 64)
		}
		fmt.Fprintf(&b, "\t{%#x, %#x, %#x},\n", set[0], set[1], set[2])
	}
	fmt.Fprintf(&b, "}\n\n")
	fmt.Fprintf(&b, "// Bits of the identifier types (IdentifierType.txt).\nconst (\n")
	for k, t := range identifierTypes {
		fmt.Fprintf(&b, "\tType%s = 1 << %d\n", strings.ReplaceAll(t, "_", ""), k)
	}
	fmt.Fprintf(&b, ")\n\n")
	fmt.Fprintf(&b, "// charRanges are the ranges of characters with the same properties, by\n// their first character: first<<40 | space<<36 | format<<35 | simple<<34 | digit<<33 | mark<<32 | script<<24 | set<<13 | allowed<<12 | types.\n")
	fmt.Fprintf(&b, "var charRanges = [...]uint64{")
	for k, start := range starts {
		v := values[k]
		a := uint64(0)
		if v.allowed {
			a = 1
		}
		bit := func(b bool) uint64 {
			if b {
				return 1
			}
			return 0
		}
		word := uint64(start)<<40 | bit(v.space)<<36 | bit(v.format)<<35 | bit(v.simple)<<34 | bit(v.digit)<<33 | bit(v.mark)<<32 | uint64(v.script)<<24 | uint64(v.set)<<13 | a<<12 | uint64(v.types)
		if k%6 == 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "%#x, ", word)
	}
	fmt.Fprintf(&b, "\n}\n\n")
	// For each block of 256 code points, the last range that starts at
	// or before it: a look-up walks forward from there.
	fmt.Fprintf(&b, "// rangeOfBlock[r>>8] is the index in charRanges of the range that holds\n// r&^0xFF; the range of r is at most a few further.\nvar rangeOfBlock = [...]uint16{")
	k := 0
	for block := 0; block <= maxRune>>8; block++ {
		for k+1 < len(starts) && starts[k+1] <= rune(block<<8) {
			k++
		}
		if block%16 == 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "%d, ", k)
	}
	fmt.Fprintf(&b, "\n}\n\n")
	fmt.Fprintf(&b, "// confusableFrom are the characters of confusables.txt, in order; the\n// prototype of confusableFrom[k] is confusableTo[confusableEnd[k-1]:confusableEnd[k]].\n")
	fmt.Fprintf(&b, "var confusableFrom = [...]int32{")
	for k, m := range confusables {
		if k%10 == 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "%#x, ", m.from)
	}
	fmt.Fprintf(&b, "\n}\n\nvar confusableEnd = [...]uint16{")
	end := 0
	var to strings.Builder
	for k, m := range confusables {
		if k%12 == 0 {
			b.WriteString("\n")
		}
		end += len(m.to)
		to.WriteString(m.to)
		fmt.Fprintf(&b, "%d, ", end)
	}
	if end >= 1<<16 {
		log.Fatal("confusable prototypes over 64 KiB")
	}
	fmt.Fprintf(&b, "\n}\n\nconst confusableTo = ")
	text := to.String()
	for len(text) > 0 {
		n := min(len(text), 64)
		for n < len(text) && text[n]&0xC0 == 0x80 {
			n++
		}
		fmt.Fprintf(&b, "%+q +\n\t", text[:n])
		text = text[n:]
	}
	b.WriteString("\"\"\n")
	src, err := format.Source(b.Bytes())
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(*out, src, 0o644); err != nil {
		log.Fatal(err)
	}
	log.Printf("%d scripts, %d script sets, %d ranges, %d confusables", len(scripts), len(sets), len(starts), len(confusables))
}

// eachLine calls f on each data line of a file: its code point range and
// its other fields, comments left out.
func eachLine(dir, name string, f func(lo, hi rune, fields []string)) {
	file, err := os.Open(filepath.Join(dir, name))
	if err != nil {
		log.Fatal(err)
	}
	defer file.Close()
	sc := bufio.NewScanner(file)
	for sc.Scan() {
		line, comment, _ := strings.Cut(sc.Text(), "#")
		if strings.TrimSpace(line) == "" {
			continue
		}
		fields := strings.Split(line, ";")
		for k := range fields {
			fields[k] = strings.TrimSpace(fields[k])
		}
		fields = append(fields, strings.TrimSpace(comment)+" ?") // the comment, last
		first, last, isRange := strings.Cut(fields[0], "..")
		lo := parseRune(first)
		hi := lo
		if isRange {
			hi = parseRune(last)
		}
		f(lo, hi, fields[1:])
	}
	if err := sc.Err(); err != nil {
		log.Fatal(err)
	}
}

func parseRune(s string) rune {
	n, err := strconv.ParseUint(strings.TrimSpace(s), 16, 32)
	if err != nil {
		log.Fatal(err)
	}
	return rune(n)
}

func index(list []string, s string) int {
	for k, x := range list {
		if x == s {
			return k
		}
	}
	return -1
}

func contains(list []string, s string) bool { return index(list, s) >= 0 }
