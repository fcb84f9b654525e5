package iri

import (
	"iter"
	"strings"
)

// QueryParams returns the name=value pairs of the query, decoded, in the
// order they are written: the query is split on "&", each pair at its
// first "="; a pair without "=" has an empty value, and an empty pair is
// skipped. Every "%HH" is decoded to its octet, so that a name or value
// may hold any byte. A "+" is a space where queries are HTML forms, as
// url.ParseQuery reads them: in http, https, ws and wss IRIs and in
// references without a scheme; in the queries of other schemes it is a
// plus ("mailto:a@b?subject=1+1", RFC 6068). Only a pair that needs
// decoding allocates.
//
// Unlike url.ParseQuery, a ";" is an ordinary character, not an error.
// Code that works with url.Values has net/url's bridges: i.URL() and then
// the url.URL's Query() to read them, i.WithQuery(v.Encode()) to write
// them.
func (i IRI) QueryParams() iter.Seq2[string, string] {
	return func(yield func(string, string) bool) {
		plus := isFormScheme(i.Scheme())
		for rest := i.Query(); rest != ""; {
			var pair string
			pair, rest, _ = strings.Cut(rest, "&")
			if pair == "" {
				continue
			}
			name, value, _ := strings.Cut(pair, "=")
			// A parsed IRI has only valid percent-encodings.
			name, _ = unescape(name, plus)
			value, _ = unescape(value, plus)
			if !yield(name, value) {
				return
			}
		}
	}
}

// isFormScheme reports whether the queries of a scheme are read as HTML
// forms write them, "+" for a space: the web's schemes, and no scheme.
func isFormScheme(scheme string) bool {
	for _, form := range [...]string{"", "http", "https", "ws", "wss"} {
		if strings.EqualFold(scheme, form) {
			return true
		}
	}
	return false
}

// WithQueryParams returns i with its query replaced by the pairs, each
// name and value escaped with EscapeQueryParam and joined as
// name=value&...; with no pairs, i has no query. A nil params is no
// pairs. From url.Values, i.WithQuery(v.Encode()) gives the query
// net/url writes.
func (i IRI) WithQueryParams(params iter.Seq2[string, string]) IRI {
	var b strings.Builder
	if params == nil {
		params = func(func(string, string) bool) {}
	}
	for name, value := range params {
		if b.Len() > 0 {
			b.WriteByte('&')
		}
		b.WriteString(EscapeQueryParam(name))
		b.WriteByte('=')
		b.WriteString(EscapeQueryParam(value))
	}
	c := i.Components()
	c.Query, c.HasQuery = b.String(), b.Len() > 0
	return c.build() // escaped pairs make a valid iquery
}
