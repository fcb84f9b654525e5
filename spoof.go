package iri

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/iri-go/iri/internal/ipaddr"
	"golang.org/x/net/idna"
	"golang.org/x/text/unicode/norm"
)

// The spoofing checks of host names: the IDN display policy of browsers
// (Chromium's docs/idn.md, which Firefox's resembles), on the mechanisms
// of UTS #39 (security.go), and the checks of DNS names and IPv4 forms.

// lookalikeDelimiter returns the delimiter that r looks like, in a host:
// ".", "/", ":", "@", "?" or "#", from its prototype in confusables.txt.
func lookalikeDelimiter(r rune) (string, bool) {
	if r < utf8.RuneSelf {
		return "", false
	}
	to, ok := prototype(r)
	if !ok {
		return "", false
	}
	if k := strings.IndexAny(to, "./:@?#"); k >= 0 {
		return to[k : k+1], true
	}
	return "", false
}

// quoteShort quotes a host or label for a message, cut to its first 64
// octets (at a character boundary) when longer: a message names the host,
// it need not copy a megabyte of it once per problem.
func quoteShort(s string) string {
	if len(s) <= 64 {
		return strconv.Quote(s)
	}
	cut := 64
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return strconv.Quote(s[:cut]) + "..."
}

// maxDNSHostText is the longest text of a host that can name a DNS name
// of 253 octets: a character beyond ASCII takes at most 4 octets of UTF-8
// (12 percent-encoded) and at least one octet of its punycode.
const maxDNSHostText = 12 * 253

// checkHost applies the checks of host names to the host of i, which the
// scheme says is a DNS name.
func (c Checker) checkHost(i IRI, needs, plainDNS bool, add addFunc) {
	host := i.Host()
	off := i.hostStart
	if host == "" || host[0] == '[' {
		return
	}
	if !needs {
		// ASCII without percent-encodings (scanHost saw none)
	} else if p := strings.IndexByte(host, '%'); p >= 0 {
		add(codeHostPctEncoded, "ihost", off+p, "%s has percent-encoded octets, which hide what the host is", quoteShort(host))
	}
	if checkIPv4Forms(host, off, add) {
		return
	}
	if !needs { // ASCII: the rules of DNS names only
		if !plainDNS {
			checkDNSName(host, off, add)
		}
		c.checkProtected(host, off, add)
		return
	}
	for _, r := range percentDecode(host) {
		if r < utf8.RuneSelf {
			continue
		}
		switch {
		case r == 0x3002 || r == 0xFF0E || r == 0xFF61:
			add(codeHiddenDot, "ihost", off, "%s has %U, which IDNA maps to \".\" (UTS #46): a label separator that does not look like one", quoteShort(host), r)
		case propTypes(props(r))&typeDefaultIgnorable != 0:
			add(codeIdnaDeleted, "ihost", off, "%s has the invisible %U, which IDNA deletes (UTS #46)", quoteShort(host), r)
		case strings.ContainsRune(slashLookalikes, r):
			// Japanese letters that look like "/" deceive beside letters
			// of other scripts, which the label policy refuses
			// (Chromium's rule 11); "ノ.jp" is a Japanese name.
		default:
			if d, ok := lookalikeDelimiter(r); ok {
				add(codeHostLookalikeDelimiter, "ihost", off, "%s has %U, which looks like %q", quoteShort(host), r, d)
			}
		}
	}
	if len(host) > maxDNSHostText {
		// Its ASCII form has more than 253 octets whatever IDNA makes of
		// it, unless IDNA deletes characters, reported above: the label
		// policy, whose cost grows with the labels, stops here.
		add(codeDNSNameLength, "ihost", off, "the host has %d octets, too many for a DNS name of at most 253 (RFC 1035)", len(host))
		return
	}
	ascii, u := host, ""
	var err error
	if unicode, ok := punycodeToUnicode(idna.Lookup, host); ok {
		u = unicode
	} else if ascii, err = hostToASCII(idna.Lookup, host); err != nil {
		add(codeIdna, "ihost", off, "%s is not a valid IDN host name: %v", quoteShort(host), errors.Unwrap(err))
		return
	}
	if ipaddr.EndsInNumber(ascii) {
		// IDNA or percent-decoding makes an IPv4 address of it: a hidden
		// form ("０x7f.１", "0x7f%2E1", full-width digits) of the address a
		// browser connects to.
		if addr, code := ipaddr.ParseIPv4(ascii); code == ipaddr.IPv4OK {
			add(codeIPv4NonCanonical, "ihost", off, "%s reads as the IPv4 address %s (%s) once IDNA maps it: browsers and resolvers connect to it",
				quoteShort(host), ipaddr.AppendIPv4(nil, addr), quoteShort(ascii))
			return
		}
	}
	checkDNSName(ascii, off, add)
	if u == "" {
		if u, err = hostToUnicode(idna.Lookup, ascii); err != nil {
			return
		}
	}
	var stack [8]string
	labels := stack[:0]
	for label := range strings.SplitSeq(strings.TrimSuffix(u, "."), ".") {
		labels = append(labels, label)
	}
	issues := hostPolicy(labels, nil)
	for _, issue := range issues {
		component := "label"
		if issue.code == codeIDNASCIILookalike {
			component = "ihost"
		}
		add(issue.code, component, off, "%s", issue.message)
	}
	c.checkProtected(u, off, add)
}

// hostPolicy applies the display policy to the labels of a host, in
// Unicode: each label on its own (labelPolicy, the last one being the
// TLD), then the whole host, whose labels beyond ASCII are all refused
// when it looks exactly like an ASCII host, unless each of them is at home
// (labelChars.atHome) or the top-level domain is itself internationalized.
// It is the one judgement that Check reports and the displays follow. It
// marks the labels it refuses in refused, which has a place for each
// label or is nil.
func hostPolicy(labels []string, refused []bool) (issues []labelIssue) {
	tld := labels[len(labels)-1]
	beyondASCII, atHome := false, true
	for k, label := range labels {
		if indexNonASCII(label) < 0 {
			continue
		}
		beyondASCII = true
		chars := scanLabel(label, tld)
		if issue, bad := labelPolicy(label, tld, &chars); bad {
			if refused != nil {
				refused[k] = true
			}
			issues = append(issues, issue)
		}
		atHome = atHome && chars.atHome(tld)
	}
	if !beyondASCII || atHome || indexNonASCII(tld) >= 0 {
		return issues
	}
	if whole := strings.Join(labels, "."); looksASCII(Skeleton(whole)) {
		for k := range refused {
			refused[k] = refused[k] || indexNonASCII(labels[k]) >= 0
		}
		issues = append(issues, labelIssue{codeIDNASCIILookalike,
			fmt.Sprintf("%q looks exactly like the ASCII host %q (UTS #39, section 4)", whole, asciiLookalike(whole))})
	}
	return issues
}

// looksASCII reports whether a host's skeleton is that of a host in
// ASCII that can exist: its top-level domain is letters, as every ASCII
// top-level domain is, so that "срб.срб" (Serbia's), whose skeleton is
// "cp6.cp6", looks like no host.
func looksASCII(skeleton string) bool {
	labels := strings.Split(skeleton, ".")
	for _, label := range labels {
		if !isLDHLabel(label) {
			return false
		}
	}
	tld := labels[len(labels)-1]
	for k := 0; k < len(tld); k++ {
		if !isAlpha(tld[k]) {
			return false
		}
	}
	return true
}

// checkProtected reports a host that looks like one of c.Protect but is
// not it nor a name under it, as Chromium's top-domain check does (its
// rule 12, components/url_formatter/spoof_checks): the skeletons of the
// host (UTS #39, section 4), taken after Chromium's own steps (diacritics
// removed from a host of Latin, Greek and Cyrillic letters; its extra
// look-alikes mapped, "ш" to "w", "০" to "o"; "þ" and "œ" tried as each
// of their readings), are looked up for the host and for each of its
// shorter suffixes of two labels or more, among the last four. The
// skeletons of the names are computed once per Protect slice, so that a
// Check costs the same with 100,000 names as with 10.
func (c Checker) checkProtected(host string, off int, add addFunc) {
	if len(c.Protect) == 0 {
		return
	}
	names := protectedSkeletons(c.Protect)
	shown := displayHost(host)
	for _, sk := range hostSkeletons(shown) {
		labels := strings.Split(sk, ".")
		for n := min(len(labels), 4); n >= 2; n-- {
			name, ok := names[strings.Join(labels[len(labels)-n:], ".")]
			if !ok {
				continue
			}
			protected := displayHost(name)
			if strings.EqualFold(shown, protected) || len(shown) > len(protected) && strings.EqualFold(shown[len(shown)-len(protected)-1:], "."+protected) {
				return // the protected name itself, or a name under it
			}
			add(codeIDNProtected, "ihost", off, "%s looks like %q, a name protected here", quoteShort(host), name)
			return
		}
	}
}

// protectedCache maps a Protect slice (its first element and length) to
// the skeletons of its names. A Protect slice must not change once used.
var protectedCache sync.Map // protectKey -> map[string]string

type protectKey struct {
	first *string
	n     int
}

// protectedSkeletons returns the skeletons of the protected names, each
// name taken in Unicode whatever form it is written in ("xn--mnchen-3ya.de"
// is münchen.de), mapped to the name as given.
func protectedSkeletons(protect []string) map[string]string {
	key := protectKey{&protect[0], len(protect)}
	if m, ok := protectedCache.Load(key); ok {
		return m.(map[string]string)
	}
	m := make(map[string]string, 2*len(protect))
	for _, name := range protect {
		for _, sk := range hostSkeletons(displayHost(name)) {
			if _, taken := m[sk]; !taken {
				m[sk] = name
			}
		}
	}
	protectedCache.Store(key, m)
	return m
}

// hostSkeletons returns the skeletons of a host in Unicode for the
// top-domain check: its UTS #39 skeleton, and those Chromium's skeleton
// generator takes.
func hostSkeletons(host string) []string {
	host = strings.TrimSuffix(host, ".")
	sks := []string{Skeleton(host)}
	if indexNonASCII(host) < 0 {
		return sks
	}
	if isLGCHost(host) {
		host = stripDiacritics(host)
	}
	for _, alt := range supplementalHosts(host) {
		mapped := chromiumConfusables.Replace(alt)
		sks = appendNew(sks, Skeleton(mapped))
		if strings.ContainsRune(mapped, 'ӏ') {
			// Chromium maps U+04CF to "l" beside UTS #39's "i".
			sks = appendNew(sks, Skeleton(strings.ReplaceAll(mapped, "ӏ", "l")))
		}
	}
	return sks
}

func appendNew(list []string, s string) []string {
	if slices.Contains(list, s) {
		return list
	}
	return append(list, s)
}

// multiReadings are the characters Chromium's skeleton generator reads as
// several letters.
var multiReadings = map[rune][]string{'þ': {"b", "p"}, 'œ': {"ce", "oe"}}

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
		alts, ok := multiReadings[runes[k]]
		if !ok {
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
			if c := byte(r); !isAlnum(c) && c != '.' && c != '_' && c != '-' {
				return false
			}
		case 0x0300 <= r && r <= 0x0339:
		default:
			if sc := propScript(props(r)); sc != scriptLatin && sc != scriptGreek && sc != scriptCyrillic {
				return false
			}
		}
	}
	return true
}

// chromiumStrokeLetters are letters with a stroke or bar that NFD does not
// decompose, mapped to their base letter before skeletons are taken:
// Chromium maps ł, ø and đ; the others go the same way.
var chromiumStrokeLetters = strings.NewReplacer(
	"ł", "l", "ø", "o", "đ", "d", "ƀ", "b", "ɨ", "i", "ƚ", "l", "ʉ", "u", "ȼ", "c", "ɇ", "e", "ɍ", "r",
)

// chromiumConfusables are the look-alikes Chromium's skeleton generator
// maps beyond UTS #39's confusables.txt (skeleton_generator.cc, its
// "ExtraConf" rules): letters of Cyrillic, Greek, Thai, Lao, Myanmar,
// Georgian and Han that look like Latin letters, Indic digits that look
// like Latin letters or other digits, and dashes.
var chromiumConfusables = func() *strings.Replacer {
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
	return strings.NewReplacer(pairs...)
}()

// stripDiacritics removes the combining marks of s in NFD and maps the
// stroke letters: "gọọgle" becomes "google", "łinkedin" "linkedin".
func stripDiacritics(s string) string {
	if indexNonASCII(s) < 0 {
		return s
	}
	d := norm.NFD.String(s)
	var b strings.Builder
	b.Grow(len(d))
	for _, r := range d {
		if r >= 0x300 && propMark(props(r)) {
			continue
		}
		b.WriteRune(r)
	}
	return chromiumStrokeLetters.Replace(norm.NFC.String(b.String()))
}

// asciiLookalike returns s with each character beyond ASCII replaced by
// its prototype where that is ASCII: the ASCII text s passes for, to show
// in a message (a skeleton maps ASCII too: "m" to "rn").
func asciiLookalike(s string) string {
	var b strings.Builder
	for _, r := range s {
		if to, ok := prototype(r); ok && r >= utf8.RuneSelf && indexNonASCII(to) < 0 {
			b.WriteString(to)
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// checkIPv4Forms reports a host that a WHATWG URL parser or inet_aton
// reads as an IPv4 address in a form other than the dotted quad: hex,
// octal, fewer than four parts, or one 32-bit number, as "0x7f.1" and
// "2130706433" are 127.0.0.1. It reports whether the host is such a
// number at all.
func checkIPv4Forms(host string, off int, add addFunc) bool {
	if !ipaddr.EndsInNumber(host) {
		return false
	}
	addr, code := ipaddr.ParseIPv4(host)
	if code != ipaddr.IPv4OK {
		add(codeWebInvalidIPv4, "ihost", off, "%s ends in a number but is not an IPv4 address: browsers refuse it (URL Standard, IPv4 parser)", quoteShort(host))
		return false // not an address: the checks of names apply as well
	}
	name := strings.TrimSuffix(host, ".")
	canonical, parts := true, 0
	for rest, more := name, true; more; parts++ {
		var part string
		part, rest, more = strings.Cut(rest, ".")
		canonical = canonical && allDigits(part) && (len(part) == 1 || part[0] != '0')
	}
	if !canonical || parts != 4 || strings.HasSuffix(host, ".") {
		add(codeIPv4NonCanonical, "ihost", off, "%s reads as the IPv4 address %s in a hidden form (hex, octal, fewer than four parts or a final dot): browsers and resolvers connect to it",
			quoteShort(host), ipaddr.AppendIPv4(nil, addr))
	}
	return true
}

// isBidiDomainName reports whether a label holds a character of bidi
// class R, AL or AN: RFC 5893, section 1.4, calls such a name a "Bidi
// domain name", and its rule then holds for every label.
func isBidiDomainName(labels []string) bool {
	for _, label := range labels {
		if p := indexNonASCII(label); p >= 0 && strings.ContainsFunc(label[p:], isBidiDomainRune) {
			return true
		}
	}
	return false
}

// policyLabels applies the display policy to the labels of a DNS host,
// converted with profile (a Converter's IDNA, or idna.Lookup):
// a label the policy refuses is written in punycode, as browsers show it,
// and, with toUnicode, a punycode label it accepts is written in Unicode;
// every other label stays as written. It returns the host and why labels
// were refused.
func policyLabels(profile *idna.Profile, host string, toUnicode bool) (string, []string) {
	if host == "" || host[0] == '[' || strings.IndexByte(host, '%') >= 0 || !needsIDNA(host) {
		return host, nil
	}
	if len(host) > maxDNSHostText {
		return host, []string{"the host is too long for a DNS name"} // no DNS name: the policy stops
	}
	labels := strings.Split(host, ".")
	// The Unicode form of each label, to judge.
	forms := make([]string, len(labels))
	ascii := make([]string, len(labels))
	for k, label := range labels {
		ascii[k], forms[k] = labelForms(profile, label)
	}
	refused := make([]bool, len(labels))
	issues := hostPolicy(forms, refused)
	var reasons []string
	for _, issue := range issues {
		reasons = append(reasons, issue.message)
	}
	// The rules that span labels are those of a bidi domain name (RFC
	// 5893, section 2): the labels were checked one by one, which is all
	// IDNA does for a name with no right-to-left character.
	if !isBidiDomainName(forms) {
		// nothing spans the labels
	} else if _, err := hostToASCII(profile, strings.Join(ascii, ".")); err != nil {
		// IDNA's rules that span labels (the bidi rule of RFC 5893 holds
		// for the whole name) refuse the host: no label is shown in
		// Unicode, as Check reports the host as not valid.
		for k := range refused {
			refused[k] = true
		}
		reasons = append(reasons, fmt.Sprintf("IDNA refuses the host as a whole: %v", err))
	}
	out := make([]string, len(labels))
	same := true // out is labels: host is the result, with no join
	for k, label := range labels {
		unicodeLabel := isPunycodeLabel(label) || indexNonASCII(label) >= 0
		switch {
		case refused[k]:
			out[k] = ascii[k]
		case unicodeLabel && strings.ContainsAny(forms[k], deviations):
			// fuß.de and fuss.de are different names to IDNA2008 and the
			// same to IDNA2003 clients: Chromium keeps such a label in
			// punycode.
			out[k] = ascii[k]
			reasons = append(reasons, fmt.Sprintf("%q holds a deviation character (UTS #46, section 4): shown in punycode, as Chromium shows it", forms[k]))
		case toUnicode && isPunycodeLabel(label) && displayable(forms[k], appropriate):
			out[k] = forms[k]
		case !isPunycodeLabel(label) && indexNonASCII(label) >= 0 && displayable(forms[k], appropriate):
			// What is shown is what IDNA resolves: "ſacebook" maps to
			// sacebook and "paypaⅠ" to paypai, which is where the
			// request goes, not the look-alike as written.
			out[k] = forms[k]
		default:
			out[k] = label
		}
		same = same && out[k] == label
	}
	if same {
		return host, reasons
	}
	return strings.Join(out, "."), reasons
}
