package iri

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
)

// Equal reports whether a and b are equivalent at level l of the
// comparison ladder: whether a.Normalize(l) == b.Normalize(l). Where
// equivalence cannot be determined (an invalid IDN host at SchemeBased),
// Equal reports false; Comparer.Compare tells that case apart.
//
// Relative references are compared as they are; RFC 3987, section 5.1,
// advises to resolve them first, which a Comparer with a Base does.
func Equal(a, b IRI, l Level) bool {
	return a == b || a.Normalize(l) == b.Normalize(l)
}

// A Result is the outcome of a comparison, which the IRI comparison draft
// (section 2) allows to be "equivalence cannot be determined".
type Result int

const (
	Different    Result = iota // the IRIs are not equivalent at the level
	Equivalent                 // the IRIs are equivalent at the level
	Undetermined               // an IRI could not be normalized (an invalid IDN host, a redirect cycle or too long a chain)
)

// String returns "different", "equivalent" or "undetermined".
func (r Result) String() string {
	switch r {
	case Different:
		return "different"
	case Equivalent:
		return "equivalent"
	case Undetermined:
		return "undetermined"
	}
	return fmt.Sprintf("Result(%d)", int(r))
}

// A Comparer compares and normalizes IRIs at a level of the ladder, with
// the options RFC 3987, section 5.1, asks for, scheme rules beyond the
// built-in ones, and the redirects observed for ProtocolBased. Its zero
// value compares at SimpleString.
//
// A Comparer is safe for concurrent use once its fields are set: a
// crawler may call AddRedirect and SetScheme from some goroutines while
// others call Compare. Compare takes no lock; it sees each redirect and
// rule either wholly or not at all. A Comparer must not be copied after
// first use.
type Comparer struct {
	// Level is the rung of the ladder.
	Level Level

	// IgnoreFragment leaves fragments out, as comparing for retrieval
	// should (section 5.1).
	IgnoreFragment bool

	// Base, if it is absolute, is the IRI relative references are resolved
	// against before they are compared (section 5.1).
	Base IRI

	mu         sync.Mutex                             // serializes the writers of schemes
	schemes    atomic.Pointer[map[string]*SchemeRule] // copy-on-write: written rarely, read on every Compare
	redirects  sync.Map                               // IRI to IRI, both normalized at SchemeBased
	nRedirects atomic.Int64                           // how many entries redirects holds
}

// SetScheme adds or replaces the SchemeBased rule of a scheme (named
// without regard to case) for this Comparer only.
func (c *Comparer) SetScheme(scheme string, rule SchemeRule) {
	c.mu.Lock()
	defer c.mu.Unlock()
	rules := map[string]*SchemeRule{}
	if old := c.schemes.Load(); old != nil {
		for k, v := range *old {
			rules[k] = v
		}
	}
	rules[strings.ToLower(scheme)] = &rule
	c.schemes.Store(&rules)
}

// customRules returns the rules set with SetScheme, or nil.
func (c *Comparer) customRules() map[string]*SchemeRule {
	if m := c.schemes.Load(); m != nil {
		return *m
	}
	return nil
}

// AddRedirect records that a request for from was redirected to to (RFC
// 3987, section 5.3.4), so that at ProtocolBased from normalizes as to
// does. Both are normalized at SchemeBased first; from loses its fragment,
// which a request does not carry, and to inherits it when it has none, as
// in HTTP. Chains are followed up to 20 redirects, as browsers do; a
// longer chain leaves its head as it is, and a comparison involving it
// Undetermined. A member of a cycle of redirects normalizes to itself, and
// a comparison involving it is Undetermined, as a request never ends. It may be called
// while other goroutines compare.
func (c *Comparer) AddRedirect(from, to IRI) {
	rules := c.customRules()
	c.prepare(&from)
	schemeNormalize(&from, rules)
	c.prepare(&to)
	schemeNormalize(&to, rules)
	if _, loaded := c.redirects.Swap(from.WithoutFragment().s, to); !loaded {
		c.nRedirects.Add(1)
	}
}

// Normalize returns the canonical form of i at the Comparer's level.
func (c *Comparer) Normalize(i IRI) IRI {
	c.normalize(&i)
	return i
}

// Equal reports whether a and b are equivalent: c.Compare(a, b) ==
// Equivalent.
func (c *Comparer) Equal(a, b IRI) bool {
	return c.Compare(a, b) == Equivalent
}

// Compare tells whether a and b are equivalent, different, or, when one
// could not be fully normalized, undetermined.
func (c *Comparer) Compare(a, b IRI) Result {
	okA, okB := c.normalize(&a), c.normalize(&b)
	switch {
	case a == b:
		return Equivalent
	case !okA || !okB:
		return Undetermined
	}
	return Different
}

// normalize puts *i in canonical form, and reports false if some part of
// it could not be normalized.
func (c *Comparer) normalize(i *IRI) bool {
	c.prepare(i)
	switch {
	case c.Level <= SimpleString:
		return true
	case c.Level == SyntaxBased:
		syntaxNormalize(i)
		return true
	case c.Level == SchemeBased || c.nRedirects.Load() == 0:
		return schemeNormalize(i, c.customRules())
	}
	ok := schemeNormalize(i, c.customRules())
	var followed bool
	*i, followed = c.followRedirects(*i)
	return ok && followed
}

// prepare applies the options of section 5.1 to *i.
func (c *Comparer) prepare(i *IRI) {
	if !i.IsAbsolute() && c.Base.IsAbsolute() {
		*i = c.Base.Resolve(*i)
	}
	if c.IgnoreFragment {
		*i = i.WithoutFragment()
	}
}

// maxRedirects is the most redirects followRedirects follows, as many as
// browsers do (Fetch standard, "HTTP-redirect fetch", step 5: 20); Go's
// http.Client stops after 10. The bound makes the cost of a comparison
// independent of the length of a chain a hostile site may build.
const maxRedirects = 20

// followRedirects follows the recorded redirects from n to the IRI that
// stands for all the IRIs that lead to it, the end of the chain. A fragment is carried along,
// and replaced by that of a redirect target that has one, as in HTTP. It
// returns n unchanged and reports false, leaving comparisons undetermined,
// for a cycle and for a chain longer than maxRedirects.
func (c *Comparer) followRedirects(n IRI) (IRI, bool) {
	fragment, hasFragment := n.Fragment(), n.HasFragment()
	node := n.WithoutFragment()
	var chain []IRI
	for {
		value, ok := c.redirects.Load(node.s)
		if !ok {
			break
		}
		target := value.(IRI)
		if slices.Contains(chain, node) || len(chain) == maxRedirects {
			return n, false
		}
		chain = append(chain, node)
		if target.HasFragment() {
			fragment, hasFragment = target.Fragment(), true
		}
		node = target.WithoutFragment()
	}
	if len(chain) == 0 {
		return n, true
	}
	cs := node.Components()
	cs.Fragment, cs.HasFragment = fragment, hasFragment
	return cs.build(), true
}
