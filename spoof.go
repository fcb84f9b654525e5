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
	"golang.org/x/text/unicode/bidi"
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
	if p := strings.IndexByte(host, '%'); needs && p >= 0 {
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
		if _, code := ipaddr.ParseIPv4(ascii); code == ipaddr.IPv4OK {
			add(codeIPv4NonCanonical, "ihost", off, "%s reads as the IPv4 address %s once IDNA maps it: browsers and resolvers connect to it", quoteShort(host), quoteShort(ascii))
			return
		}
	}
	checkDNSName(ascii, off, add)
	if u == "" {
		if u, err = hostToUnicode(idna.Lookup, ascii); err != nil {
			return
		}
	}
	_, issues := hostPolicy(strings.Split(strings.TrimSuffix(u, "."), "."))
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
// when it looks exactly like an ASCII host. It is the one judgement that
// Check reports and the displays follow.
func hostPolicy(labels []string) (refused []bool, issues []labelIssue) {
	tld := labels[len(labels)-1]
	refused = make([]bool, len(labels))
	for k, label := range labels {
		if issue, bad := labelPolicy(label, tld); bad {
			refused[k] = true
			issues = append(issues, issue)
		}
	}
	if whole := strings.Join(labels, "."); indexNonASCII(whole) >= 0 && !asciiLookalikeAtHome(labels) && looksASCII(Skeleton(whole)) {
		for k := range refused {
			refused[k] = refused[k] || indexNonASCII(labels[k]) >= 0
		}
		issues = append(issues, labelIssue{codeIDNASCIILookalike,
			fmt.Sprintf("%q looks exactly like the ASCII host %q (UTS #39, section 4)", whole, asciiLookalike(whole))})
	}
	return refused, issues
}

// asciiLookalikeAtHome reports whether a host whose skeleton is ASCII is
// still one a browser shows (Chromium's spoof checker): each label beyond
// ASCII is made of Latin letters, which are words of their language
// (yazılım, sœur, bærum, þing; Chromium refuses those only against its top
// domains, which Checker.Protect does here), or is in a script at home
// under the top-level domain (Cyrillic under .ru or .рус, Armenian under
// .am: Chromium's rule 9), or the top-level domain itself is
// internationalized.
func asciiLookalikeAtHome(labels []string) bool {
	tld := labels[len(labels)-1]
	if indexNonASCII(tld) >= 0 {
		return true
	}
	for _, label := range labels {
		if indexNonASCII(label) < 0 {
			continue
		}
		latin := true
		script := -1
		for _, r := range label {
			if r < utf8.RuneSelf {
				continue
			}
			sc := propScript(props(r))
			if sc == scriptCommon || sc == scriptInherited {
				continue
			}
			if sc != scriptLatin {
				latin = false
				script = sc
			}
		}
		if latin {
			continue
		}
		home := false
		for _, row := range wholeScriptLookalikes {
			if script >= 0 && row.script == scriptNames[script] && slices.Contains(row.tlds, tld) {
				home = true
			}
		}
		if !home {
			return false
		}
	}
	return true
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
// not it: its skeleton (UTS #39, section 4), or the skeleton of its text
// with diacritics removed and Chromium's extra mappings applied (ł to l,
// ø to o, ...), is that of a protected name. The skeletons of the names
// are computed once per Protect slice, so that a Check costs the same
// with 100,000 names as with 10.
func (c Checker) checkProtected(host string, off int, add addFunc) {
	if len(c.Protect) == 0 {
		return
	}
	names := protectedSkeletons(c.Protect)
	shown := displayHost(host)
	for _, sk := range [...]string{Skeleton(shown), Skeleton(stripDiacritics(shown))} {
		if name, ok := names[sk]; ok && !strings.EqualFold(shown, displayHost(name)) {
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
		shown := displayHost(name)
		for _, sk := range [...]string{Skeleton(shown), Skeleton(stripDiacritics(shown))} {
			if _, taken := m[sk]; !taken {
				m[sk] = name
			}
		}
	}
	protectedCache.Store(key, m)
	return m
}

// chromiumExtraMappings are the letters Chromium's top-domain check maps
// to a Latin letter before it takes skeletons, beyond UTS #39's
// confusables: letters with a stroke or bar that NFD does not decompose.
var chromiumExtraMappings = strings.NewReplacer(
	"ł", "l", "ø", "o", "đ", "d", "ħ", "h", "ŧ", "t", "ŋ", "n", "ш", "w",
	"ƀ", "b", "ɨ", "i", "ƚ", "l", "ʉ", "u", "ȼ", "c", "ɇ", "e", "ɍ", "r",
)

// stripDiacritics removes the combining marks of s in NFD and applies
// Chromium's extra mappings: "gọọgle" becomes "google", "łinkedin"
// "linkedin".
func stripDiacritics(s string) string {
	if indexNonASCII(s) < 0 {
		return s
	}
	d := norm.NFD.String(chromiumExtraMappings.Replace(s))
	var b strings.Builder
	b.Grow(len(d))
	for _, r := range d {
		if r >= 0x300 && propMark(props(r)) {
			continue
		}
		b.WriteRune(r)
	}
	return norm.NFC.String(b.String())
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
	if _, code := ipaddr.ParseIPv4(host); code != ipaddr.IPv4OK {
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
		add(codeIPv4NonCanonical, "ihost", off, "%s reads as an IPv4 address in a hidden form (hex, octal or fewer than four parts): browsers and resolvers connect to it", quoteShort(host))
	}
	return true
}

// isBidiDomainName reports whether a label holds a character of bidi
// class R, AL or AN: RFC 5893, section 1.4, calls such a name a "Bidi
// domain name", and its rule then holds for every label.
func isBidiDomainName(labels []string) bool {
	for _, label := range labels {
		for p := indexNonASCII(label); p >= 0 && p < len(label); {
			props, size := bidi.LookupString(label[p:])
			if c := props.Class(); c == bidi.R || c == bidi.AL || c == bidi.AN {
				return true
			}
			p += max(size, 1)
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
	refused, issues := hostPolicy(forms)
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
	}
	return strings.Join(out, "."), reasons
}
