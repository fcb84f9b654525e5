package canon

import (
	"bytes"
	"slices"
	"strconv"
	"strings"

	"github.com/iri-go/iri/internal/ascii"
	"github.com/iri-go/iri/internal/ipaddr"
	"github.com/iri-go/iri/internal/pct"
	"github.com/iri-go/iri/internal/urlstd"
	"github.com/iri-go/iri/web"
)

// parts are the components of a URL being canonicalized: substrings of
// href, the text read, until a transformation changes one.
type parts struct {
	urlstd.Parts
	href     string
	changed  bool
	noScheme bool // a relative reference (ReadRFC3986)
}

// hierarchical reports whether p's path is one the path options apply
// to: under an authority, absolute, or that of a relative reference. An
// opaque path ("mailto:A") is left as it is.
func (p *parts) hierarchical() bool {
	return p.HasAuthority || strings.HasPrefix(p.Path, "/") || p.noScheme
}

// split returns the parts of an href.
func split(href string) parts { return parts{Parts: urlstd.Split(href), href: href} }

// splitURL returns the parts of u, as split(u.String()) does, from the
// offsets u holds.
func splitURL(u web.URL, p *parts) {
	*p = parts{href: u.String()}
	p.Scheme = u.Scheme()
	if u.HasHost() {
		p.HasAuthority = true
		user, pass := u.Username(), u.Password()
		if user != "" || pass != "" {
			start := len(p.Scheme) + 3
			end := start + len(user)
			if pass != "" {
				end += 1 + len(pass)
			}
			p.Userinfo, p.HasUserinfo = p.href[start:end], true
		}
		p.Host = u.Hostname()
		p.Port = u.Port()
		p.HasPort = p.Port != ""
	}
	p.Path = u.Path()
	p.Query, p.HasQuery = u.Query(), u.HasQuery()
	p.Fragment, p.HasFragment = u.Fragment(), u.HasFragment()
}

// String returns the URL the parts make: href when nothing changed.
func (p *parts) String() string {
	switch {
	case !p.changed:
		return p.href
	case !p.noScheme:
		return p.Parts.String()
	}
	// A relative reference: the scheme's place empty. A first segment
	// with ":" would read as a scheme, a path starting with "//" as an
	// authority: "./" and "/." keep them a path (RFC 3986, section 4.2).
	q := p.Parts
	q.Scheme = "x"
	s := q.String()[2:]
	first := s
	if i := strings.IndexAny(s, "/?#"); i >= 0 {
		first = s[:i]
	}
	if !p.HasAuthority && strings.IndexByte(first, ':') >= 0 {
		s = "./" + s
	}
	return s
}

// set replaces *field by v, noting a change.
func (p *parts) set(field *string, v string) {
	if *field != v {
		*field = v
		p.changed = true
	}
}

// clear makes a component absent, noting a change.
func (p *parts) clear(has *bool, field *string) {
	if *has {
		*has, *field = false, ""
		p.changed = true
	}
}

// apply runs c's transformations on p, in an order that makes the result
// stable: host, then path, then query.
func (c *Canonicalizer) apply(p *parts) {
	if c.LowercaseScheme {
		p.set(&p.Scheme, toLowerASCII(p.Scheme))
	}
	if c.RemoveFragment {
		p.clear(&p.HasFragment, &p.Fragment)
	}
	if p.HasPort && (c.RemovePort || c.RemoveEmptyPort && p.Port == "" || c.RemoveDefaultPort && isDefaultPort(toLowerASCII(p.Scheme), p.Port)) {
		p.clear(&p.HasPort, &p.Port)
	}
	if c.ForceHTTP && strings.EqualFold(p.Scheme, "https") {
		p.set(&p.Scheme, "http") // after the default port is gone: ":443" stays
	}
	if c.RemoveUserinfo || p.HasUserinfo && slices.ContainsFunc(c.RemoveUserinfoSchemes, func(s string) bool { return strings.EqualFold(s, p.Scheme) }) {
		p.clear(&p.HasUserinfo, &p.Userinfo) // after ForceHTTP: the scheme of the key
	}
	if c.LowercaseHost && strings.HasPrefix(p.Host, "[") {
		p.set(&p.Host, toLowerASCII(p.Host)) // RFC 3986, section 6.2.2.1: an IP literal's hexadecimal digits
	}
	if p.HasAuthority && !strings.HasPrefix(p.Host, "[") {
		if c.TrimHostDots {
			if trimmed := trimHostDots(p.Host); trimmed != "" {
				p.set(&p.Host, trimmed)
			}
			// A host of dots only stays: an empty one would let the
			// path's first segment become the host on a second reading.
		}
		if c.NormalizeIPv4 && c.Reading == ReadRFC3986 {
			// After the dots: "..0" is "0", which is 0.0.0.0. The
			// browser's readings have read the special schemes' hosts
			// so, and leave an opaque host as it is.
			p.set(&p.Host, normalizeIPv4(p.Host))
		}
		if c.LowercaseHost {
			p.set(&p.Host, toLowerASCII(p.Host))
		}
		switch {
		case c.StripWWW:
			p.set(&p.Host, stripWWW(p.Host))
		case c.AddWWW:
			p.set(&p.Host, addWWW(p.Host))
		}
	}
	hierarchical := p.hierarchical()
	if c.EncodeNecessary {
		// Before decoding: a "%" encoded now cannot start an encoding
		// that decoding makes.
		p.set(&p.Userinfo, encodeNecessary(p.Userinfo, &userinfoNecessary, true))
		p.set(&p.Path, encodeNecessary(p.Path, &necessary, true))
		p.set(&p.Query, encodeNecessary(p.Query, &necessary, true))
		p.set(&p.Fragment, encodeNecessary(p.Fragment, &necessary, true))
	}
	switch c.Unescape {
	case UnescapeUnreserved:
		p.set(&p.Path, unescapeUnreserved(p.Path))
		p.set(&p.Query, unescapeUnreserved(p.Query))
		p.set(&p.Fragment, unescapeUnreserved(p.Fragment))
	case UnescapeRepeatedly:
		set := &pathEscape
		if !hierarchical {
			set = &opaquePathEscape
		}
		path := unescapeRepeatedly(p.Path, set)
		switch {
		case !hierarchical && strings.HasPrefix(path, "/"):
			path = "%2F" + path[1:] // a decoded "/" would make the opaque path a hierarchical one
		case hierarchical && path != p.Path && c.Reading != ReadRFC3986:
			// A decoded "/" makes new segments, and "." or ".." among
			// them, which the next reading resolves: resolved now, the
			// path options below see the path that reading gives.
			// ReadRFC3986 resolves none unless RemoveDotSegments.
			path = resolveDots(path, c.Reading == ReadSafeBrowsing)
		}
		p.set(&p.Path, path)
		p.set(&p.Query, unescapeRepeatedly(p.Query, &queryEscape))
		p.set(&p.Fragment, unescapeRepeatedly(p.Fragment, &fragmentEscape))
	}
	if c.RemoveDotSegments && hierarchical {
		// After decoding, which can make "." of "%2E".
		p.set(&p.Path, removeDots(p.Path))
	}
	if c.UppercaseEscapes {
		for _, f := range [...]*string{&p.Userinfo, &p.Host, &p.Path, &p.Query, &p.Fragment} {
			p.set(f, uppercaseEscapes(*f))
		}
	}
	if c.AddRootSlash && p.HasAuthority && p.Path == "" {
		p.set(&p.Path, "/")
	}
	if hierarchical {
		if c.CollapseSlashes {
			p.set(&p.Path, collapseSlashes(p.Path))
		}
		if c.DropPathSessionIDs {
			if path := dropPathSessionIDs(p.Path); path != p.Path {
				// What is left is read again as the reading reads a path:
				// servers read "..;jsessionid=1" as "..", and Safe
				// Browsing's reading collapses the "//" that "/;jsessionid=1/"
				// leaves.
				p.set(&p.Path, resolveDots(path, c.Reading == ReadSafeBrowsing))
			}
		}
		if c.LowercasePath {
			p.set(&p.Path, toLowerASCII(p.Path))
		}
		if c.RemoveDirectoryIndex || c.RemoveTrailingSlash {
			p.set(&p.Path, trimPathEnd(p.Path, c.RemoveDirectoryIndex, c.RemoveTrailingSlash))
		}
		if c.AddTrailingSlash && !c.RemoveTrailingSlash && !strings.HasSuffix(p.Path, "/") {
			p.set(&p.Path, p.Path+"/")
		}
	}
	if p.HasQuery {
		sep := c.QuerySeparator
		if sep == 0 {
			sep = '&'
		}
		if c.FormQuery {
			p.set(&p.Query, formQuery(p.Query, sep))
		}
		if c.DropSessionIDs {
			p.set(&p.Query, dropSessionIDs(p.Query, sep))
		}
		if len(c.DropParams) > 0 || len(c.DropParamPrefixes) > 0 || c.RemoveEmptyParams || c.RemoveBlankParams {
			p.set(&p.Query, dropParams(p.Query, sep, c.dropsParam))
		}
		if c.LowercaseQuery {
			p.set(&p.Query, toLowerASCII(p.Query))
		}
		if c.SortQuery != QueryAsIs {
			p.set(&p.Query, sortQuery(p.Query, sep, c.SortQuery == QuerySortByNameValue))
		}
		if c.RemoveEmptyQuery && p.Query == "" {
			p.clear(&p.HasQuery, &p.Query)
		}
	}
}

// isDefaultPort reports whether port is the default port of the scheme
// (URL Standard, "special scheme").
func isDefaultPort(scheme, port string) bool {
	d := urlstd.DefaultPort(scheme)
	return d >= 0 && port == strconv.Itoa(int(d))
}

// stripWWW removes the first labels of host that are "www" or "www"
// followed by digits, while a domain of two labels or more remains. Every
// such label goes, so that the result is stable.
func stripWWW(host string) string {
	for {
		first, rest, ok := strings.Cut(host, ".")
		if !ok || !isWWWLabel(first) || !isMultiLabelDomain(rest) {
			return host
		}
		host = rest
	}
}

// addWWW puts "www." before a domain of two labels or more whose first
// label is not "www" or "www" followed by digits: the inverse of stripWWW.
func addWWW(host string) string {
	first, _, _ := strings.Cut(host, ".")
	if isWWWLabel(first) || !isMultiLabelDomain(host) {
		return host
	}
	return "www." + host
}

// isWWWLabel reports whether label is "www" or "www" followed by digits,
// in any case.
func isWWWLabel(label string) bool {
	return len(label) >= 3 && strings.EqualFold(label[:3], "www") && allDigits(label[3:])
}

// isMultiLabelDomain reports whether host is a domain of two labels or
// more: not one label ("localhost", "com"), not an IP address.
func isMultiLabelDomain(host string) bool {
	i := strings.IndexByte(host, '.')
	return i > 0 && i < len(host)-1 && !strings.HasPrefix(host, "[") && !ipaddr.EndsInNumber(host)
}

// collapseSlashes replaces each run of "/" in path by one.
func collapseSlashes(path string) string {
	if !strings.Contains(path, "//") {
		return path
	}
	b := make([]byte, 0, len(path))
	for i := 0; i < len(path); i++ {
		if path[i] == '/' && len(b) > 0 && b[len(b)-1] == '/' {
			continue
		}
		b = append(b, path[i])
	}
	return string(b)
}

// dropPathSessionIDs removes ";jsessionid=VALUE" (up to the next "/" or
// ";") and the ASP.NET session segments "(X)" with X 24 letters or digits,
// or one or more "L(X)" with L a letter, when ".aspx" follows in the path.
func dropPathSessionIDs(path string) string {
	const jsession = ";jsessionid="
	aspx := lastIndexFold(path, ".aspx")
	var b []byte
	for i := 0; i < len(path); i++ {
		skip := 0
		switch {
		case path[i] == ';' && len(path)-i >= len(jsession) && strings.EqualFold(path[i:i+len(jsession)], jsession):
			skip = len(jsession)
			for i+skip < len(path) && path[i+skip] != '/' && path[i+skip] != ';' {
				skip++
			}
		case path[i] == '(' && i > 0 && path[i-1] == '/':
			if n := aspSessionSegment(path[i:]); n > 0 && i+n < aspx && path[i+n] == '/' {
				skip = n + 1
			}
		}
		if skip == 0 {
			if b != nil {
				b = append(b, path[i])
			}
			continue
		}
		if b == nil {
			b = append(make([]byte, 0, len(path)), path[:i]...)
		}
		i += skip - 1
	}
	if b == nil {
		return path
	}
	return string(b)
}

// resolveDots removes the "." and ".." segments of a path that starts
// with "/", and with collapse its empty segments.
func resolveDots(path string, collapse bool) string {
	if !strings.HasPrefix(path, "/") {
		return path
	}
	return string(appendResolvedPath(make([]byte, 0, len(path)), path, collapse, nil, true))
}

// appendResolvedPath appends path, empty or starting with "/", to b with
// its "." and ".." segments resolved as RFC 3986's remove_dot_segments
// does (section 5.2.4), with encoded also in the forms the URL Standard's
// path state reads ("%2e" for "."), and with collapse its empty segments
// dropped but a last one; set, if not nil, percent-encodes each segment.
// An empty path becomes "/".
func appendResolvedPath(b []byte, path string, collapse bool, set *pct.Set, encoded bool) []byte {
	start := len(b)
	rest, more := strings.CutPrefix(path, "/")
	for more {
		var seg string
		seg, rest, more = strings.Cut(rest, "/")
		switch {
		case encoded && urlstd.IsDoubleDot(seg) || seg == "..":
			if i := bytes.LastIndexByte(b[start:], '/'); i >= 0 {
				b = b[:start+i]
			}
			if !more {
				b = append(b, '/')
			}
		case encoded && urlstd.IsSingleDot(seg) || seg == ".":
			if !more {
				b = append(b, '/')
			}
		case seg == "" && collapse && more:
		case set != nil:
			b = pct.Append(append(b, '/'), seg, set)
		default:
			b = append(append(b, '/'), seg...)
		}
	}
	if len(b) == start {
		b = append(b, '/')
	}
	return b
}

// aspSessionSegment returns the length of the ASP.NET session segment that
// s starts with, or 0.
func aspSessionSegment(s string) int {
	id := func(s string) bool { // "(" 24 letters or digits ")"
		if len(s) < 26 || s[0] != '(' || s[25] != ')' {
			return false
		}
		for i := 1; i < 25; i++ {
			c := ascii.Lower(s[i])
			if !('a' <= c && c <= 'z' || '0' <= c && c <= '9') {
				return false
			}
		}
		return true
	}
	if id(s) {
		return 26
	}
	if s == "" || s[0] != '(' {
		return 0
	}
	i := 1
	for i+27 <= len(s) {
		c := ascii.Lower(s[i])
		if !('a' <= c && c <= 'z') || !id(s[i+1:]) {
			break
		}
		i += 27
	}
	if i == 1 || i >= len(s) || s[i] != ')' {
		return 0
	}
	return i + 1
}

// lastIndexFold is strings.LastIndex with ASCII case folding.
func lastIndexFold(s, sub string) int {
	for i := len(s) - len(sub); i >= 0; i-- {
		if strings.EqualFold(s[i:i+len(sub)], sub) {
			return i
		}
	}
	return -1
}

// trimPathEnd removes, as asked and for as long as one applies, a last
// segment that is a directory index and a "/" that ends the path.
func trimPathEnd(path string, index, slash bool) string {
	for {
		switch {
		case slash && len(path) > 1 && path[len(path)-1] == '/':
			path = path[:len(path)-1]
		case index && isDirectoryIndex(path[strings.LastIndexByte(path, '/')+1:]):
			path = path[:strings.LastIndexByte(path, '/')+1]
		default:
			return path
		}
	}
}

// isDirectoryIndex reports whether seg is "index.EXT" or "default.EXT",
// with EXT one to four ASCII letters or digits, in any case.
func isDirectoryIndex(seg string) bool {
	dot := strings.IndexByte(seg, '.')
	if dot < 0 {
		return false
	}
	name, ext := seg[:dot], seg[dot+1:]
	if !strings.EqualFold(name, "index") && !strings.EqualFold(name, "default") || len(ext) < 1 || len(ext) > 4 {
		return false
	}
	for i := 0; i < len(ext); i++ {
		c := ascii.Lower(ext[i])
		if !('a' <= c && c <= 'z' || '0' <= c && c <= '9') {
			return false
		}
	}
	return true
}

// isUnreserved reports whether c is an unreserved character of RFC 3986,
// section 2.3.
func isUnreserved(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~'
}

// upperHexDigit returns the hexadecimal digit c in uppercase.
func upperHexDigit(c byte) byte {
	if 'a' <= c && c <= 'f' {
		return c - 'a' + 'A'
	}
	return c
}

// unescapeUnreserved decodes the percent-encoded unreserved characters of
// s and uppercases the hexadecimal digits of the other encodings (RFC
// 3986, sections 6.2.2.1 and 6.2.2.2).
func unescapeUnreserved(s string) string {
	i := strings.IndexByte(s, '%')
	if i < 0 {
		return s
	}
	var b []byte
	for ; i < len(s); i++ {
		if s[i] != '%' || i+2 >= len(s) || !pct.IsHex(s[i+1]) || !pct.IsHex(s[i+2]) {
			if b != nil {
				b = append(b, s[i])
			}
			continue
		}
		c := pct.Unhex(s[i+1])<<4 | pct.Unhex(s[i+2])
		hi, lo := upperHexDigit(s[i+1]), upperHexDigit(s[i+2])
		decode := isUnreserved(c)
		if decode && pct.IsHex(c) {
			// A hex digit after a stray "%" or "%X" would make a new
			// percent-encoding, which the next reading decodes.
			n := len(b)
			last := func(k int) byte { return b[n-k] }
			if b == nil {
				n = i
				last = func(k int) byte { return s[n-k] }
			}
			decode = !(n >= 1 && last(1) == '%' || n >= 2 && last(2) == '%' && pct.IsHex(last(1)))
		}
		if decode || s[i+1] != hi || s[i+2] != lo {
			if b == nil {
				b = append(make([]byte, 0, len(s)), s[:i]...)
			}
		}
		switch {
		case b == nil:
		case decode:
			b = append(b, c)
		default:
			b = append(b, '%', hi, lo)
		}
		i += 2
	}
	if b == nil {
		return s
	}
	return string(b)
}

// The sets of octets that UnescapeRepeatedly encodes again in each
// component: the URL Standard's percent-encode set of the component, so
// that a browser reads the result back unchanged, and "%" and "#", which
// would start an encoding or a fragment; in a path also `\`, which a
// browser reads as "/" in the URLs of special schemes, and in an opaque
// path "?" and " ".
var (
	pathEscape       = pct.Path.With(`%\`)
	opaquePathEscape = pct.C0Control.With(" #%?")
	queryEscape      = pct.SpecialQuery.With("%")
	fragmentEscape   = pct.Fragment.With("#%")
)

// unescapeRepeatedly decodes s until it does not change, then encodes the
// octets of set and those beyond ASCII.
func unescapeRepeatedly(s string, set *pct.Set) string {
	need := strings.IndexByte(s, '%') >= 0
	for i := 0; i < len(s) && !need; i++ {
		need = set.Has(s[i])
	}
	if !need {
		return s
	}
	d := unescapeAll(make([]byte, 0, len(s)), s)
	return string(pct.Append(make([]byte, 0, len(d)+len(d)/4), string(d), set))
}

// paramName returns the name of a query parameter: its bytes before the
// first "=".
func paramName(param string) string {
	if i := strings.IndexByte(param, '='); i >= 0 {
		return param[:i]
	}
	return param
}

// dropsParam reports whether c removes param, one "&"-separated part of
// a query.
func (c *Canonicalizer) dropsParam(param string) bool {
	if param == "" {
		return c.RemoveEmptyParams || c.RemoveBlankParams
	}
	name := paramName(param)
	if c.RemoveBlankParams && len(name) >= len(param)-1 {
		return true // "b" or "b=": no value
	}
	for _, n := range c.DropParams {
		if strings.EqualFold(name, n) {
			return true
		}
	}
	for _, pre := range c.DropParamPrefixes {
		if len(name) >= len(pre) && strings.EqualFold(name[:len(pre)], pre) {
			return true
		}
	}
	return false
}

// dropParams removes from query the parameters, separated by sep, that
// drop reports. The others keep their bytes and order.
func dropParams(query string, sep byte, drop func(param string) bool) string {
	var b []byte
	kept := 0
	start := 0
	for i := 0; i <= len(query); i++ {
		if i < len(query) && query[i] != sep {
			continue
		}
		param := query[start:i]
		if drop(param) {
			if b == nil {
				b = append(make([]byte, 0, len(query)), query[:max(start-1, 0)]...)
			}
		} else if b != nil {
			if kept > 0 {
				b = append(b, sep)
			}
			b = append(b, param...)
			kept++
		} else {
			kept++
		}
		start = i + 1
	}
	if b == nil {
		return query
	}
	return string(b)
}

// formQuery writes query again as the URL Standard's
// application/x-www-form-urlencoded serializer writes a form: each name
// and value read ("+" as a space, percent-encodings decoded) and encoded
// again (a space as "+", the octets of pct.Form and those beyond ASCII
// percent-encoded, so that a value's octets stay as they were), "=" after
// a name alone, and empty parameters dropped.
func formQuery(query string, sep byte) string {
	if isFormSerialized(query, sep) {
		return query
	}
	b := make([]byte, 0, len(query)+8)
	for param := range strings.SplitSeq(query, string(sep)) {
		if param == "" {
			continue
		}
		if len(b) > 0 {
			b = append(b, sep)
		}
		name, value, _ := strings.Cut(param, "=")
		b = pct.AppendForm(b, pct.DecodeForm(name))
		b = append(b, '=')
		b = pct.AppendForm(b, pct.DecodeForm(value))
	}
	if string(b) == query {
		return query
	}
	return string(b)
}

// isFormSerialized reports whether formQuery would leave query as it is:
// parameters, none empty, of a name, one "=" and a value, holding only
// "+" and octets that the form's set leaves raw.
func isFormSerialized(query string, sep byte) bool {
	eq, start := false, true
	for i := 0; i < len(query); i++ {
		switch c := query[i]; {
		case c == sep:
			if start || !eq {
				return false
			}
			eq, start = false, true
			continue
		case c == '=':
			if eq {
				return false
			}
			eq = true
		case c == '+':
		case pct.Form.Has(c):
			return false
		}
		start = false
	}
	return eq || query == ""
}

// sortQuery sorts the parameters of query by name, stably, or by name and
// then value. Each parameter keeps its bytes.
func sortQuery(query string, sep byte, byValue bool) string {
	if strings.IndexByte(query, sep) < 0 {
		return query
	}
	params := strings.Split(query, string(sep))
	cmp := func(a, b string) int { return strings.Compare(paramName(a), paramName(b)) }
	if byValue {
		cmp = func(a, b string) int {
			if c := strings.Compare(paramName(a), paramName(b)); c != 0 {
				return c
			}
			// A name alone sorts before the same name with "=".
			return strings.Compare(a, b)
		}
	}
	if slices.IsSortedFunc(params, cmp) {
		return query
	}
	slices.SortStableFunc(params, cmp)
	return strings.Join(params, string(sep))
}

// The octets EncodeNecessary percent-encodes: those RFC 3986 does not
// allow raw in a path, query or fragment (section 3.3, pchar; 3.4; 3.5),
// and in the userinfo also "/", "?", "#", "@" and the ones that would end
// it; in a reg-name (section 3.2.2) also ":". A "%" is encoded when it
// does not start an encoding.
var (
	necessary         = pct.C0Control.With(" \"<>[\\]^`{|}")
	userinfoNecessary = necessary.With("/?#@")
	regNameNecessary  = userinfoNecessary.With(":")
)

// encodeNecessary percent-encodes the octets of s that set holds, and
// each "%" not followed by two hexadecimal digits. Unless beyondASCII,
// the octets beyond ASCII, which an IRI holds raw, stay as they are.
func encodeNecessary(s string, set *pct.Set, beyondASCII bool) string {
	encode := func(i int) bool {
		c := s[i]
		return (beyondASCII || c < 0x80) && set.Has(c) || c == '%' && !isEncoding(s, i)
	}
	i := 0
	for ; i < len(s); i++ {
		if encode(i) {
			break
		}
	}
	if i == len(s) {
		return s
	}
	b := append(make([]byte, 0, len(s)+16), s[:i]...)
	for ; i < len(s); i++ {
		if encode(i) {
			b = pct.AppendByte(b, s[i])
		} else {
			b = append(b, s[i])
		}
	}
	return string(b)
}

// isEncoding reports whether s[i], a "%", starts a percent-encoding.
func isEncoding(s string, i int) bool {
	return i+2 < len(s) && pct.IsHex(s[i+1]) && pct.IsHex(s[i+2])
}

// uppercaseEscapes writes the hexadecimal digits of the percent-encodings
// of s in uppercase (RFC 3986, section 6.2.2.1).
func uppercaseEscapes(s string) string {
	var b []byte
	for i := strings.IndexByte(s, '%'); i >= 0 && i < len(s); i++ {
		if s[i] != '%' || !isEncoding(s, i) {
			continue
		}
		for k := i + 1; k <= i+2; k++ {
			if c := upperHexDigit(s[k]); c != s[k] {
				if b == nil {
					b = []byte(s)
				}
				b[k] = c
			}
		}
		i += 2
	}
	if b == nil {
		return s
	}
	return string(b)
}

// dropSessionIDs removes from query, its parameters separated by sep, the
// session identifiers that the Internet Archive's surt (its
// URLRegexTransformer), Heritrix (StripSessionIDs, StripSessionCFIDs) and
// urlcanon's aggressive canonicalizer remove, by name and value, ASCII
// case-insensitively: jsessionid, phpsessid and sid with 32 letters or
// digits, aspsessionid and 8 letters with 24 letters, and a cfid
// parameter followed by a cftoken one.
func dropSessionIDs(query string, sep byte) string {
	if lastIndexFold(query, "id") < 0 {
		return query // every name has "id"
	}
	params := strings.Split(query, string(sep))
	kept := params[:0]
	for i := 0; i < len(params); i++ {
		name, value, _ := strings.Cut(params[i], "=")
		switch {
		case strings.EqualFold(name, "cfid") && value != "" && i+1 < len(params):
			if n, v, _ := strings.Cut(params[i+1], "="); strings.EqualFold(n, "cftoken") && v != "" {
				i++
				continue
			}
		case strings.EqualFold(name, "jsessionid") || strings.EqualFold(name, "phpsessid") || strings.EqualFold(name, "sid"):
			if len(value) == 32 && isAlnum(value, true) {
				continue
			}
		case len(name) == 20 && strings.EqualFold(name[:12], "aspsessionid"):
			if isAlnum(name[12:], false) && len(value) == 24 && isAlnum(value, false) {
				continue
			}
		}
		kept = append(kept, params[i])
	}
	if len(kept) == len(params) {
		return query
	}
	return strings.Join(kept, string(sep))
}

// isAlnum reports whether s is ASCII letters, and digits too when digits.
func isAlnum(s string, digits bool) bool {
	for i := 0; i < len(s); i++ {
		c := s[i] | 0x20
		if !('a' <= c && c <= 'z' || digits && '0' <= s[i] && s[i] <= '9') {
			return false
		}
	}
	return true
}
