package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/iri-go/iri"
)

func runParse(c *context, args []string) int {
	c.flags()
	if status, ok := c.parseFlags(args); !ok {
		return status
	}
	return c.eachIRI(func(s string, line int, i iri.IRI) (string, any, error) {
		kind := "relative reference"
		if i.IsAbsolute() {
			kind = "IRI"
		}
		fields := []struct {
			name    string
			present bool
			value   string
		}{
			{"scheme", i.IsAbsolute(), i.Scheme()},
			{"userinfo", i.HasUserinfo(), i.Userinfo()},
			{"host", i.HasAuthority(), i.Host()},
			{"port", i.HasPort(), i.Port()},
			{"path", true, i.Path()},
			{"query", i.HasQuery(), i.Query()},
			{"fragment", i.HasFragment(), i.Fragment()},
		}
		var b strings.Builder
		obj := map[string]any{"input": s, "kind": kind}
		fmt.Fprintf(&b, "%s\n  %-9s %s\n", s, "kind", kind)
		for _, f := range fields {
			shown := "(absent)"
			obj[f.name] = nil
			if f.present {
				shown = strconv.QuoteToGraphic(f.value)
				obj[f.name] = f.value
			}
			fmt.Fprintf(&b, "  %-9s %s\n", f.name, shown)
		}
		return b.String(), obj, nil
	})
}

// convertEach parses each input as an IRI reference and prints what f
// makes of it: one line per input, or {"input": ..., "output": ...}.
func convertEach(c *context, f func(iri.IRI) (iri.IRI, error)) int {
	return c.eachIRI(func(s string, line int, i iri.IRI) (string, any, error) {
		i, err := f(i)
		if err != nil {
			return "", nil, err
		}
		return i.String() + "\n", map[string]string{"input": s, "output": i.String()}, nil
	})
}

func runURI(c *context, args []string) int {
	idna := c.flags().Bool("idna", false, "convert the host names of DNS schemes with IDNA ToASCII")
	if status, ok := c.parseFlags(args); !ok {
		return status
	}
	return convertEach(c, func(i iri.IRI) (iri.IRI, error) {
		if *idna {
			return i.ToURIWithIDNA()
		}
		return i.ToURI(), nil
	})
}

func runIRI(c *context, args []string) int {
	unicodeHost := c.flags().Bool("unicode-host", false, "show the punycode labels of host names in Unicode")
	if status, ok := c.parseFlags(args); !ok {
		return status
	}
	conv := iri.Converter{UnicodeHosts: *unicodeHost}
	return convertEach(c, func(i iri.IRI) (iri.IRI, error) { return conv.ToIRI(i), nil })
}

// levelFlag adds the -level flag of the comparison commands.
func levelFlag(c *context) *iri.Level {
	level := iri.SchemeBased
	c.flags().Func("level", "`level` of the comparison ladder: simple, syntax, scheme or protocol (default scheme)", func(s string) error {
		l, err := iri.ParseLevel(s)
		level = l
		return err
	})
	return &level
}

func runNormalize(c *context, args []string) int {
	level := levelFlag(c)
	if status, ok := c.parseFlags(args); !ok {
		return status
	}
	return convertEach(c, func(i iri.IRI) (iri.IRI, error) { return i.Normalize(*level), nil })
}

func runEqual(c *context, args []string) int {
	level := levelFlag(c)
	if status, ok := c.parseFlags(args); !ok {
		return status
	}
	if c.fs.NArg() != 2 {
		c.fs.Usage()
		return 2
	}
	var refs [2]iri.IRI
	for k, s := range c.fs.Args() {
		i, err := iri.ParseReference(s)
		if err != nil {
			if c.json {
				c.writeJSON(errorObject(s, 0, err))
			} else {
				fmt.Fprintf(c.stderr, "%v\n%s\n", err, pointAt(err))
			}
			return 2
		}
		refs[k] = i
	}
	comparer := iri.Comparer{Level: *level}
	result := comparer.Compare(refs[0], refs[1])
	if c.json {
		c.writeJSON(map[string]string{"a": refs[0].String(), "b": refs[1].String(), "level": level.String(), "result": result.String()})
	} else {
		fmt.Fprintln(c.out, result)
	}
	if result == iri.Equivalent {
		return 0
	}
	return 1
}

func runCheck(c *context, args []string) int {
	c.flags()
	if status, ok := c.parseFlags(args); !ok {
		return status
	}
	errorFound := false
	status := c.eachIRI(func(s string, line int, i iri.IRI) (string, any, error) {
		problems := i.Check()
		var b strings.Builder
		list := []map[string]any{}
		for _, p := range problems {
			if line > 0 {
				fmt.Fprintf(&b, "line %d: ", line)
			}
			fmt.Fprintf(&b, "%s: %v\n", s, p)
			list = append(list, map[string]any{
				"code": p.Code, "severity": p.Severity.String(), "component": p.Component,
				"offset": p.Offset, "message": p.Message,
			})
			errorFound = errorFound || p.Severity == iri.SeverityError
		}
		obj := map[string]any{"input": s, "problems": list}
		if line > 0 {
			obj["line"] = line
		}
		return b.String(), obj, nil
	})
	if errorFound {
		return 1
	}
	return status
}

func runShow(c *context, args []string) int {
	c.flags()
	if status, ok := c.parseFlags(args); !ok {
		return status
	}
	return c.eachIRI(func(s string, line int, i iri.IRI) (string, any, error) {
		visual, uri, display := i.VisualOrder(), i.ToURI().String(), i.DisplayEncoded(nil)
		text := fmt.Sprintf("logical  %s\nvisual   %s\nuri      %s\ndisplay  %s\n", s, visual, uri, strconv.QuoteToGraphic(display))
		return text, map[string]string{"input": s, "visual": visual, "uri": uri, "display": display}, nil
	})
}
