package idn

import (
	"maps"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/iri-go/iri/internal/ascii"
	"github.com/iri-go/iri/internal/hostname"
	"github.com/iri-go/iri/internal/uts39"
	"golang.org/x/text/unicode/norm"
)

// A Protected is a list of host names to protect, such as one's own
// brands or a list of top domains (Tranco's, in ASCII form), with the
// skeletons of its names, computed once when it is made: a look-up costs
// the same with 100,000 names as with 10. It is immutable, and safe for
// use by any number of goroutines; a nil *Protected protects nothing.
type Protected struct {
	names     []string          // as given, for MarshalText
	skeletons map[string]string // a skeleton of a name, to the name as given
	keyRunes  map[rune]bool     // the characters beyond ASCII of those skeletons, for mayHold
	bloom     []uint64          // a filter of the skeletons, for quickMiss

	// For the warnings, a list made by NewProtected only: the skeletons of
	// the names' own labels (their brands, before the public suffix), and,
	// built on the first look-up that needs it, each such skeleton of 5
	// characters or more with one character left out, to the skeletons it
	// comes from.
	brands map[string][]brand
	near   *nearIndex // nil but in a list NewProtected made
}

// A nearIndex is the index of Protected.near, built once, on first use.
type nearIndex struct {
	once sync.Once
	m    map[string][]string
}

// A brand is a protected name and its public suffix, filed under the
// skeleton of its own label.
type brand struct{ suffix, name string }

// NewProtected returns the protection list of names, each a host name in
// Unicode or in punycode ("xn--mnchen-3ya.de" is münchen.de). The list
// keeps no reference to names, which the caller may change afterwards.
//
// A host that looks like one of the names is "idn-protected" (see
// Lookalike); one whose own label, before its public suffix, looks like
// that of a name under another suffix is "idn-protected-other-tld"
// (myetherwallet.co beside myetherwallet.com), and one whose own label
// looks like a name's but for one edit of their skeletons, for labels of
// 5 characters or more, is "idn-protected-near" (myetherwaliet.com):
// warnings, which Checker.CheckHost reports. The cost of a check does not
// grow with the number of names: each name is filed under its skeletons,
// and under those of its own label with a character left out, when the
// list is made.
func NewProtected(names []string) *Protected {
	p := newSkeletons(names)
	p.brands, p.near = map[string][]brand{}, new(nearIndex)
	for _, name := range names {
		own, suffix := splitBrand(displayHost(name))
		if own == "" {
			continue
		}
		for _, sk := range brandSkeletons(own) {
			p.brands[sk] = append(p.brands[sk], brand{suffix, name})
		}
	}
	return p
}

// nearIndex returns the index of the skeletons of the own labels of 5
// characters or more, each filed under itself and under each of its
// deletions, built on first use.
func (p *Protected) nearIndex() map[string][]string {
	if p.near == nil {
		return nil
	}
	p.near.once.Do(func() {
		m := map[string][]string{}
		for _, sk := range slices.Sorted(maps.Keys(p.brands)) { // the same index each time

			if utf8.RuneCountInString(sk) < minNear {
				continue
			}
			m[sk] = append(m[sk], sk)
			for _, d := range deletions(sk) {
				// Each skeleton comes once, its deletions in a row: a
				// repeated one ("aab" less either "a") is the last of
				// its list.
				if l := m[d]; len(l) == 0 || l[len(l)-1] != sk {
					m[d] = append(l, sk)
				}
			}
		}
		p.near.m = m
	})
	return p.near.m
}

// newSkeletons returns the list of names without the warnings' indexes:
// the look-alikes of Chromium's rule only, as TopDomains has them.
func newSkeletons(names []string) *Protected {
	m := make(map[string]string, 2*len(names))
	keyRunes := map[rune]bool{}
	for _, name := range names {
		for _, sk := range hostSkeletons(displayHost(name)) {
			if _, taken := m[sk]; !taken {
				m[sk] = name
			}
			for _, r := range sk {
				if r >= utf8.RuneSelf {
					keyRunes[r] = true
				}
			}
		}
	}
	return &Protected{names: slices.Clone(names), skeletons: m, keyRunes: keyRunes, bloom: newBloom(m)}
}

// MarshalText implements encoding.TextMarshaler: the names, as given to
// NewProtected, one per line. A list travels in this form (as JSON, or in
// a pipeline's serialized function) and UnmarshalText makes it again on
// the other side, which costs what NewProtected costs.
func (p *Protected) MarshalText() ([]byte, error) {
	if p == nil {
		return nil, nil
	}
	return []byte(strings.Join(p.names, "\n")), nil
}

// UnmarshalText implements encoding.TextUnmarshaler: it sets *p to
// NewProtected of the lines of text, as MarshalText writes them. Empty
// lines are left out.
func (p *Protected) UnmarshalText(text []byte) error {
	var names []string
	for line := range strings.SplitSeq(string(text), "\n") {
		if line = strings.TrimSpace(line); line != "" {
			names = append(names, line)
		}
	}
	*p = *NewProtected(names)
	return nil
}

// mayMatch is a quick test before the skeletons of a host: it reports
// false when shown, the name IDNA resolves a host to, cannot look like one
// of p's names, nor its text as written (written, whose ASCII labels may
// keep their capitals: see newLook). The skeletons of most hosts of Latin,
// Greek and Cyrillic letters are taken a character at a time and looked
// up (quickMiss); for the others, the test is on the characters of the
// last two labels (mayHold).
func (p *Protected) mayMatch(shown, written string) bool {
	if p == nil || len(p.skeletons) == 0 {
		return false
	}
	miss, settled := p.quickMiss(shown)
	switch {
	case !settled:
		return p.mayHold(shown)
	case !miss:
		return true
	case written == shown:
		return false // the same text: no capitals to read
	}
	w := hostname.WrittenCase(written, shown)
	if w == shown {
		return false
	}
	if miss, settled := p.quickMiss(capitalsAsRead(w)); settled {
		return !miss
	}
	return p.mayHold(shown)
}

// mayHold reports false when shown cannot look like one of p's names,
// because its last two labels, which every suffix that Lookalike looks
// up holds, hold a character that every skeleton keeps as it is (kept)
// and that no skeleton of p's names holds; so neither can the host as
// written, whose capitals are ASCII. Most names in scripts without Latin
// look-alikes (Han, Hangul, Arabic) stop here.
func (p *Protected) mayHold(shown string) bool {
	shown = strings.TrimSuffix(shown, ".")
	if k := strings.LastIndexByte(shown, '.'); k > 0 {
		if j := strings.LastIndexByte(shown[:k], '.'); j >= 0 {
			shown = shown[j+1:]
		}
	}
	for _, r := range shown {
		if r >= utf8.RuneSelf && !p.keyRunes[r] && kept(r) {
			return false
		}
	}
	return true
}

// kept reports whether every skeleton hostSkeletons takes keeps r as it
// is: r has no prototype in confusables.txt, no decomposition, is no mark
// (which diacritic removal drops) nor default-ignorable (which a skeleton
// drops), and Chromium maps it to nothing (chromiumMaps).
func kept(r rune) bool {
	if _, ok := uts39.Prototype(r); ok {
		return false
	}
	if p := uts39.Of(r); p.Mark() || p.Types()&uts39.TypeDefaultIgnorable != 0 {
		return false
	}
	if norm.NFD.PropertiesString(string(r)).Decomposition() != nil || 0xAC00 <= r && r <= 0xD7A3 {
		return false // Hangul syllables decompose too, by rule
	}
	return !chromiumMaps(r)
}

// Lookalike reports the protected name that host looks like, as
// Chromium's top-domain check does (its rule 12,
// components/url_formatter/spoof_checks), unless host is that name or a
// name under it. host may be written in Unicode or in punycode, in any
// case. Looks like: the skeletons of the host (UTS #39, section 4), taken
// after Chromium's own steps (diacritics removed from a host of Latin,
// Greek and Cyrillic letters; its extra look-alikes mapped, "ш" to "w",
// "০" to "o", ł to l, ø to o, đ to d, "ı" and "ӏ" to l too; "þ", "œ" and
// "ß" tried as each of their readings), are those of the name, for the
// host or one of its suffixes
// of two labels or more among its last four: gọọgle.com, gøøgle.com and
// www.łinkedin.com look like google.com and linkedin.com. The labels of
// host written in ASCII are also looked at in the case they are written
// in, which IDNA lowers: "paypaI.com", with a capital I, looks like
// paypal.com, though a browser shows it, and goes to, paypai.com.
func (p *Protected) Lookalike(host string) (name string, ok bool) {
	shown := displayHost(host)
	if !p.mayMatch(shown, host) {
		return "", false
	}
	return p.match(newLook(shown, host))
}

// A look is what Lookalike compares of a host: the name IDNA resolves, in
// Unicode and lower case, and its skeletons, with those of the host as a
// reader saw it. The checks make it once for all the lists they consult.
type look struct {
	shown string
	sks   []string
}

// newLook returns the look of a host written as written, whose name IDNA
// resolves to shown.
func newLook(shown, written string) look {
	sks := hostSkeletons(shown)
	if w := hostname.WrittenCase(written, shown); w != shown {
		// What a reader saw: "paypaI.com", with a capital I, looks like
		// paypal.com though IDNA makes it paypai.com.
		for _, sk := range hostSkeletons(capitalsAsRead(w)) {
			sks = appendNew(sks, sk)
		}
	}
	return look{shown, sks}
}

// matchIf is match where may, mayMatch's answer, says the look can match.
func (p *Protected) matchIf(may bool, l look) (string, bool) {
	if !may {
		return "", false
	}
	return p.match(l)
}

// match is Lookalike of a host's look.
func (p *Protected) match(l look) (name string, ok bool) {
	if p == nil || len(p.skeletons) == 0 {
		return "", false
	}
	for _, sk := range l.sks {
		labels := strings.Split(sk, ".")
		for n := min(len(labels), 4); n >= 2; n-- {
			name, ok := p.skeletons[strings.Join(labels[len(labels)-n:], ".")]
			if !ok {
				continue
			}
			protected := displayHost(name)
			if strings.EqualFold(l.shown, protected) || len(l.shown) > len(protected) && strings.EqualFold(l.shown[len(l.shown)-len(protected)-1:], "."+protected) {
				return "", false // the protected name itself, or a name under it
			}
			return name, true
		}
	}
	return "", false
}

// hostSkeletons returns the skeletons of a host in Unicode for the
// top-domain check: its UTS #39 skeleton, and those Chromium's skeleton
// generator takes (wholeSkeletons); from the pieces of its characters
// where the table of pieces settles the host, which costs a fraction.
func hostSkeletons(host string) []string {
	if sks, ok := pieceSkeletons(host); ok {
		return sks
	}
	return wholeSkeletons(host)
}

// wholeSkeletons returns the skeletons hostSkeletons returns, taken
// through the steps on the whole host.
func wholeSkeletons(host string) []string {
	host = strings.TrimSuffix(host, ".")
	sks := []string{Skeleton(host)}
	if ascii.IndexNonASCII(host) < 0 {
		return sks
	}
	written := host
	if isLGCHost(host) {
		host = stripDiacritics(host)
	}
	confusables, _ := chromiumReplacers()
	for _, alt := range supplementalHosts(host) {
		mapped := confusables.Replace(alt)
		sk := Skeleton(mapped)
		if mapped != written { // its skeleton is the first
			sks = appendNew(sks, sk)
		}
		sks = appendUnmarked(sks, sk)
		if strings.ContainsRune(mapped, 'ӏ') {
			// Chromium maps U+04CF to "l" beside UTS #39's "i".
			sks = appendNew(sks, Skeleton(strings.ReplaceAll(mapped, "ӏ", "l")))
		}
		if strings.ContainsRune(mapped, 'ı') {
			// And the dotless ı, since its update to Unicode 17: googıe
			// looks like google.
			sk := Skeleton(strings.ReplaceAll(mapped, "ı", "l"))
			sks = appendUnmarked(appendNew(sks, sk), sk)
		}
	}
	return sks
}

// capitalsAsRead returns s with its ASCII capitals as a reader takes them
// in a host name, which a reader takes in any case: in lower case but
// "I" among lowercase letters, the one capital whose prototype in
// confusables.txt is another letter ("l": "paypaI"), which stays; in a
// label of capitals, "I" reads as "i" ("PAYPAI"). TestCapitalsAsRead
// walks the alphabet.
func capitalsAsRead(s string) string {
	b := []byte(s)
	start := 0 // of the label
	for k := 0; k <= len(b); k++ {
		if k < len(b) && b[k] != '.' {
			continue
		}
		label := b[start:k]
		lower := false
		for _, c := range label {
			lower = lower || 'a' <= c && c <= 'z'
		}
		for j, c := range label {
			if 'A' <= c && c <= 'Z' && (c != 'I' || !lower) {
				label[j] = c + 'a' - 'A'
			}
		}
		start = k + 1
	}
	return string(b)
}

// appendUnmarked appends to sks the skeleton sk stripped of its marks,
// if it has any: a prototype of confusables.txt can hold marks (ɓ's is
// "b" and U+0314, ɗ's "d" and U+0314), which Chromium's skeleton
// generator strips from a skeleton too since its update to Unicode 17,
// whose Allowed letters include them: eɓay.com looks like ebay.com.
func appendUnmarked(sks []string, sk string) []string {
	if s := stripDiacritics(sk); s != sk {
		sks = appendNew(sks, s)
	}
	return sks
}

func appendNew(list []string, s string) []string {
	if slices.Contains(list, s) {
		return list
	}
	return append(list, s)
}

// multiReadings returns how Chromium's skeleton generator reads a
// character that stands for several letters, or nil; the caller does not
// change the list.
func multiReadings(r rune) []string {
	switch r {
	case 'þ':
		return thornReadings
	case 'œ':
		return oeReadings
	case 'ß':
		return sharpSReadings
	}
	return nil
}

// The readings of multiReadings, static: a look-up allocates nothing.
var (
	thornReadings = []string{"b", "p"}
	oeReadings    = []string{"ce", "oe"}
	// Read as "b" since Chromium's update to Unicode 17 (youtuße looks
	// like youtube), and as "ss", which transitional processing maps it
	// to.
	sharpSReadings = []string{"b", "ss"}
)

// supplementalHosts returns host with its characters that read as
// several letters ("þ" as "b" or "p", "œ" as "ce" or "oe", "ß" as "b" or
// "ss") taken each way, host first; as Chromium, not for a host over 32
// characters or with more than 5 such characters, and at most 128 in all.
func supplementalHosts(host string) []string {
	hosts := []string{host}
	runes := []rune(host)
	if len(runes) > 32 || strings.Count(host, "þ")+strings.Count(host, "œ")+strings.Count(host, "ß") > 5 {
		return hosts
	}
	// From the last character to the first: a replacement moves only the
	// characters after it.
	for k := len(runes) - 1; k >= 0; k-- {
		alts := multiReadings(runes[k])
		if alts == nil {
			continue
		}
		for _, h := range hosts {
			for _, alt := range alts {
				if len(hosts) == 128 {
					return hosts
				}
				hosts = append(hosts, replaceRuneAt(h, k, alt))
			}
		}
	}
	return hosts
}

// replaceRuneAt returns s with its kth character replaced by with.
func replaceRuneAt(s string, k int, with string) string {
	n := 0
	for p, r := range s {
		if n == k {
			return s[:p] + with + s[p+utf8.RuneLen(r):]
		}
		n++
	}
	return s
}

// isLGCHost reports whether host is made of Latin, Greek and Cyrillic
// letters, ASCII digits, ".", "_", "-" and the marks U+0300..U+0339: the
// hosts whose diacritics Chromium removes before taking skeletons.
func isLGCHost(host string) bool {
	for _, r := range host {
		switch {
		case r < utf8.RuneSelf:
			if c := byte(r); !ascii.IsAlpha(c) && !ascii.IsDigit(c) && c != '.' && c != '_' && c != '-' {
				return false
			}
		case 0x0300 <= r && r <= 0x0339:
		default:
			if sc := uts39.Of(r).Script(); sc != uts39.ScriptLatin && sc != uts39.ScriptGreek && sc != uts39.ScriptCyrillic {
				return false
			}
		}
	}
	return true
}

// chromium holds the replacers of chromiumReplacers, made on first use: a
// program that protects no name makes none.
var chromium struct {
	once                       sync.Once
	confusables, strokeLetters *strings.Replacer
	maps                       []rune // chromiumMaps' characters, sorted
}

// chromiumReplacers returns the look-alikes Chromium's skeleton generator
// maps beyond UTS #39's confusables.txt (skeleton_generator.cc, its
// "ExtraConf" rules: letters of Cyrillic, Greek, Thai, Lao, Myanmar,
// Georgian and Han that look like Latin letters, Indic digits that look
// like Latin letters or other digits, and dashes), and the letters with a
// stroke or bar that NFD does not decompose, mapped to their base letter
// before skeletons are taken (Chromium maps ł, ø and đ; the others go the
// same way).
func chromiumReplacers() (confusables, strokeLetters *strings.Replacer) {
	chromium.once.Do(func() {
		var pairs []string
		for _, rule := range chromiumConfusables {
			for _, r := range rule.from {
				pairs = append(pairs, string(r), rule.to)
			}
		}
		chromium.confusables = strings.NewReplacer(pairs...)
		pairs = nil
		for _, r := range strokeLetterSet {
			pairs = append(pairs, string(r), string(strokeBases[len(pairs)/2]))
		}
		chromium.strokeLetters = strings.NewReplacer(pairs...)
		maps := []rune(strokeLetterSet + "þœßӏı")
		for _, rule := range chromiumConfusables {
			maps = append(maps, []rune(rule.from)...)
		}
		slices.Sort(maps)
		chromium.maps = maps
	})
	return chromium.confusables, chromium.strokeLetters
}

// chromiumConfusables are the rules of chromiumReplacers' confusables:
// each character of from maps to to.
var chromiumConfusables = [...]struct{ from, to string }{
	{"æӕ", "ae"}, {"ϼҏ", "p"}, {"ħнћңҥӈӊԋԧԩ", "h"}, {"ĸκкқҝҟҡӄԟ", "k"}, {"ŋпԥกחɲ", "n"},
	{"ŧтҭԏ七丅丆丁", "t"}, {"ƅьҍв", "b"}, {"ωшщพฟພຟ", "w"}, {"мӎ", "m"}, {"єҽҿၔǝɛ", "e"},
	{"ґ", "r"}, {"ғӻ", "f"}, {"ҫင", "c"}, {"ұ丫", "y"}, {"χҳӽӿ乂", "x"}, {"ԃძ", "d"},
	{"ԍဌ", "g"}, {"ടรຣຮ", "s"}, {"၂", "j"}, {"०০੦૦ଠ୦೦", "o"}, {"৭੧૧", "q"}, {"บບ", "u"},
	{"θ", "0"}, {"२২੨૨೩೭շ", "2"}, {"зҙӡउওਤ੩૩౩ဒვპ", "3"}, {"੫丩ㄐ", "4"}, {"ճ", "6"},
	{"৪੪୫", "8"}, {"૭୨౨", "9"}, {"—一―⸺⸻", "-"},
	// Latin letters Allowed since Unicode 17 that look like ASCII ones.
	{"ʋ", "v"}, {"ɔ", "o"}, {"ʒ", "z"},
}

// strokeLetterSet are the letters with a stroke or bar that
// stripDiacritics maps to the letters of strokeBases, one for one.
const (
	strokeLetterSet = "łøđƀɨƚʉȼɇɍ"
	strokeBases     = "lodbilucer"
)

// chromiumMaps reports whether hostSkeletons maps r beyond UTS #39's
// prototypes: Chromium's extra look-alikes, the stroke letters, the
// letters of several readings, and ӏ and ı read as l.
func chromiumMaps(r rune) bool {
	chromiumReplacers()
	_, found := slices.BinarySearch(chromium.maps, r)
	return found
}

// stripDiacritics removes the combining marks of s in NFD and maps the
// stroke letters: "gọọgle" becomes "google", "łinkedin" "linkedin".
func stripDiacritics(s string) string {
	if ascii.IndexNonASCII(s) < 0 {
		return s
	}
	d := norm.NFD.String(s)
	var b strings.Builder
	b.Grow(len(d))
	for _, r := range d {
		if r >= 0x300 && uts39.Of(r).Mark() {
			continue
		}
		b.WriteRune(r)
	}
	_, strokeLetters := chromiumReplacers()
	stripped := b.String()
	if !ascii.IsASCII(stripped) {
		stripped = norm.NFC.String(stripped) // in NFC already when ASCII
	}
	return strokeLetters.Replace(stripped)
}

// minNear is the length, in characters of its skeleton, of the shortest
// own label that a host one edit away from is "idn-protected-near": a
// short label is one edit away from too many others ("ebay", "ebby").
const minNear = 5

// secondLevels are the labels that, under a country code, make a public
// suffix of two labels ("co.uk", "com.br", "ne.jp"), where the name's own
// label is the one before them. A heuristic where the Public Suffix List
// would be exact: it errs on a name whose own label is one of these.
var secondLevels = []string{"ac", "co", "com", "edu", "go", "gob", "gov", "mil", "ne", "net", "nic", "or", "org"}

// splitBrand returns a host's own label, the one before its public suffix,
// and the suffix: "myetherwallet.com" is myetherwallet under com,
// "www.amazon.co.uk" amazon under co.uk. It returns "" for a host of one
// label, or of a suffix alone.
func splitBrand(host string) (own, suffix string) {
	host = strings.TrimSuffix(host, ".")
	labels := strings.Split(host, ".")
	n := 1
	if k := len(labels); k >= 3 && utf8.RuneCountInString(labels[k-1]) == 2 && slices.Contains(secondLevels, labels[k-2]) {
		n = 2
	}
	if len(labels) <= n {
		return "", host
	}
	return labels[len(labels)-n-1], strings.Join(labels[len(labels)-n:], ".")
}

// brandSkeletons returns the skeletons of an own label, as hostSkeletons
// takes them, folded for the warnings: in lower case, which a host name
// is in (a skeleton writes "0" and "O" as "O", "o" as "o": "g00gle" is
// "google" then), and "rn" written "m", its look-alike, so that a letter
// left out of "steamcommunity" is one edit of the skeleton, not two.
func brandSkeletons(own string) []string {
	sks := hostSkeletons(own)
	for k, sk := range sks {
		sks[k] = strings.ReplaceAll(strings.ToLower(sk), "rn", "m")
	}
	return slices.Compact(sks)
}

// deletions returns s with each of its characters left out in turn.
func deletions(s string) []string {
	var out []string
	for k, r := range s {
		out = append(out, s[:k]+s[k+utf8.RuneLen(r):])
	}
	return out
}

// oneEdit reports whether a and b, which differ, are one edit apart: a
// character added, left out or replaced, or two beside each other
// swapped.
func oneEdit(a, b string) bool {
	x, y := []rune(a), []rune(b)
	if len(x) < len(y) {
		x, y = y, x
	}
	if len(x)-len(y) > 1 {
		return false
	}
	k := 0
	for k < len(y) && x[k] == y[k] {
		k++
	}
	if len(x) != len(y) {
		return string(x[k+1:]) == string(y[k:]) // one added
	}
	if k == len(x) {
		return false // equal
	}
	if string(x[k+1:]) == string(y[k+1:]) {
		return true // one replaced
	}
	return k+1 < len(x) && x[k] == y[k+1] && x[k+1] == y[k] && string(x[k+2:]) == string(y[k+2:]) // two swapped
}

// A resemblance is what a host's own label has of a protected name's: the
// name and the code.
type resemblance struct {
	name, code string
}

// resembles returns the warning a host earns from p's names, if any: a
// name with the same own label under another suffix, or one whose own
// label is one edit away. A host whose own label and suffix are a name's
// earns none: it is that name, one under it, or Lookalike's.
func (p *Protected) resembles(host string) (resemblance, bool) {
	if p == nil || len(p.brands) == 0 {
		return resemblance{}, false
	}
	shown := displayHost(host)
	own, suffix := splitBrand(shown)
	if own == "" {
		return resemblance{}, false
	}
	sks := brandSkeletons(own)
	if written := hostname.WrittenCase(host, shown); written != shown {
		if w, _ := splitBrand(capitalsAsRead(written)); w != "" {
			for _, sk := range brandSkeletons(w) {
				sks = appendNew(sks, sk)
			}
		}
	}
	var found resemblance
	for _, sk := range sks {
		for _, b := range p.brands[sk] {
			if b.suffix != suffix {
				if found.name == "" {
					found = resemblance{b.name, codeIDNProtectedOtherTLD}
				}
				continue
			}
			if nameOwn, _ := splitBrand(displayHost(b.name)); nameOwn == own {
				return resemblance{}, false // the name, or a name under it
			}
			// The same own label once skeletons are folded, under the
			// same suffix: "g00gle.com", which Chromium's skeletons
			// (Lookalike) tell from google.com.
			return resemblance{b.name, codeIDNProtectedNear}, true
		}
	}
	if found.name != "" {
		return found, true
	}
	for _, sk := range sks {
		if utf8.RuneCountInString(sk) < minNear-1 {
			continue
		}
		index := p.nearIndex()
		for _, key := range append(deletions(sk), sk) {
			for _, near := range index[key] {
				if oneEdit(sk, near) {
					return resemblance{p.brands[near][0].name, codeIDNProtectedNear}, true
				}
			}
		}
	}
	return resemblance{}, false
}
