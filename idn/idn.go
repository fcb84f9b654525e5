// Package idn judges host names as browsers do before they show them in
// Unicode: the IDN display policy of Chromium (its docs/idn.md and spoof
// checker, which Firefox's resembles), on the mechanisms of UTS #39,
// Unicode Security Mechanisms, with the mixed-script and whole-script
// confusables of its section 4.
//
// [Checker.CheckHost] reports why a host misleads, each reason an [Issue]
// with a stable code; [DisplayHost] shows a host as a browser would, each
// label the policy refuses in punycode; a [Protected] list of names, such
// as one's own brands, catches the hosts that look like one of them, as
// Chromium's top-domain check does with its own list, [TopDomains], which
// a Checker and a Display protect unless told not to. [Skeleton],
// [Confusable], [HostsConfusable], [Restriction] and [MixedNumbers] expose
// the mechanisms of UTS #39 themselves.
//
// Package github.com/iri-go/iri applies the same policy to the hosts of
// IRIs: its Check reports these issues as problems of severity error (the
// warnings against a caller's names as warnings), and its displays keep
// the labels the policy refuses in punycode.
//
// The security data and script properties are Unicode 17.0.0's, and IDNA
// gives the answers of UTS #46 for Unicode 17.0.0 (see the iri package's
// documentation, "Unicode versions"). Every table is static data or built
// on first use: a program that links the package and never calls it
// builds nothing. The values of the package are immutable once made, and
// safe for use by any number of goroutines.
package idn

import "fmt"

// An Issue is a reason a host misleads its reader: a rule of the policy
// it breaks, and a browser, showing it, keeps the labels it names in
// punycode.
type Issue struct {
	// Code names the rule, stably from one version to the next:
	//   - "idn-not-allowed": a character not Allowed in identifiers
	//     (UTS #39, section 3.1).
	//   - "idn-blocked-char": a character browsers refuse although UTS #39
	//     allows it, such as U+2010 HYPHEN or the Greek Extended letters
	//     (Chromium's rule 3).
	//   - "idn-invisible": a combining mark repeated on one character
	//     (UTS #39, section 5.4).
	//   - "idn-mixed-script": scripts mixed beyond UTS #39's Highly
	//     Restrictive level, or Latin beyond ASCII beside Han (section
	//     5.2).
	//   - "idn-mixed-numbers": digits of two numbering systems (section
	//     5.3).
	//   - "idn-tld-specific": "þ" or "ð" outside .is and .fo, "ə" outside
	//     .az.
	//   - "idn-digit-lookalike": a label of digits and letters that look
	//     like them (Chromium's rule 10).
	//   - "idn-whole-script-confusable": a label of one script that looks
	//     like a Latin one, outside the top-level domains of that script
	//     (UTS #39, section 4; Chromium's rule 9).
	//   - "idn-mixed-script-confusable": a label that mixes scripts but
	//     could be written in one script and look the same (UTS #39,
	//     section 4).
	//   - "idn-dangerous-pattern": a middle dot outside the Catalan l·l,
	//     Japanese and Chinese characters that read as "/", "-", "・" or
	//     Latin letters and strokes beside other letters (丶google,
	//     example.com.ノevil, 1・2), misplaced combining marks (Chromium's
	//     rule 11).
	//   - "idn-ascii-lookalike": a host whose skeleton is that of an ASCII
	//     host while the host is not ASCII: it looks exactly like an ASCII
	//     name (UTS #39, section 4).
	//   - "idn-protected": a host that looks like a protected name (a
	//     Checker's Protect, or, for a host beyond ASCII, Chromium's top
	//     domains, TopDomains) but is not it nor a name under it
	//     (Chromium's rule 12).
	//   - "idn-protected-other-tld": a warning, a host whose own label,
	//     before its public suffix, looks like that of a name of a
	//     Checker's Protect under another suffix: "myetherwallet.co"
	//     beside myetherwallet.com.
	//   - "idn-protected-near": a warning, a host whose own label looks
	//     like that of a name of a Checker's Protect but for one character
	//     added, left out, replaced or two swapped, once both are read as
	//     their skeletons: "myetherwaliet.com" beside myetherwallet.com.
	//   - "hidden-dot": a character that IDNA maps to "." ("。", "．",
	//     "｡"): a label separator that does not look like one (UTS #46).
	//   - "idna-deleted": an invisible character that IDNA deletes (UTS
	//     #46).
	//   - "host-lookalike-delimiter": a character that looks like "/",
	//     ":", ".", "@", "?" or "#" (its prototype in confusables.txt).
	Code string

	// Label is the index of the label the issue is about, from 0 for the
	// first, or -1 when it is about the whole host.
	Label int

	// Message says what is wrong, for a person.
	Message string

	// Warning marks an issue that is no reason for a browser to keep the
	// host in punycode, a look-alike for the caller to weigh:
	// "idn-protected-other-tld" and "idn-protected-near". The iri
	// package's Check reports such an issue as a warning, the others as
	// errors.
	Warning bool
}

// String describes the issue on one line: its code, then its message.
func (i Issue) String() string { return fmt.Sprintf("%s: %s", i.Code, i.Message) }

// The codes of Issue.
const (
	codeIDNNotAllowed            = "idn-not-allowed"
	codeIDNBlockedChar           = "idn-blocked-char"
	codeIDNInvisible             = "idn-invisible"
	codeIDNMixedScript           = "idn-mixed-script"
	codeIDNMixedNumbers          = "idn-mixed-numbers"
	codeIDNTLDSpecific           = "idn-tld-specific"
	codeIDNDigitLookalike        = "idn-digit-lookalike"
	codeIDNWholeScriptConfusable = "idn-whole-script-confusable"
	codeIDNMixedScriptConfusable = "idn-mixed-script-confusable"
	codeIDNDangerousPattern      = "idn-dangerous-pattern"
	codeIDNASCIILookalike        = "idn-ascii-lookalike"
	codeIDNProtected             = "idn-protected"
	codeIDNProtectedOtherTLD     = "idn-protected-other-tld"
	codeIDNProtectedNear         = "idn-protected-near"
	codeHiddenDot                = "hidden-dot"
	codeIdnaDeleted              = "idna-deleted"
	codeHostLookalikeDelimiter   = "host-lookalike-delimiter"
)

// codes is the one table of the codes of Issue, each with its line of doc
// and whether it is a warning (the list in Issue's documentation is held to
// it by TestCodes). The others are reasons to keep a host, or a label of
// it, in punycode: the iri package's Check reports them as errors, and
// the warnings as warnings.
var codes = [...]struct {
	code, doc string
	warning   bool
}{
	{codeIDNNotAllowed, "a character not Allowed in identifiers (UTS #39, section 3.1)", false},
	{codeIDNBlockedChar, "a character browsers refuse although UTS #39 allows it, such as U+2010 HYPHEN or the Greek Extended letters (Chromium's rule 3)", false},
	{codeIDNInvisible, "a combining mark repeated on one character (UTS #39, section 5.4)", false},
	{codeIDNMixedScript, "scripts mixed beyond UTS #39's Highly Restrictive level, or Latin beyond ASCII beside Han (section 5.2)", false},
	{codeIDNMixedNumbers, "digits of two numbering systems (section 5.3)", false},
	{codeIDNTLDSpecific, "\"þ\" or \"ð\" outside .is and .fo, \"ə\" outside .az", false},
	{codeIDNDigitLookalike, "a label of digits and letters that look like them (Chromium's rule 10)", false},
	{codeIDNWholeScriptConfusable, "a label of one script that looks like a Latin one, outside the top-level domains of that script (UTS #39, section 4; Chromium's rule 9)", false},
	{codeIDNMixedScriptConfusable, "a label that mixes scripts but could be written in one script and look the same (UTS #39, section 4)", false},
	{codeIDNDangerousPattern, "a middle dot outside the Catalan l·l, Japanese and Chinese characters that read as \"/\", \"-\" or Latin letters beside other letters, misplaced combining marks (Chromium's rule 11)", false},
	{codeIDNASCIILookalike, "a host whose skeleton is that of an ASCII host while the host is not ASCII: it looks exactly like an ASCII name (UTS #39, section 4)", false},
	{codeIDNProtected, "a host that looks like a protected name but is not it nor a name under it (Chromium's rule 12)", false},
	{codeIDNProtectedOtherTLD, "a host whose name under its public suffix looks like that of a protected name under another suffix", true},
	{codeIDNProtectedNear, "a host whose name looks like that of a protected name but for one edit of their skeletons", true},
	{codeHiddenDot, "a character that IDNA maps to \".\" (\"。\", \"．\", \"｡\"): a label separator that does not look like one (UTS #46)", false},
	{codeIdnaDeleted, "an invisible character that IDNA deletes (UTS #46)", false},
	{codeHostLookalikeDelimiter, "a character that looks like \"/\", \":\", \".\", \"@\", \"?\" or \"#\" (its prototype in confusables.txt)", false},
}
