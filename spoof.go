package iri

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/idna"
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
		add("host-pct-encoded", SeverityWarning, "ihost", off+p, "%s has percent-encoded octets, which hide what the host is", quoteShort(host))
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
			add("hidden-dot", SeverityError, "ihost", off, "%s has %U, which IDNA maps to \".\" (UTS #46): a label separator that does not look like one", quoteShort(host), r)
		case propTypes(props(r))&typeDefaultIgnorable != 0:
			add("idna-deleted", SeverityError, "ihost", off, "%s has the invisible %U, which IDNA deletes (UTS #46)", quoteShort(host), r)
		default:
			if d, ok := lookalikeDelimiter(r); ok {
				add("host-lookalike-delimiter", SeverityError, "ihost", off, "%s has %U, which looks like %q", quoteShort(host), r, d)
			}
		}
	}
	if len(host) > maxDNSHostText {
		// Its ASCII form has more than 253 octets whatever IDNA makes of
		// it, unless IDNA deletes characters, reported above: the label
		// policy, whose cost grows with the labels, stops here.
		add("dns-name-length", SeverityError, "ihost", off, "the host has %d octets, too many for a DNS name of at most 253 (RFC 1035)", len(host))
		return
	}
	ascii, err := hostToASCII(idna.Lookup, host)
	if err != nil {
		add("idna", SeverityError, "ihost", off, "%s is not a valid IDN host name: %v", quoteShort(host), errors.Unwrap(err))
		return
	}
	checkDNSName(ascii, off, add)
	u, err := idna.Lookup.ToUnicode(ascii)
	if err != nil {
		return
	}
	_, issues := hostPolicy(strings.Split(strings.TrimSuffix(u, "."), "."))
	for _, issue := range issues {
		component := "label"
		if issue.code == codeASCIILookalike {
			component = "ihost"
		}
		add(issue.code, SeverityError, component, off, "%s", issue.message)
	}
	c.checkProtected(u, off, add)
}

// codeASCIILookalike is the problem of a whole host, not of a label.
const codeASCIILookalike = "idn-ascii-lookalike"

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
	if whole := strings.Join(labels, "."); indexNonASCII(whole) >= 0 && looksASCII(Skeleton(whole)) {
		for k := range refused {
			refused[k] = refused[k] || indexNonASCII(labels[k]) >= 0
		}
		issues = append(issues, labelIssue{codeASCIILookalike,
			fmt.Sprintf("%q looks exactly like the ASCII host %q (UTS #39, section 4)", whole, asciiLookalike(whole))})
	}
	return refused, issues
}

// looksASCII reports whether a host's skeleton is that of a host in
// ASCII that can exist: its top-level domain is letters, as every ASCII
// top-level domain is, so that "срб.срб" (Serbia's), whose skeleton is
// "cp6.cp6", looks like no host.
func looksASCII(skeleton string) bool {
	if indexNonASCII(skeleton) >= 0 {
		return false
	}
	tld := skeleton[strings.LastIndexByte(skeleton, '.')+1:]
	for k := 0; k < len(tld); k++ {
		if !isAlpha(tld[k]) {
			return false
		}
	}
	return true
}

// checkProtected reports a host that looks like one of c.Protect but is
// not it.
func (c Checker) checkProtected(host string, off int, add addFunc) {
	if len(c.Protect) == 0 {
		return
	}
	for _, name := range c.Protect {
		if !strings.EqualFold(host, name) && HostsConfusable(host, name) {
			add("idn-protected", SeverityError, "ihost", off, "%s looks like %q, a name protected here", quoteShort(host), name)
		}
	}
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

// checkDNSName applies the rules of DNS names (RFC 1035, section 2.3.4;
// RFC 5890) to a host in ASCII.
func checkDNSName(ascii string, off int, add addFunc) {
	name := strings.TrimSuffix(ascii, ".") // a final dot is the root
	if len(name) > 253 {
		add("dns-name-length", SeverityError, "ihost", off, "the host name has %d octets, more than 253 (RFC 1035)", len(name))
	}
	for rest := name; ; {
		dot := strings.IndexByte(rest, '.')
		label := rest
		if dot >= 0 {
			label = rest[:dot]
		}
		switch {
		case label == "":
			add("dns-empty-label", SeverityError, "ihost", off, "%s has an empty label (RFC 1035)", quoteShort(ascii))
		case len(label) > 63:
			add("dns-label-length", SeverityError, "ihost", off, "a label of %s has %d octets, more than 63 (RFC 1035)", quoteShort(ascii), len(label))
		case label[0] == '-' || label[len(label)-1] == '-':
			add("dns-hyphen", SeverityError, "ihost", off, "the label %s starts or ends with a hyphen (RFC 5891, section 4.2.3.1)", quoteShort(label))
		}
		if dot < 0 {
			return
		}
		rest = rest[dot+1:]
	}
}

// checkIPv4Forms reports a host that a WHATWG URL parser or inet_aton
// reads as an IPv4 address in a form other than the dotted quad: hex,
// octal, fewer than four parts, or one 32-bit number, as "0x7f.1" and
// "2130706433" are 127.0.0.1. It reports whether the host is such a
// number at all.
func checkIPv4Forms(host string, off int, add addFunc) bool {
	if !endsInNumber(host) {
		return false
	}
	name := strings.TrimSuffix(host, ".")
	canonical, parts := true, 0
	for rest, more := name, true; more; parts++ {
		var part string
		part, rest, more = strings.Cut(rest, ".")
		if !isIPv4Number(part) {
			return true // not an address, and not a name DNS resolves
		}
		canonical = canonical && allDigits(part) && (len(part) == 1 || part[0] != '0')
	}
	if !canonical || parts != 4 {
		add("ipv4-non-canonical", SeverityError, "ihost", off, "%s reads as an IPv4 address in a hidden form (hex, octal or fewer than four parts): browsers and resolvers connect to it", quoteShort(host))
	}
	return true
}

// endsInNumber reports whether the last label of a host, but for a final
// dot, is an IPv4 number: the WHATWG URL parser then reads the host as an
// IPv4 address, or fails.
func endsInNumber(host string) bool {
	name := strings.TrimSuffix(host, ".")
	// A number ends in a hex digit or is "0x": most names are cleared
	// by their last letter.
	if name == "" || !isHex(name[len(name)-1]) && name[len(name)-1]|0x20 != 'x' {
		return false
	}
	return isIPv4Number(name[strings.LastIndexByte(name, '.')+1:])
}

// isIPv4Number reports whether s is a number of the WHATWG IPv4 parser:
// decimal digits, or "0x" and hex digits.
func isIPv4Number(s string) bool {
	if len(s) >= 2 && s[0] == '0' && s[1]|0x20 == 'x' {
		for k := 2; k < len(s); k++ {
			if !isHex(s[k]) {
				return false
			}
		}
		return true
	}
	return allDigits(s)
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
		forms[k], ascii[k] = label, label
		if !needsIDNA(label) {
			continue
		}
		a, err := profile.ToASCII(label)
		if err != nil {
			continue
		}
		ascii[k] = a
		if u, err := profile.ToUnicode(a); err == nil && strings.EqualFold(a, label) || err == nil && !isPunycodeLabel(label) {
			forms[k] = u
		}
	}
	refused, issues := hostPolicy(forms)
	var reasons []string
	for _, issue := range issues {
		reasons = append(reasons, issue.message)
	}
	out := make([]string, len(labels))
	for k, label := range labels {
		switch {
		case refused[k]:
			out[k] = ascii[k]
		case toUnicode && isPunycodeLabel(label) && displayable(forms[k], appropriate):
			out[k] = forms[k]
		default:
			out[k] = label
		}
	}
	return strings.Join(out, "."), reasons
}

// DisplayHost returns the host as browsers show it, under the IDN display
// policy that Check applies (Chromium's, on UTS #39): each label of a DNS
// host in Unicode where the policy accepts it, in punycode where it
// refuses it, and the reasons for the labels refused. Other hosts are
// returned as written.
func (i IRI) DisplayHost() (host string, refused []string) {
	if !hasDNSHost(i.Scheme()) {
		return i.Host(), nil
	}
	return policyLabels(idna.Lookup, i.Host(), true)
}
