package idn

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/iri-go/iri/internal/ascii"
	"github.com/iri-go/iri/internal/hostname"
	"github.com/iri-go/iri/internal/ipaddr"
	"github.com/iri-go/iri/internal/pct"
	"github.com/iri-go/iri/internal/uts39"
	"golang.org/x/net/idna"
)

// The spoofing checks of host names: the rules on the characters of a
// host as written, and the display policy of browsers on the labels of
// the name IDNA resolves (policy.go), with the protected names
// (protect.go).

// A Checker applies the policy to host names. Its zero value checks as a
// browser does, Chromium's top domains protected (TopDomains).
type Checker struct {
	// Protect, if not nil, are names to protect, such as one's own
	// brands, beside the top domains: a host that looks like one of them
	// but is not it nor a name under it is reported, as "idn-protected";
	// one that resembles one of them is reported as a warning,
	// "idn-protected-other-tld" or "idn-protected-near" (see
	// NewProtected). A host in ASCII is looked up too: "paypa1.com".
	Protect *Protected

	// NoDefaultProtect leaves out the top domains, which a Checker
	// otherwise protects as Chromium does: a host beyond ASCII (or in
	// punycode) that looks like one of them is "idn-protected".
	NoDefaultProtect bool
}

// CheckHost applies the policy to host, a DNS host name as written in a
// URL or an IRI: in Unicode or in punycode, in any case, its octets
// percent-encoded or not. It reports, in this order, the characters of
// the host as written that IDNA maps to "." or deletes and the look-alikes
// of delimiters (CheckWritten), then, on the name IDNA resolves, the rules
// of each label beyond ASCII, the whole host's look-alike rule, and the
// protected names (CheckName): the Checker's Protect, and Chromium's top
// domains (TopDomains) for a host beyond ASCII or in punycode, unless
// NoDefaultProtect. An IP address, and a host that IDNA
// refuses or that is too long for a DNS name, are not judged as a name:
// a caller that needs to know reports those apart (the iri package's
// Check does). It returns nil when the host breaks no rule.
func (c Checker) CheckHost(host string) []Issue {
	if host == "" || host[0] == '[' || isIPv4(host) {
		return nil
	}
	if !hostname.NeedsIDNA(host) {
		if c.Protect == nil {
			return nil // ASCII: only the protected names can apply
		}
		return c.CheckName(host)
	}
	issues := CheckWritten(host)
	if len(host) > hostname.MaxText {
		return issues // no DNS name: the label policy, whose cost grows with the labels, stops here
	}
	a, u := host, ""
	var err error
	if unicode, ok := hostname.PunycodeToUnicode(idna.Lookup, host); ok {
		u = unicode
	} else if a, err = hostname.ToASCII(idna.Lookup, host); err != nil {
		return issues
	}
	if isIPv4(a) {
		return issues // an address in a hidden form, not a name
	}
	if u == "" {
		if u, err = hostname.ToUnicode(idna.Lookup, a); err != nil {
			return issues
		}
	}
	return append(issues, c.CheckName(hostname.WrittenCase(host, u))...)
}

// isIPv4 reports whether a browser reads host as an IPv4 address, in any
// of its forms (URL Standard, IPv4 parser).
func isIPv4(host string) bool {
	if !ipaddr.EndsInNumber(host) {
		return false
	}
	_, code := ipaddr.ParseIPv4(host)
	return code == ipaddr.IPv4OK
}

// CheckWritten applies the rules on the characters of a host as written,
// its percent-encoded octets decoded, which IDNA's mapping hides from the
// name it resolves (UTS #46): a character IDNA maps to "." ("hidden-dot")
// or deletes ("idna-deleted"), and one that looks like a delimiter of a
// URL ("host-lookalike-delimiter"). Each issue is about the whole host.
// CheckHost applies them first.
func CheckWritten(host string) []Issue {
	if ascii.IndexNonASCII(host) < 0 && strings.IndexByte(host, '%') < 0 {
		return nil
	}
	var issues []Issue
	for _, r := range pct.Decode(host) {
		if r < utf8.RuneSelf {
			continue
		}
		switch {
		case r == 0x3002 || r == 0xFF0E || r == 0xFF61:
			issues = append(issues, Issue{Code: codeHiddenDot, Label: -1,
				Message: fmt.Sprintf("%s has %U, which IDNA maps to \".\" (UTS #46): a label separator that does not look like one", hostname.Quote(host), r)})
		case uts39.Of(r).Types()&uts39.TypeDefaultIgnorable != 0:
			issues = append(issues, Issue{Code: codeIdnaDeleted, Label: -1,
				Message: fmt.Sprintf("%s has the invisible %U, which IDNA deletes (UTS #46)", hostname.Quote(host), r)})
		case strings.ContainsRune(slashLookalikes, r):
			// Japanese letters that look like "/" deceive beside letters
			// of other scripts, which the label policy refuses
			// (Chromium's rule 11); "ノ.jp" is a Japanese name.
		default:
			if d, ok := lookalikeDelimiter(r); ok {
				issues = append(issues, Issue{Code: codeHostLookalikeDelimiter, Label: -1,
					Message: fmt.Sprintf("%s has %U, which looks like %q", hostname.Quote(host), r, d)})
			}
		}
	}
	return issues
}

// CheckName applies the rules on a host name as IDNA lookup maps it, in
// Unicode as ToUnicode gives it (lower case, NFC, its punycode labels
// decoded: what golang.org/x/net/idna's Lookup.ToUnicode returns): the
// display policy on each label beyond ASCII, the last one being the
// top-level domain, then the whole host's look-alike rule, then the
// protected names. Its labels in ASCII may keep the case they were
// written in, which the protected names are looked up in too
// ("paypaI.com", with a capital I, looks like paypal.com). It is for a
// caller that has converted the host itself, as the iri package's Check
// has; CheckHost converts a host in any other form first.
func (c Checker) CheckName(name string) []Issue {
	lower := ascii.LowerHost(name)
	var stack [8]string
	labels := stack[:0]
	for label := range strings.SplitSeq(strings.TrimSuffix(lower, "."), ".") {
		labels = append(labels, label)
	}
	issues := hostPolicy(labels, nil)
	// The top domains as Chromium looks them up: for names beyond ASCII
	// only, so that Check on ASCII hosts costs what it did.
	top := topDomainsIf(!c.NoDefaultProtect && ascii.IndexNonASCII(lower) >= 0)
	own, tops := c.Protect.mayMatch(lower, name), top.mayMatch(lower, name)
	var l look
	if own || tops {
		l = newLook(lower, name)
	}
	if protected, ok := c.Protect.matchIf(own, l); ok {
		issues = append(issues, Issue{Code: codeIDNProtected, Label: -1,
			Message: fmt.Sprintf("%s looks like %q, a name protected here", hostname.Quote(name), protected)})
	} else if top, ok := top.matchIf(tops, l); ok {
		issues = append(issues, Issue{Code: codeIDNProtected, Label: -1,
			Message: fmt.Sprintf("%s looks like %q, a top domain (Chromium's list)", hostname.Quote(name), top)})
	} else if r, ok := c.Protect.resembles(name); ok {
		how := "under another public suffix"
		if r.code == codeIDNProtectedNear {
			how = "but for one character"
		}
		issues = append(issues, Issue{Code: r.code, Label: -1, Warning: true,
			Message: fmt.Sprintf("%s looks like %q, a name protected here, %s", hostname.Quote(name), r.name, how)})
	}
	return issues
}

// topDomainsIf returns TopDomains if protect, nil (no names) otherwise.
func topDomainsIf(protect bool) *Protected {
	if !protect {
		return nil
	}
	return TopDomains()
}

// lookalikeDelimiter returns the delimiter that r, a character beyond
// ASCII, looks like, in a host: ".", "/", ":", "@", "?" or "#", from its
// prototype in confusables.txt.
func lookalikeDelimiter(r rune) (string, bool) {
	to, ok := uts39.Prototype(r)
	if !ok {
		return "", false
	}
	if k := strings.IndexAny(to, "./:@?#"); k >= 0 {
		return to[k : k+1], true
	}
	return "", false
}

// hostPolicy applies the display policy to the labels of a host, in
// Unicode: each label on its own (labelPolicy, the last one being the
// TLD), then the whole host, whose labels beyond ASCII are all refused
// when it looks exactly like an ASCII host, unless each of them is at home
// (labelChars.atHome) or the top-level domain is itself internationalized.
// It is the one judgement that CheckName reports and the displays follow.
// It marks the labels it refuses in refused, which has a place for each
// label or is nil.
func hostPolicy(labels []string, refused []bool) (issues []Issue) {
	tld := labels[len(labels)-1]
	beyondASCII, atHome := false, true
	for k, label := range labels {
		if ascii.IndexNonASCII(label) < 0 {
			continue
		}
		beyondASCII = true
		chars := scanLabel(label, tld)
		if issue, bad := labelPolicy(label, tld, &chars); bad {
			if refused != nil {
				refused[k] = true
			}
			issue.Label = k
			issues = append(issues, issue)
		}
		atHome = atHome && chars.atHome(tld)
	}
	if !beyondASCII || atHome || ascii.IndexNonASCII(tld) >= 0 {
		return issues
	}
	if whole := strings.Join(labels, "."); looksASCII(Skeleton(whole)) {
		for k := range refused {
			refused[k] = refused[k] || ascii.IndexNonASCII(labels[k]) >= 0
		}
		issues = append(issues, Issue{Code: codeIDNASCIILookalike, Label: -1,
			Message: fmt.Sprintf("%q looks exactly like the ASCII host %q (UTS #39, section 4)", whole, asciiLookalike(whole))})
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
		if !ascii.IsLDHLabel(label) {
			return false
		}
	}
	tld := labels[len(labels)-1]
	for k := 0; k < len(tld); k++ {
		if !ascii.IsAlpha(tld[k]) {
			return false
		}
	}
	return true
}

// asciiLookalike returns s with each character beyond ASCII replaced by
// its prototype where that is ASCII: the ASCII text s passes for, to show
// in a message (a skeleton maps ASCII too: "m" to "rn").
func asciiLookalike(s string) string {
	var b strings.Builder
	for _, r := range s {
		if to, ok := uts39.Prototype(r); ok && r >= utf8.RuneSelf && ascii.IndexNonASCII(to) < 0 {
			b.WriteString(to)
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}
