package idn

import (
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
	skeletons map[string]string // a skeleton of a name, to the name as given
}

// NewProtected returns the protection list of names, each a host name in
// Unicode or in punycode ("xn--mnchen-3ya.de" is münchen.de). The list
// keeps no reference to names, which the caller may change afterwards.
func NewProtected(names []string) *Protected {
	m := make(map[string]string, 2*len(names))
	for _, name := range names {
		for _, sk := range hostSkeletons(displayHost(name)) {
			if _, taken := m[sk]; !taken {
				m[sk] = name
			}
		}
	}
	return &Protected{m}
}

// Lookalike reports the protected name that host looks like, as
// Chromium's top-domain check does (its rule 12,
// components/url_formatter/spoof_checks), unless host is that name or a
// name under it. host may be written in Unicode or in punycode, in any
// case. Looks like: the skeletons of the host (UTS #39, section 4), taken
// after Chromium's own steps (diacritics removed from a host of Latin,
// Greek and Cyrillic letters; its extra look-alikes mapped, "ш" to "w",
// "০" to "o", ł to l, ø to o, đ to d; "þ" and "œ" tried as each of their
// readings), are those of the name, for the host or one of its suffixes
// of two labels or more among its last four: gọọgle.com, gøøgle.com and
// www.łinkedin.com look like google.com and linkedin.com. The labels of
// host written in ASCII are also looked at in the case they are written
// in, which IDNA lowers: "paypaI.com", with a capital I, looks like
// paypal.com, though a browser shows it, and goes to, paypai.com.
func (p *Protected) Lookalike(host string) (name string, ok bool) {
	if p == nil || len(p.skeletons) == 0 {
		return "", false
	}
	shown := displayHost(host)
	sks := hostSkeletons(shown)
	if written := hostname.WrittenCase(host, shown); written != shown {
		// What a reader saw: "paypaI.com", with a capital I, looks like
		// paypal.com though IDNA makes it paypai.com.
		for _, sk := range hostSkeletons(capitalsAsRead(written)) {
			sks = appendNew(sks, sk)
		}
	}
	for _, sk := range sks {
		labels := strings.Split(sk, ".")
		for n := min(len(labels), 4); n >= 2; n-- {
			name, ok := p.skeletons[strings.Join(labels[len(labels)-n:], ".")]
			if !ok {
				continue
			}
			protected := displayHost(name)
			if strings.EqualFold(shown, protected) || len(shown) > len(protected) && strings.EqualFold(shown[len(shown)-len(protected)-1:], "."+protected) {
				return "", false // the protected name itself, or a name under it
			}
			return name, true
		}
	}
	return "", false
}

// hostSkeletons returns the skeletons of a host in Unicode for the
// top-domain check: its UTS #39 skeleton, and those Chromium's skeleton
// generator takes.
func hostSkeletons(host string) []string {
	host = strings.TrimSuffix(host, ".")
	sks := []string{Skeleton(host)}
	if ascii.IndexNonASCII(host) < 0 {
		return sks
	}
	if isLGCHost(host) {
		host = stripDiacritics(host)
	}
	confusables, _ := chromiumReplacers()
	for _, alt := range supplementalHosts(host) {
		mapped := confusables.Replace(alt)
		sks = appendNew(sks, Skeleton(mapped))
		if strings.ContainsRune(mapped, 'ӏ') {
			// Chromium maps U+04CF to "l" beside UTS #39's "i".
			sks = appendNew(sks, Skeleton(strings.ReplaceAll(mapped, "ӏ", "l")))
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

func appendNew(list []string, s string) []string {
	if slices.Contains(list, s) {
		return list
	}
	return append(list, s)
}

// multiReadings returns how Chromium's skeleton generator reads a
// character that stands for several letters, or nil.
func multiReadings(r rune) []string {
	switch r {
	case 'þ':
		return []string{"b", "p"}
	case 'œ':
		return []string{"ce", "oe"}
	}
	return nil
}

// supplementalHosts returns host with its characters that read as
// several letters ("þ" as "b" or "p", "œ" as "ce" or "oe") taken each way,
// host first; as Chromium, not for a host over 32 characters or with more
// than 5 such characters, and at most 128 in all.
func supplementalHosts(host string) []string {
	hosts := []string{host}
	runes := []rune(host)
	if len(runes) > 32 || strings.Count(host, "þ")+strings.Count(host, "œ") > 5 {
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
		rules := []struct{ from, to string }{
			{"æӕ", "ae"}, {"ϼҏ", "p"}, {"ħнћңҥӈӊԋԧԩ", "h"}, {"ĸκкқҝҟҡӄԟ", "k"}, {"ŋпԥกח", "n"},
			{"ŧтҭԏ七丅丆丁", "t"}, {"ƅьҍв", "b"}, {"ωшщพฟພຟ", "w"}, {"мӎ", "m"}, {"єҽҿၔ", "e"},
			{"ґ", "r"}, {"ғӻ", "f"}, {"ҫင", "c"}, {"ұ丫", "y"}, {"χҳӽӿ乂", "x"}, {"ԃძ", "d"},
			{"ԍဌ", "g"}, {"ടรຣຮ", "s"}, {"၂", "j"}, {"०০੦૦ଠ୦೦", "o"}, {"৭੧૧", "q"}, {"บບ", "u"},
			{"θ", "0"}, {"२২੨૨೩೭շ", "2"}, {"зҙӡउওਤ੩૩౩ဒვპ", "3"}, {"੫丩ㄐ", "4"}, {"ճ", "6"},
			{"৪੪୫", "8"}, {"૭୨౨", "9"}, {"—一―⸺⸻", "-"},
		}
		var pairs []string
		for _, rule := range rules {
			for _, r := range rule.from {
				pairs = append(pairs, string(r), rule.to)
			}
		}
		chromium.confusables = strings.NewReplacer(pairs...)
		chromium.strokeLetters = strings.NewReplacer(
			"ł", "l", "ø", "o", "đ", "d", "ƀ", "b", "ɨ", "i", "ƚ", "l", "ʉ", "u", "ȼ", "c", "ɇ", "e", "ɍ", "r",
		)
	})
	return chromium.confusables, chromium.strokeLetters
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
	return strokeLetters.Replace(norm.NFC.String(b.String()))
}
