package iri

// The problem codes of Check: one table with each code's severity and
// what it means, the one source of both (the list in Check's
// documentation is held to it by TestCheckCodes). The codes of the host
// policy are package idn's, in its own table; each is an error here
// (severityOf).

// A problemCode names a kind of problem; its text is stable, as
// Problem.Code carries it to programs and the tool prints it.
type problemCode string

const (
	codeBidi              problemCode = "bidi"
	codeDataBase64        problemCode = "data-base64"
	codeDataSyntax        problemCode = "data-syntax"
	codeDefaultPort       problemCode = "default-port"
	codeDIDSyntax         problemCode = "did-syntax"
	codeDNSEmptyLabel     problemCode = "dns-empty-label"
	codeDNSHyphen         problemCode = "dns-hyphen"
	codeDNSLabelLength    problemCode = "dns-label-length"
	codeDNSNameLength     problemCode = "dns-name-length"
	codeDotSegment        problemCode = "dot-segment"
	codeEncodedBackslash  problemCode = "encoded-backslash"
	codeEncodedBidi       problemCode = "encoded-bidi"
	codeEncodedControl    problemCode = "encoded-control"
	codeEncodedDotSegment problemCode = "encoded-dot-segment"
	codeEncodedSlash      problemCode = "encoded-slash"
	codeFilePath          problemCode = "file-path"
	codeFilePort          problemCode = "file-port"
	codeFileRemoteHost    problemCode = "file-remote-host"
	codeFullwidth         problemCode = "fullwidth"
	codeHalfwidthKatakana problemCode = "halfwidth-katakana"
	codeHostPctEncoded    problemCode = "host-pct-encoded"
	codeHTTPHost          problemCode = "http-host"
	codeIdna              problemCode = "idna"
	codeInvisible         problemCode = "invisible"
	codeIPv4NonCanonical  problemCode = "ipv4-non-canonical"
	codeLowercaseHex      problemCode = "lowercase-hex"
	codeMailtoAddress     problemCode = "mailto-address"
	codeMailtoHeader      problemCode = "mailto-header"
	codeMixedScript       problemCode = "mixed-script"
	codeNotNFC            problemCode = "not-nfc"
	codeNotNFKC           problemCode = "not-nfkc"
	codeOverlongUTF8      problemCode = "overlong-utf8"
	codePctNotUTF8        problemCode = "pct-not-utf8"
	codeTagSyntax         problemCode = "tag-syntax"
	codeUppercaseHost     problemCode = "uppercase-host"
	codeUppercaseScheme   problemCode = "uppercase-scheme"
	codeURNComponents     problemCode = "urn-components"
	codeURNNID            problemCode = "urn-nid"
	codeURNNSS            problemCode = "urn-nss"
	codeURNOid            problemCode = "urn-oid"
	codeURNUUID           problemCode = "urn-uuid"
	codeUserinfo          problemCode = "userinfo"
	codeUserinfoHostLike  problemCode = "userinfo-host-like"
	codeWebInvalidIPv4    problemCode = "web-invalid-ipv4"
	codeWebPortRange      problemCode = "web-port-range"
)

// problemTable holds the severity and a line of doc of each code.
var problemTable = map[problemCode]struct {
	severity Severity
	doc      string
}{
	codeBidi:              {SeverityWarning, "a component breaks a rule of section 4.2; see CheckBidi"},
	codeDataBase64:        {SeverityError, "a data IRI without a media type and \",\" of its form, or data marked base64 that holds other characters (RFC 2397)"},
	codeDataSyntax:        {SeverityError, "a data IRI without a media type and \",\" of its form, or data marked base64 that holds other characters (RFC 2397)"},
	codeDefaultPort:       {SeverityAdvice, "the default port of the scheme written out"},
	codeDIDSyntax:         {SeverityError, "a did IRI that is not method-name:method-specific-id (W3C DID 1.0, section 3.1)"},
	codeDNSEmptyLabel:     {SeverityError, "the rules of DNS names (RFC 1035; RFC 5891, section 4.2.3.1)"},
	codeDNSHyphen:         {SeverityError, "the rules of DNS names (RFC 1035; RFC 5891, section 4.2.3.1)"},
	codeDNSLabelLength:    {SeverityError, "the rules of DNS names (RFC 1035; RFC 5891, section 4.2.3.1)"},
	codeDNSNameLength:     {SeverityError, "the rules of DNS names (RFC 1035; RFC 5891, section 4.2.3.1)"},
	codeDotSegment:        {SeverityAdvice, "a \".\" or \"..\" segment in the path of an IRI (RFC 3986, section 6.2.2.3)"},
	codeEncodedBackslash:  {SeverityWarning, "a percent-encoded bidi control (an encoded RLO makes \"invoice%E2%80%AEfdp.exe\" show as \"invoiceexe.pdf\"), C0 control or NUL (errors), or backslash (warning)"},
	codeEncodedBidi:       {SeverityError, "a percent-encoded bidi control (an encoded RLO makes \"invoice%E2%80%AEfdp.exe\" show as \"invoiceexe.pdf\"), C0 control or NUL (errors), or backslash (warning)"},
	codeEncodedControl:    {SeverityError, "a percent-encoded bidi control (an encoded RLO makes \"invoice%E2%80%AEfdp.exe\" show as \"invoiceexe.pdf\"), C0 control or NUL (errors), or backslash (warning)"},
	codeEncodedDotSegment: {SeverityError, "a path segment that is \".\" or \"..\" once decoded, such as \"%2E%2E\", which slips past checks that look for dot segments"},
	codeEncodedSlash:      {SeverityWarning, "a \"%2F\" in the path, which servers read as \"/\" or not"},
	codeFilePath:          {SeverityError, "a file IRI whose path is not absolute (RFC 8089, section 2; a drive letter, appendix E.2, is allowed)"},
	codeFilePort:          {SeverityError, "a port in a file IRI, which RFC 8089's grammar does not have and browsers refuse (URL Standard, file host state)"},
	codeFileRemoteHost:    {SeverityWarning, "a file IRI with a host other than localhost: legal (RFC 8089, appendix E.3), but as a Windows path it is a UNC path, whose SMB connection sends the user's credentials to that host"},
	codeFullwidth:         {SeverityWarning, "characters section 6.1 b says to avoid"},
	codeHalfwidthKatakana: {SeverityWarning, "characters section 6.1 b says to avoid"},
	codeHostPctEncoded:    {SeverityWarning, "percent-encoded octets in a name"},
	codeHTTPHost:          {SeverityError, "an http or https IRI without a host, or with an empty one (RFC 9110, section 4.2.1)"},
	codeIdna:              {SeverityError, "a DNS host name that IDNA rejects, so that the IRI cannot be resolved (section 3.1)"},
	codeInvisible:         {SeverityWarning, "a default-ignorable character (ZERO WIDTH SPACE, SOFT HYPHEN, ...) or a line separator, raw or percent-encoded, in any component"},
	codeIPv4NonCanonical:  {SeverityError, "an IPv4 address in a form other than the dotted quad that browsers and inet_aton read (\"0x7f.1\", \"127.1\", \"2130706433\")"},
	codeLowercaseHex:      {SeverityAdvice, "a percent-encoding with lowercase hex digits (RFC 3986, section 2.1)"},
	codeMailtoAddress:     {SeverityError, "an address that is not local-part@domain, a header field that is not name=value (RFC 6068, section 2)"},
	codeMailtoHeader:      {SeverityError, "an address that is not local-part@domain, a header field that is not name=value (RFC 6068, section 2)"},
	codeMixedScript:       {SeverityWarning, "a component mixes scripts that no language uses together, such as Latin and Cyrillic (section 7.5; the \"highly restrictive\" level of UTS #39)"},
	codeNotNFC:            {SeverityWarning, "a component is not in NFC, as IRIs SHOULD be created (section 5.3.2.2); text converted from a legacy encoding MUST be (section 3.1)"},
	codeNotNFKC:           {SeverityWarning, "a component is in NFC but not in NFKC, as newly created names should be (section 7.5), with a compatibility character such as the \"ﬁ\" ligature"},
	codeOverlongUTF8:      {SeverityError, "an overlong UTF-8 sequence such as \"%C0%AF\", which faulty decoders read as \"/\" (section 8)"},
	codePctNotUTF8:        {SeverityWarning, "percent-encoded octets that are not UTF-8, likely from a legacy encoding, a means of spoofing (section 8)"},
	codeTagSyntax:         {SeverityError, "a tag IRI without an authority name (a DNS name or an email address), a comma and a date, then \":\" (RFC 4151)"},
	codeUppercaseHost:     {SeverityAdvice, "uppercase letters where the normal form has lowercase (RFC 3986, sections 3.1 and 6.2.2.1)"},
	codeUppercaseScheme:   {SeverityAdvice, "uppercase letters where the normal form has lowercase (RFC 3986, sections 3.1 and 6.2.2.1)"},
	codeURNComponents:     {SeverityError, "a query that is not an r-component \"?+\" and a q-component \"?=\", in that order (RFC 8141, section 2.3)"},
	codeURNNID:            {SeverityError, "a urn namespace identifier that is not 2 to 32 letters, digits and hyphens, a letter or digit first and last, or that starts with \"X-\", or \"urn-\" without digits (RFC 8141, sections 2, 5.1, 5.2)"},
	codeURNNSS:            {SeverityError, "an empty namespace-specific string (RFC 8141)"},
	codeURNOid:            {SeverityError, "a urn:uuid that is not 8-4-4-4-12 hex digits (RFC 9562), a urn:oid that is not dotted numbers (RFC 3061)"},
	codeURNUUID:           {SeverityError, "a urn:uuid that is not 8-4-4-4-12 hex digits (RFC 9562), a urn:oid that is not dotted numbers (RFC 3061)"},
	codeUserinfo:          {SeverityError, "a userinfo in an http or https IRI, the form of http://bank.example@attacker.example/ (RFC 3986, section 7.6)"},
	codeUserinfoHostLike:  {SeverityWarning, "a userinfo that looks like a host name, before the real host, in any other scheme"},
	codeWebInvalidIPv4:    {SeverityError, "a host that ends in a number but is not an IPv4 address (\"1.2.3.4.5\", \"a.1\", \"1.256.0.0\"), which browsers refuse (URL Standard, \"ends in a number checker\", IPv4 parser)"},
	codeWebPortRange:      {SeverityError, "a port above 65535, which browsers refuse"},
}
