package idn

import (
	"fmt"
	"strings"

	"github.com/iri-go/iri/internal/ascii"
	"github.com/iri-go/iri/internal/hostname"
	"github.com/iri-go/iri/internal/punycode"
	"github.com/iri-go/iri/internal/ucs"
	"golang.org/x/net/idna"
)

// DisplayHost returns host, a DNS host name as written, as browsers show
// it under the policy that CheckHost applies: each label in Unicode where
// the policy accepts it, in punycode where it refuses it, its ASCII in
// lower case (as UTS #46 maps it: "paypaI.com" is shown "paypai.com",
// where the request goes), and the reasons for the labels refused. It is
// Display's zero value's Host.
func DisplayHost(host string) (shown string, refused []string) {
	return Display{}.Host(host)
}

// A Display shows host names under the policy, with the choices of a
// converter. Its zero value shows them as DisplayHost does.
type Display struct {
	// IDNA is the profile of the conversions; nil means idna.Lookup.
	IDNA *idna.Profile

	// KeepPunycode leaves in punycode, as written, the punycode labels
	// the policy accepts, where Host otherwise shows them in Unicode: the
	// display of an IRI as written (the iri package's IRI.Display).
	KeepPunycode bool

	// Protect, if not nil, are names to protect beside the top domains: a
	// host that looks like one of them but is not it nor a name under it
	// is shown with its labels beyond ASCII in punycode, as Chromium shows
	// the look-alikes of its top domains (see Protected.Lookalike).
	Protect *Protected

	// NoDefaultProtect leaves out the top domains (TopDomains), which a
	// Display otherwise protects, as Chromium does.
	NoDefaultProtect bool
}

// deviations are the characters that IDNA2008 and IDNA2003 map
// differently (UTS #46, section 4, "Deviations"): ß, ς, ZWNJ and ZWJ.
const deviations = "ß\u03C2\u200C\u200D"

// transitional reports whether a profile maps the deviations (UTS #46,
// transitional processing), as its description says.
func transitional(p *idna.Profile) bool {
	return !strings.HasPrefix(p.String(), "NonTransitional")
}

// Host applies the display policy to the labels of a DNS host, converted
// with d's profile: a label the policy refuses is written in punycode, as
// browsers show it (and every label beyond ASCII of a host that looks like
// a protected name), a punycode label it accepts in Unicode unless
// KeepPunycode says otherwise, a label in Unicode as IDNA maps it (what
// the request reaches); every other label stays as written, its ASCII
// letters in lower case, as IDNA maps them. A label with a deviation
// character (UTS #46, section 4) is shown in Unicode, as Chromium shows
// fuß.de, but for a joiner (ZWJ, ZWNJ), or a transitional profile, which
// maps them: that label stays in punycode. It returns the host
// and why labels were refused. A host that needs no IDNA, or holds
// percent-encoded octets, is returned as written but for the case of its
// letters (the hex digits of a percent-encoding stay as written); an IP
// literal is returned as written.
func (d Display) Host(host string) (shown string, refused []string) {
	if host != "" && host[0] == '[' {
		return host, nil // an IP literal: no name
	}
	if strings.IndexByte(host, '%') >= 0 || !hostname.NeedsIDNA(host) {
		return ascii.LowerHost(host), nil
	}
	if len(host) > hostname.MaxText {
		return ascii.LowerHost(host), []string{"the host is too long for a DNS name"} // no DNS name: the policy stops
	}
	profile := d.IDNA
	if profile == nil {
		profile = idna.Lookup
	}
	labels := strings.Split(host, ".")
	// The Unicode form of each label, to judge.
	forms := make([]string, len(labels))
	asciiForms := make([]string, len(labels))
	for k, label := range labels {
		asciiForms[k], forms[k] = hostname.LabelForms(profile, label)
	}
	refusedLabels := make([]bool, len(labels))
	var reasons []string
	for _, issue := range hostPolicy(forms, refusedLabels) {
		reasons = append(reasons, issue.Message)
	}
	if name, why, ok := d.lookalike(ascii.LowerHost(strings.Join(forms, ".")), host); ok {
		// Chromium shows a look-alike of a protected name in punycode
		// whole, its labels that the policy accepts too.
		for k := range refusedLabels {
			refusedLabels[k] = refusedLabels[k] || ascii.IndexNonASCII(forms[k]) >= 0
		}
		reasons = append(reasons, fmt.Sprintf("%s looks like %q, %s", hostname.Quote(host), name, why))
	}
	// The rules that span labels are those of a bidi domain name (RFC
	// 5893, section 2): the labels were checked one by one, which is all
	// IDNA does for a name with no right-to-left character.
	if !isBidiDomainName(forms) {
		// nothing spans the labels
	} else if _, err := hostname.ToASCII(profile, strings.Join(asciiForms, ".")); err != nil {
		// IDNA's rules that span labels (the bidi rule of RFC 5893 holds
		// for the whole name) refuse the host: no label is shown in
		// Unicode, as CheckHost does not judge the host.
		for k := range refusedLabels {
			refusedLabels[k] = true
		}
		reasons = append(reasons, fmt.Sprintf("IDNA refuses the host as a whole: %v", err))
	}
	out := make([]string, len(labels))
	same := true // out is labels: host is the result, with no join
	for k, label := range labels {
		punycodeLabel := punycode.IsACE(label)
		unicodeLabel := punycodeLabel || ascii.IndexNonASCII(label) >= 0
		switch {
		case refusedLabels[k]:
			out[k] = asciiForms[k]
		case unicodeLabel && strings.ContainsAny(forms[k], deviations) &&
			(strings.ContainsAny(forms[k], "\u200C\u200D") || transitional(profile)):
			// fuß.de and fuss.de are different names to IDNA2008 and the
			// same to IDNA2003 clients: Chromium, whose processing is now
			// nontransitional as d's profile is by default, shows ß and ς
			// (fuß.de, αβς.gr), but keeps a label with a joiner in
			// punycode, and so does a client that maps the deviations.
			out[k] = asciiForms[k]
			reasons = append(reasons, fmt.Sprintf("%q holds a deviation character (UTS #46, section 4): shown in punycode, as Chromium shows it", forms[k]))
		case !d.KeepPunycode && punycodeLabel && hostname.Displayable(forms[k], ucs.Appropriate):
			out[k] = forms[k]
		case !punycodeLabel && ascii.IndexNonASCII(label) >= 0 && hostname.Displayable(forms[k], ucs.Appropriate):
			// What is shown is what IDNA resolves: "ſacebook" maps to
			// sacebook and "paypaⅠ" to paypai, which is where the
			// request goes, not the look-alike as written.
			out[k] = forms[k]
		default:
			out[k] = label
		}
		out[k] = ascii.LowerHost(out[k]) // as IDNA maps ASCII, where it refuses a label too
		same = same && out[k] == label
	}
	if same {
		return host, reasons
	}
	return strings.Join(out, "."), reasons
}

// isBidiDomainName reports whether a label holds a character of bidi
// class R, AL or AN: RFC 5893, section 1.4, calls such a name a "Bidi
// domain name", and its rule then holds for every label.
func isBidiDomainName(labels []string) bool {
	for _, label := range labels {
		if p := ascii.IndexNonASCII(label); p >= 0 && strings.ContainsFunc(label[p:], hostname.IsBidiDomainRune) {
			return true
		}
	}
	return false
}

// lookalike returns the protected name that host looks like, where d
// protects names (its Protect, and the top domains unless
// NoDefaultProtect), and what kind of name it is; shown is the name IDNA
// resolves host to.
func (d Display) lookalike(shown, host string) (name, why string, ok bool) {
	top := topDomainsIf(!d.NoDefaultProtect)
	own, tops := d.Protect.mayMatch(shown, host), top.mayMatch(shown, host)
	if !own && !tops {
		return "", "", false
	}
	l := newLook(shown, host)
	if name, ok := d.Protect.matchIf(own, l); ok {
		return name, "a name protected here", true
	}
	if name, ok := top.matchIf(tops, l); ok {
		return name, "a top domain (Chromium's list)", true
	}
	return "", "", false
}
