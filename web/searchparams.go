package web

import (
	"iter"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/iri-go/iri/internal/urlstd"
)

// SearchParams holds the name-value pairs of a query as the URL Standard's
// URLSearchParams class does (section 6.2): in order, a name possibly
// repeated, decoded by the application/x-www-form-urlencoded parser
// (ParseQuery) and written back by its serializer (EncodeQuery). Code that
// edits a query (adds a parameter, drops one, sorts them) reads it with
// ParseSearchParams or URL.SearchParams, changes it, and writes it back
// with URL.WithSearchParams.
//
// The zero SearchParams is an empty list, ready to use. A SearchParams is
// a value: a copy is independent of the original, and changing one never
// shows in the other, even when the two change in different goroutines.
// Names and values are kept as given: a byte sequence that is not UTF-8 is
// percent-encoded byte by byte by String.
type SearchParams struct {
	list []Param
	// used counts the elements of list's array that a SearchParams has
	// written; the copies that share the array share it. Append writes in
	// place only at the end of what was written, after claiming the slot,
	// so that no two copies write one slot; the other changes write a
	// new array.
	used *atomic.Int64
}

// ParseSearchParams reads query as the URLSearchParams constructor reads
// a string: a leading "?" is skipped, then the pairs are parsed as
// ParseQuery does ("+" is a space, percent-encodings are decoded, empty
// pairs are dropped).
func ParseSearchParams(query string) SearchParams {
	return SearchParams{list: ParseQuery(strings.TrimPrefix(query, "?"))}
}

// SearchParams returns the pairs of u's query, as the searchParams
// attribute of the standard's URL class gives them. Unlike
// ParseSearchParams, a "?" at the start of the query is data: the query
// of "http://a/??x=1" has the pair ("?x", "1").
func (u URL) SearchParams() SearchParams {
	return SearchParams{list: ParseQuery(u.Query())}
}

// WithSearchParams returns u with its query replaced by p.String(), as the
// URLSearchParams update steps set it: an empty list removes the query,
// "?" included. The query is in application/x-www-form-urlencoded form,
// which may write the pairs other than the href had them ("a=b%20~"
// becomes "a=b+%7E"); u is returned as it is when p is the list u's query
// already gives and the query is written in that form.
func (u URL) WithSearchParams(p SearchParams) URL {
	q := p.String()
	if q == u.Query() && (q != "" || !u.HasQuery()) {
		return u
	}
	parts := urlstd.Split(u.href)
	parts.HasQuery, parts.Query = q != "", q
	return u.with(parts)
}

// rewrite replaces p's list with list, in a new array: the pairs a copy
// of p shares are never written over.
func (p *SearchParams) rewrite(list []Param) {
	p.list = list
	p.used = new(atomic.Int64)
	p.used.Store(int64(len(list)))
}

// Len returns the number of pairs (the standard's size).
func (p SearchParams) Len() int { return len(p.list) }

// Append adds the pair (name, value) at the end.
func (p *SearchParams) Append(name, value string) {
	n := len(p.list)
	if n < cap(p.list) && p.used != nil && p.used.CompareAndSwap(int64(n), int64(n+1)) {
		p.list = append(p.list, Param{name, value}) // slot n is p's: it claimed it
		return
	}
	list := make([]Param, n, 2*n+1) // as append grows an array
	copy(list, p.list)
	p.rewrite(append(list, Param{name, value}))
}

// Delete removes every pair whose name is name.
func (p *SearchParams) Delete(name string) {
	p.remove(func(q Param) bool { return q.Name == name })
}

// DeleteValue removes every pair whose name is name and value is value
// (the standard's delete with a value).
func (p *SearchParams) DeleteValue(name, value string) {
	p.remove(func(q Param) bool { return q.Name == name && q.Value == value })
}

// remove removes the pairs for which drop reports true.
func (p *SearchParams) remove(drop func(Param) bool) {
	k := slices.IndexFunc(p.list, drop)
	if k < 0 {
		return
	}
	list := append(make([]Param, 0, len(p.list)-1), p.list[:k]...)
	for _, q := range p.list[k+1:] {
		if !drop(q) {
			list = append(list, q)
		}
	}
	p.rewrite(list)
}

// Set gives the first pair named name the value value and removes the
// other pairs of that name; without one, it appends (name, value).
func (p *SearchParams) Set(name, value string) {
	k := slices.IndexFunc(p.list, func(q Param) bool { return q.Name == name })
	if k < 0 {
		p.Append(name, value)
		return
	}
	list := append(append(make([]Param, 0, len(p.list)), p.list[:k]...), Param{name, value})
	for _, q := range p.list[k+1:] {
		if q.Name != name {
			list = append(list, q)
		}
	}
	p.rewrite(list)
}

// Sort sorts the pairs by name as the standard's sort does: stably (the
// pairs of one name keep their order), comparing names by their UTF-16
// code units, so that "😀" (U+D83D U+DE00) sorts before "ﬃ" (U+FB03).
func (p *SearchParams) Sort() {
	if slices.IsSortedFunc(p.list, func(a, b Param) int { return compareUTF16(a.Name, b.Name) }) {
		return
	}
	list := slices.Clone(p.list)
	SortParams(list)
	p.rewrite(list)
}

// Get returns the value of the first pair named name, and whether there is
// one.
func (p SearchParams) Get(name string) (string, bool) {
	for _, q := range p.list {
		if q.Name == name {
			return q.Value, true
		}
	}
	return "", false
}

// GetAll returns the values of the pairs named name, in order; nil when
// there is none.
func (p SearchParams) GetAll(name string) []string {
	var values []string
	for _, q := range p.list {
		if q.Name == name {
			values = append(values, q.Value)
		}
	}
	return values
}

// Has reports whether a pair is named name.
func (p SearchParams) Has(name string) bool {
	return slices.ContainsFunc(p.list, func(q Param) bool { return q.Name == name })
}

// HasValue reports whether a pair is named name and has the value value
// (the standard's has with a value).
func (p SearchParams) HasValue(name, value string) bool {
	return slices.Contains(p.list, Param{name, value})
}

// All returns an iterator over the pairs in order, names and values
// decoded. It yields the pairs p holds when All is called: changes made
// to the list during the loop do not show in it.
func (p SearchParams) All() iter.Seq2[string, string] {
	list := p.list
	return func(yield func(string, string) bool) {
		for _, q := range list {
			if !yield(q.Name, q.Value) {
				return
			}
		}
	}
}

// String returns the pairs as the application/x-www-form-urlencoded
// serializer writes them (EncodeQuery): "a=b+c&d=%26", "" for no pair.
func (p SearchParams) String() string { return EncodeQuery(p.list) }
