package idn

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/iri-go/iri/internal/ascii"
	"github.com/iri-go/iri/internal/uts39"
	"golang.org/x/text/unicode/norm"
)

// The display policy for the labels of host names: whether a browser
// would show a label in Unicode or, refusing it, in punycode. It follows
// Chromium's IDN policy (docs/idn.md and its spoof checker, which
// Firefox's resembles) on the mechanisms of UTS #39 (uts39.go), and
// adds the mixed-script confusables of UTS #39, section 4, and the
// skeleton test of whole-script confusables.

// limitedUseHomes are scripts UTS #39 calls Limited_Use whose names a
// registry of their country offers under its TLD: the Public Suffix List
// has ᬩᬮᬶ.id (Bali, in Balinese), from Indonesia's registry.
var limitedUseHomes = []struct {
	block [2]rune
	tld   string
}{
	{[2]rune{0x1B00, 0x1B7F}, "id"}, // Balinese
}

// limitedUseAtHome reports whether r is of a Limited_Use script at home
// under the top-level domain tld.
func limitedUseAtHome(r rune, tld string) bool {
	for _, h := range limitedUseHomes {
		if h.block[0] <= r && r <= h.block[1] && h.tld == tld {
			return true
		}
	}
	return false
}

// blockedInLabels are characters that the policy refuses although UTS #39
// allows them (Chromium's rule 3): look-alikes of "/", "-" and quotes,
// the Katakana-Hiragana double hyphen, and the rarely used blocks of
// Latin, Cyrillic and Greek letters, with tone and voicing marks.
var blockedInLabels = [][2]rune{
	{0x0138, 0x0138}, // LATIN SMALL LETTER KRA
	{0x01CD, 0x01DC}, // Latin Extended-B: Pinyin
	{0x02BB, 0x02BC}, // MODIFIER LETTER TURNED COMMA, APOSTROPHE
	{0x02E5, 0x02E9}, // tone letters
	{0x02EC, 0x02EC}, // MODIFIER LETTER VOICING
	{0x0338, 0x0338}, // COMBINING LONG SOLIDUS OVERLAY
	{0x058A, 0x058A}, // ARMENIAN HYPHEN
	{0x1C80, 0x1C8F}, // Cyrillic Extended-C
	{0x1E00, 0x1E9B}, // Latin Extended Additional, but for Vietnamese
	{0x1F00, 0x1FFF}, // Greek Extended
	{0x2010, 0x2010}, // HYPHEN
	{0x2019, 0x2019}, // RIGHT SINGLE QUOTATION MARK
	{0x2027, 0x2027}, // HYPHENATION POINT
	{0x30A0, 0x30A0}, // KATAKANA-HIRAGANA DOUBLE HYPHEN
	{0xA640, 0xA69F}, // Cyrillic Extended-B
	{0xA700, 0xA7FF}, // Modifier Tone Letters, Latin Extended-D
}

// tldSpecific are letters that look like others and that the policy
// shows only under the top-level domains of the languages that use them.
var tldSpecific = []struct {
	r    rune
	tlds []string
}{
	{0x00FE, []string{"is", "fo"}}, // þ, like "b" and "p": Icelandic, Faroese
	{0x00F0, []string{"is", "fo"}}, // ð, like "o"
	{0x0259, []string{"az"}},       // ə, Azerbaijani
}

// wholeScriptLookalikes are, for the scripts that can spell labels that
// look like Latin ones, the letters that look like Latin letters, and the
// top-level domains where names in the script are at home (Chromium's
// rule 9). A label whose letters of its script are all among these is a
// whole-script confusable, unless its top-level domain is one of these or
// holds a letter of the script.
var wholeScriptLookalikes = []struct {
	script  string // as in uts39.ScriptNames
	letters string
	tlds    []string
}{
	{"Armenian", "ագզէլհյոսւօՙ", []string{"am"}},
	{"Cyrillic", "аысԁеԍһіюкјӏорԗԛѕԝхуъьҽпгѵѡт", cyrillicTLDs}, // т since Chromium's update to Unicode 17 (теѕт)
	{"Ethiopic", "ሀሠሰስበነተከዐዕዘጠፐꬅ", []string{"er", "et"}},
	{"Georgian", "იოყძხჽჿ", []string{"ge"}},
	{"Greek", "αικνρυωηοτ", []string{"gr"}},
	{"Hebrew", "דוחיןסװײ׳ﬦ", []string{"il"}},
	{"Bengali", "০৭", nil},
	{"Devanagari", "ऽ०ॱ", nil},
	{"Gujarati", "ડટ૦૧", nil},
	{"Gurmukhi", "੦੧", nil},
	{"Kannada", "ಽ೦೧", nil},
	{"Malayalam", "ടഠധനറ൦", nil},
	{"Oriya", "ଠ୦୮", nil},
	{"Tamil", "டப௦", nil},
	{"Telugu", "౦౧", nil},
	{"Myanmar", "ခဂငထပဝ၀၂ၔၜ\u1090\u1091\u1095\u1096\u1097", []string{"mm"}},
	{"Thai", "ทนบพรหเแ๐ดลปฟม", []string{"th"}}, // Chromium's list on Linux, whose fonts show more alike
}

// cyrillicTLDs are the top-level domains, beyond those in Cyrillic, that
// hold many names in Cyrillic.
var cyrillicTLDs = []string{"bg", "by", "kg", "kz", "mk", "mn", "rs", "ru", "su", "tj", "ua", "uz"}

// wholeScriptWords are common words of Cyrillic letters that look like
// Latin ones but spell no Latin word, which the policy shows anywhere.
var wholeScriptWords = []string{"секс", "как", "коса", "курс", "парк", "такий", "укроп", "сахарок", "покраска"}

// digitLookalikes are letters that look like digits beside them: a label
// of digits and these is refused (Chromium's rule 10).
const digitLookalikes = "θ२২੨૨೩೭շзҙӡउওਤ੩૩౩ဒვპੜკ੫丩ㄐճ৪੪୫૭୨౨"

// Characters of the dangerous patterns (Chromium's rule 11).
const (
	// Katakana ノ ン ソ ゾ and Han 丶 乀 乁 丿 read as "/" beside letters
	// that are not Japanese, on both sides or at a label's end.
	slashLookalikes = "ノンソゾ丶乀乁丿"
	// Han and Bopomofo characters that read as Latin letters, strokes or
	// punctuation beside a letter that is not Chinese or Japanese, on
	// either side: 丶 亅 二 亠 冖 宀 巛 since Chromium's update to
	// Unicode 17 (丶google.com, google巛.com).
	cjkLookalikes = "一ㄧ丨乛七丅十〇ㄒㄚㄟㄨㄩㄈㆺㆳ工ㆲ讠丁丫乂丆干丶亅二亠冖宀巛"
)

// labelChars is what one pass over the characters of a label beyond
// ASCII tells the policy: the first character it never shows, which of
// its later rules can apply at all, and the scripts for the whole host's
// look-alike rule.
type labelChars struct {
	refused          rune   // the first character never shown, or 0
	refusedCode      string // why: codeIDNBlockedChar or codeIDNNotAllowed
	runes            int
	scripts          oneScript
	latinBeyondASCII bool
	otherScript      int  // the last script but Latin, Common and Inherited, plus one; 0 for none
	mark             bool // repeatedMark can apply
	digitBeyondASCII bool // MixedNumbers can apply
	tldLetter        bool // a letter of tldSpecific
	middleDot        bool
	kanaMark         bool // kanaOrMark
}

// scanLabel makes the one pass of labelChars over label, whose top-level
// domain is tld.
func scanLabel(label, tld string) labelChars {
	var c labelChars
	for _, r := range label {
		c.runes++
		if r < utf8.RuneSelf {
			c.scripts.add(r)
			continue
		}
		pr := uts39.Of(r)
		if c.refused != 0 {
			// the first refusal stands
		} else if blockedInLabel(r) {
			c.refused, c.refusedCode = r, codeIDNBlockedChar
		} else if !pr.Allowed() && !limitedUseAtHome(r, tld) {
			c.refused, c.refusedCode = r, codeIDNNotAllowed
		}
		sc := pr.Script()
		c.scripts.addScript(sc, pr.Simple())
		switch sc {
		case uts39.ScriptLatin:
			c.latinBeyondASCII = true
		case uts39.ScriptCommon, uts39.ScriptInherited:
		default:
			c.otherScript = sc + 1
		}
		c.mark = c.mark || pr.Mark()
		c.digitBeyondASCII = c.digitBeyondASCII || pr.Digit()
		c.middleDot = c.middleDot || r == '·'
		c.kanaMark = c.kanaMark || kanaOrMark(r)
		for _, t := range tldSpecific {
			c.tldLetter = c.tldLetter || r == t.r
		}
	}
	return c
}

// blockedInLabel reports whether r is one of blockedInLabels, which are
// sorted.
func blockedInLabel(r rune) bool {
	if r < blockedInLabels[0][0] {
		return false // Latin-1 and most of Latin Extended-A
	}
	for _, b := range blockedInLabels {
		if b[0] <= r && r <= b[1] {
			return true
		}
	}
	return false
}

// atHome reports whether a label whose host's skeleton is ASCII is still
// one a browser shows (Chromium's spoof checker): its letters beyond ASCII
// are Latin, words of their language (yazılım, sœur, bærum, þing;
// Chromium refuses those only against its top domains, which a
// Checker's Protect does here), or of a script at home under the top-level
// domain tld (Cyrillic under .ru, Armenian under .am: Chromium's rule 9).
func (c *labelChars) atHome(tld string) bool {
	if c.otherScript == 0 {
		return true
	}
	for _, row := range wholeScriptLookalikes {
		if row.script == uts39.ScriptNames[c.otherScript-1] && slices.Contains(row.tlds, tld) {
			return true
		}
	}
	return false
}

// labelPolicy applies the display policy to one label beyond ASCII, in
// Unicode as IDNA's ToUnicode gives it (NFC, lowercase), whose characters
// scanLabel saw; tld is the last label of the host. It returns the first
// rule the label breaks, as an Issue whose Label the caller sets.
func labelPolicy(label, tld string, c *labelChars) (Issue, bool) {
	refuse := func(code string, format string, args ...any) (Issue, bool) {
		return Issue{Code: code, Message: fmt.Sprintf("%q ", label) + fmt.Sprintf(format, args...)}, true
	}
	switch c.refusedCode {
	case codeIDNBlockedChar:
		return refuse(c.refusedCode, "holds %U, a character browsers never show in a host (Chromium IDN policy, rule 3)", c.refused)
	case codeIDNNotAllowed:
		return refuse(c.refusedCode, "holds %U, not allowed in identifiers (UTS #39, section 3.1, IdentifierStatus)", c.refused)
	}
	if !c.mark {
		// no mark to repeat
	} else if r, ok := repeatedMark(label); ok {
		return refuse(codeIDNInvisible, "repeats the combining mark %U on one character, where it shows once (UTS #39, section 5.4)", r)
	}
	level := SingleScript
	if c.scripts.mixed {
		level = mixedRestriction(label)
	}
	if level > HighlyRestrictive || level == HighlyRestrictive && c.latinBeyondASCII {
		return refuse(codeIDNMixedScript, "mixes scripts beyond what UTS #39 calls Highly Restrictive, or Latin beyond ASCII with Han (%v)", level)
	}
	if c.digitBeyondASCII && MixedNumbers(label) {
		return refuse(codeIDNMixedNumbers, "mixes the digits of two numbering systems (UTS #39, section 5.3)")
	}
	if c.tldLetter && c.runes > 1 {
		for _, t := range tldSpecific {
			if strings.ContainsRune(label, t.r) && !slices.Contains(t.tlds, tld) {
				return refuse(codeIDNTLDSpecific, "holds %q, which is shown only under %s (Chromium IDN policy)", t.r, strings.Join(t.tlds, ", "))
			}
		}
	}
	if c.middleDot && unsafeMiddleDot(label, tld) {
		return refuse(codeIDNDangerousPattern, "has a middle dot outside the Catalan l·l under .cat (Chromium IDN policy; RFC 5892, appendix A.3)")
	}
	if isDigitLookalike(label) {
		return refuse(codeIDNDigitLookalike, "looks like a number (Chromium IDN policy, rule 10)")
	}
	if level == SingleScript {
		if lookalike, ok := wholeScriptConfusable(label, tld); ok {
			return refuse(codeIDNWholeScriptConfusable, "is in one script but looks like the Latin %q (UTS #39, section 4; Chromium IDN policy, rule 9)", lookalike)
		}
	}
	// A label of one script has a resolved script: it mixes none.
	if level == SingleScript {
		// no mixed-script confusable
	} else if script, ok := mixedScriptConfusable(label); ok {
		return refuse(codeIDNMixedScriptConfusable, "mixes scripts but looks like a label written in %s alone (UTS #39, section 4)", script)
	}
	// In a label of one script, only the characters that look like
	// their twins in a related script, and combining marks, make
	// patterns that deceive.
	if level == SingleScript && !c.kanaMark {
		return Issue{}, false
	}
	if why := dangerousPattern(label); why != "" {
		return refuse(codeIDNDangerousPattern, "%s (Chromium IDN policy, rule 11)", why)
	}
	return Issue{}, false
}

// repeatedMark reports a nonspacing mark that a combining sequence of
// label, in NFD, holds twice: "é" with another acute accent shows as "é".
// No decomposition holds a mark twice, and IDNA gives labels in NFC: a
// mark can repeat only where one stands on its own, and labelPolicy asks
// only of labels with a mark.
func repeatedMark(label string) (rune, bool) {
	d := norm.NFD.String(label)
	start := 0 // of the marks of the current sequence
	for p, r := range d {
		if !unicode.Is(unicode.Mn, r) {
			start = p + utf8.RuneLen(r)
			continue
		}
		if strings.ContainsRune(d[start:p], r) {
			return r, true
		}
	}
	return 0, false
}

// unsafeMiddleDot reports a middle dot anywhere but between two "l"s under
// .cat, where it writes the Catalan ela geminada.
func unsafeMiddleDot(label, tld string) bool {
	for p := strings.Index(label, "·"); p >= 0; {
		if tld != "cat" || p == 0 || label[p-1] != 'l' || !strings.HasPrefix(label[p+len("·"):], "l") {
			return true
		}
		next := strings.Index(label[p+1:], "·")
		if next < 0 {
			break
		}
		p += 1 + next
	}
	return false
}

// isDigitLookalike reports whether label is made of digits and letters
// that look like them, at least one of those: "੩੩੩" or "1з". A label whose
// skeleton is digits and hyphens is one too.
func isDigitLookalike(label string) bool {
	lookalike := false
	for _, r := range label {
		switch {
		case r < utf8.RuneSelf && ascii.IsAlpha(byte(r)), r >= utf8.RuneSelf && uts39.Of(r).Script() == uts39.ScriptLatin:
			return false // a Latin letter's skeleton is a letter
		case r < utf8.RuneSelf && ascii.IsDigit(byte(r)):
		case strings.ContainsRune(digitLookalikes, r):
			lookalike = true
		default:
			return isDigitsAndHyphens(Skeleton(label))
		}
	}
	return lookalike
}

func isDigitsAndHyphens(s string) bool {
	for k := 0; k < len(s); k++ {
		if !ascii.IsDigit(s[k]) && s[k] != '-' {
			return false
		}
	}
	return s != ""
}

// wholeScriptConfusable reports whether a label of one script looks like
// Latin: its letters of that script are all among its lookalikes, or its
// skeleton is ASCII (UTS #39, section 4). Under a top-level domain of that
// script, or one where the script is at home, such labels are expected.
// It returns the ASCII label it passes for.
func wholeScriptConfusable(label, tld string) (string, bool) {
	script := -1
	for _, r := range label {
		if sc := uts39.Of(r).Script(); sc != uts39.ScriptCommon && sc != uts39.ScriptInherited {
			script = sc
			break
		}
	}
	if script < 0 || script == uts39.ScriptLatin || slices.Contains(wholeScriptWords, label) {
		return "", false
	}
	// At home first: it needs no skeleton.
	var letters string
	for _, row := range wholeScriptLookalikes {
		if row.script == uts39.ScriptNames[script] {
			if slices.Contains(row.tlds, tld) {
				return "", false
			}
			letters = row.letters
		}
	}
	for _, r := range tld {
		if uts39.Of(r).Script() == script {
			return "", false
		}
	}
	lookalike := letters != "" && !strings.ContainsFunc(label, func(r rune) bool {
		return uts39.Of(r).Script() == script && !strings.ContainsRune(letters, r)
	})
	if !lookalike && !ascii.IsLDHLabel(Skeleton(label)) {
		return "", false
	}
	return asciiLookalike(label), true
}

// dangerousPattern says what in label reads as something else when
// Japanese or Chinese characters stand beside other letters, or marks
// sit where they hide or fake a dot, or "" (Chromium's rule 11).
func dangerousPattern(label string) string {
	runes := []rune(label)
	at := func(k int) (rune, bool) {
		if k < 0 || k >= len(runes) {
			return 0, false
		}
		return runes[k], true
	}
	// Whether the character at k is there and of none of the scripts.
	foreign := func(k int, scripts ...int) bool {
		r, ok := at(k)
		if !ok {
			return false
		}
		set := uts39.Of(r).Scripts()
		for _, s := range scripts {
			if set.Has(s) {
				return false
			}
		}
		return true
	}
	allOf := func(script int, except rune) bool {
		for _, r := range runes {
			if r != except && !uts39.Of(r).Scripts().Has(script) {
				return false
			}
		}
		return true
	}
	// Whether the character at k is of none of the scripts, or beyond the
	// label's ends.
	foreignOrEnd := func(k int, scripts ...int) bool {
		return k < 0 || k >= len(runes) || foreign(k, scripts...)
	}
	for k, r := range runes {
		next, _ := at(k + 1)
		switch {
		case strings.ContainsRune(slashLookalikes, r) && len(runes) > 1 &&
			foreignOrEnd(k-1, uts39.ScriptKatakana, uts39.ScriptHiragana, uts39.ScriptHan) &&
			foreignOrEnd(k+1, uts39.ScriptKatakana, uts39.ScriptHiragana, uts39.ScriptHan):
			// A letter that is not Japanese on one side and the label's
			// end on the other suffices (example.com.ノevil.com reads
			// as a path): stricter than Chromium, whose pattern wants
			// such a character on both sides; alone, ノ.jp is Japanese.
			return fmt.Sprintf("has %q, which reads as \"/\" beside letters that are not Japanese", r)
		case (r == 'ヽ' || r == 'ヾ') && (k == 0 || foreign(k-1, uts39.ScriptKatakana)):
			return fmt.Sprintf("has the Katakana iteration mark %q after no Katakana", r)
		case 'へ' <= r && r <= 'ぺ' && 0 < k && k < len(runes)-1 && allOf(uts39.ScriptKatakana, r):
			return fmt.Sprintf("has the Hiragana %q, which looks like its Katakana twin, among Katakana", r)
		case 'ヘ' <= r && r <= 'ペ' && 0 < k && k < len(runes)-1 && allOf(uts39.ScriptHiragana, r):
			return fmt.Sprintf("has the Katakana %q, which looks like its Hiragana twin, among Hiragana", r)
		case r == 'ー' && (k == 0 || foreign(k-1, uts39.ScriptKatakana, uts39.ScriptHiragana)):
			return "has the prolonged sound mark ー, which reads as \"-\", after no Kana"
		case r == '・' && (k == len(runes)-1 || foreign(k+1, uts39.ScriptKatakana, uts39.ScriptHiragana, uts39.ScriptHan) ||
			foreign(k-1, uts39.ScriptKatakana, uts39.ScriptHiragana, uts39.ScriptHan)):
			// Beside a character that is not Japanese or Chinese, or
			// last (本・.jp, 1・2.jp), since Chromium's update to Unicode
			// 17; before a Latin letter only, until then.
			return "has the Katakana middle dot ・ beside a character that is not Japanese or Chinese, or at the label's end"
		case strings.ContainsRune(cjkLookalikes, r) &&
			(foreign(k-1, uts39.ScriptKatakana, uts39.ScriptHiragana, uts39.ScriptHan, uts39.ScriptBopomofo) || foreign(k+1, uts39.ScriptKatakana, uts39.ScriptHiragana, uts39.ScriptHan, uts39.ScriptBopomofo)):
			return fmt.Sprintf("has %q, which reads as a Latin letter or a sign beside letters that are not Chinese or Japanese", r)
		case 0x0300 <= r && r <= 0x0339 && foreign(k-1, uts39.ScriptLatin, uts39.ScriptGreek, uts39.ScriptCyrillic):
			return fmt.Sprintf("has the combining mark %U after a letter that is not Latin, Greek or Cyrillic", r)
		case r == 'ı' && 0x0300 <= next && next <= 0x0339:
			return fmt.Sprintf("has a dotless i with the combining mark %U, which looks like i", next)
		case r == 0x3099 || r == 0x309A:
			return fmt.Sprintf("has the combining Kana voiced sound mark %U", r)
		case (r == 'i' || r == 'j' || r == 'l') && next == 0x0307:
			return fmt.Sprintf("has %q with a combining dot above, which looks like %q", r, r)
		}
	}
	return ""
}

// kanaOrMark reports the Kana that look like their twins or like
// punctuation (へべぺ, ヘベペ, ・ー, ヽヾ) and the combining diacritical
// marks that the policy allows.
func kanaOrMark(r rune) bool {
	return 'へ' <= r && r <= 'ぺ' || 'ヘ' <= r && r <= 'ペ' || '・' <= r && r <= 'ヾ' || 0x0300 <= r && r <= 0x0339
}

// mixedScriptConfusable reports whether label mixes scripts (its resolved
// script set is empty) but each of its characters has a look-alike in
// one script, so that a label written in that script alone looks the
// same: a mixed-script confusable of UTS #39, section 4. It returns the
// script.
func mixedScriptConfusable(label string) (string, bool) {
	resolved, within := uts39.AllScripts, uts39.AllScripts
	lookalikes := lookalikeScripts()
	for _, r := range norm.NFD.String(label) {
		set := uts39.SetOf(r)
		if set == uts39.AllScripts {
			continue // Common and Inherited go with any script
		}
		resolved = resolved.And(set)
		key := string(r)
		if to, ok := uts39.Prototype(r); ok {
			key = to
		}
		alike := lookalikes[key]
		for k := range set {
			alike[k] |= set[k]
		}
		within = within.And(alike)
	}
	if !resolved.IsEmpty() {
		return "", false
	}
	if within.Has(uts39.ScriptLatin) {
		return "Latin", true
	}
	for k := range uts39.ScriptNames {
		if within.Has(k) && k != uts39.ScriptCommon && k != uts39.ScriptInherited && k != uts39.ScriptUnknown {
			return uts39.ScriptNames[k], true
		}
	}
	return "", false
}

// lookalikes is lookalikeScripts', built on first use: a program that
// never judges a label builds nothing.
var lookalikes struct {
	once sync.Once
	m    map[string]uts39.ScriptSet
}

// lookalikeScripts maps each prototype of confusables.txt to the scripts
// of the characters that have it, the prototype among them: the scripts
// in which a character with that prototype can be written. Characters of
// Common and Inherited (such as the mathematical letters) count for no
// script.
func lookalikeScripts() map[string]uts39.ScriptSet {
	lookalikes.once.Do(func() {
		m := map[string]uts39.ScriptSet{}
		add := func(to string, set uts39.ScriptSet) {
			if set == uts39.AllScripts {
				return
			}
			s := m[to]
			for k := range set {
				s[k] |= set[k]
			}
			m[to] = s
		}
		for from, to := range uts39.Prototypes {
			add(to, uts39.SetOf(from))
			if r, size := utf8.DecodeRuneInString(to); size == len(to) {
				add(to, uts39.SetOf(r))
			}
		}
		lookalikes.m = m
	})
	return lookalikes.m
}
