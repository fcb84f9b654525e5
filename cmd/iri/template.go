package main

import (
	"errors"
	"flag"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/iri-go/iri"
	"github.com/iri-go/iri/uritemplate"
)

// The commands expand and match: URI Templates (RFC 6570).

// expandOptions are the flags of expand.
type expandOptions struct {
	iri bool
}

// templateFlags adds the -iri flag of expand.
func templateFlags(o *expandOptions, fs *flag.FlagSet) {
	fs.BoolVar(&o.iri, "iri", false, "print the IRI form: characters beyond ASCII kept where RFC 3987 allows them")
}

// templateArg parses the TEMPLATE argument of expand and match; on error
// it reports it and returns false.
func (c *context) templateArg(args []string) (uritemplate.Template, bool) {
	if len(args) == 0 {
		fmt.Fprintf(c.stderr, "iri %s: want a TEMPLATE\n", c.cmd.name)
		c.usage(c.stderr)
		c.status = 2
		return uritemplate.Template{}, false
	}
	t, err := uritemplate.Parse(args[0])
	if err != nil {
		c.failTemplate(input{text: args[0], line: 0}, err)
		return uritemplate.Template{}, false
	}
	return t, true
}

// templateErrorJSON is the JSON form of an error in a template.
type templateErrorJSON struct {
	Input  string `json:"input"`
	Error  string `json:"error"`
	Offset int    `json:"offset"`
	Rule   string `json:"rule"`
	Kind   string `json:"kind"`
}

// failTemplate reports an error of package uritemplate: with the offset in
// JSON, else with a caret under the offending character.
func (c *context) failTemplate(in input, err error) {
	var te *uritemplate.Error
	if !errors.As(err, &te) {
		c.fail(in, err)
		return
	}
	c.status = max(c.status, 1)
	if c.json {
		c.writeJSON(templateErrorJSON{Input: te.Input, Error: err.Error(), Offset: te.Offset, Rule: te.Rule, Kind: te.Err.Error()})
		return
	}
	c.out.Flush()
	fmt.Fprintf(c.stderr, "%s%s\n", linePrefix(in.line), quoteControls(err.Error()))
	if te.Offset <= len(te.Input) && len(te.Input) <= 200 {
		prefix := strconv.QuoteToGraphic(te.Input[:te.Offset])
		col := utf8.RuneCountInString(prefix) - 1
		fmt.Fprintf(c.stderr, "  %s\n  %s^\n", strconv.QuoteToGraphic(te.Input), strings.Repeat(" ", col))
	}
}

// parseAssignments reads the name=value arguments of expand: a value with
// commas is a list; name= is the empty string.
func parseAssignments(args []string) (map[string]any, error) {
	vars := make(map[string]any, len(args))
	for _, a := range args {
		name, value, ok := strings.Cut(a, "=")
		if !ok || name == "" {
			return nil, fmt.Errorf("%s is not name=value or name=a,b,c", strconv.QuoteToGraphic(a))
		}
		if strings.Contains(value, ",") {
			vars[name] = strings.Split(value, ",")
		} else {
			vars[name] = value
		}
	}
	return vars, nil
}

func runExpand(c *context, args []string, o expandOptions) int {
	t, ok := c.templateArg(args)
	if !ok {
		return c.status
	}
	vars, err := parseAssignments(args[1:])
	if err != nil {
		fmt.Fprintf(c.stderr, "iri expand: %s\n", err)
		c.usage(c.stderr)
		return 2
	}
	in := input{text: args[0], line: 0}
	var out string
	if o.iri {
		var i fmt.Stringer
		i, err = t.ExpandIRI(vars)
		if err == nil {
			out = i.String()
		}
	} else {
		out, err = t.Expand(vars)
	}
	if err != nil {
		c.failTemplate(in, err)
		return c.status
	}
	c.writeOutput(in, out)
	return c.status
}

// matchJSON is what match prints with -json. A value may be bytes that
// are not UTF-8 ("%FF" decodes to the byte 0xFF), which JSON strings
// cannot hold: as for convertJSON, variables_go then carries the values
// that have such strings, each string as a Go string literal.
type matchJSON struct {
	Input       string         `json:"input"`
	Line        int            `json:"line,omitempty"` // of standard input
	Match       bool           `json:"match"`
	Variables   map[string]any `json:"variables,omitempty"`
	InputGo     string         `json:"input_go,omitempty"`
	VariablesGo map[string]any `json:"variables_go,omitempty"`
}

// goValues returns, for the values of vars that hold a string that is not
// UTF-8, the value with each string as a Go string literal; nil when there
// is none.
func goValues(vars map[string]any) map[string]any {
	var out map[string]any
	for name, v := range vars {
		var g any
		switch v := v.(type) {
		case string:
			if !utf8.ValidString(v) {
				g = strconv.Quote(v)
			}
		case []string:
			if slices.ContainsFunc(v, func(s string) bool { return !utf8.ValidString(s) }) {
				q := make([]string, len(v))
				for i, s := range v {
					q[i] = strconv.Quote(s)
				}
				g = q
			}
		case [][2]string:
			if slices.ContainsFunc(v, func(kv [2]string) bool { return !utf8.ValidString(kv[0]) || !utf8.ValidString(kv[1]) }) {
				q := make([][2]string, len(v))
				for i, kv := range v {
					q[i] = [2]string{strconv.Quote(kv[0]), strconv.Quote(kv[1])}
				}
				g = q
			}
		}
		if g != nil {
			if out == nil {
				out = map[string]any{}
			}
			out[name] = g
		}
	}
	return out
}

func runMatch(c *context, args []string) int {
	t, ok := c.templateArg(args)
	if !ok {
		return c.status
	}
	names := t.Variables()
	return c.eachIRI(args[1:], func(in input, i iri.IRI) error {
		vars, ok := t.Match(i.String())
		if c.json {
			c.writeJSON(matchJSON{Input: in.text, Line: in.line, Match: ok, Variables: vars, InputGo: goLiteral(in.text), VariablesGo: goValues(vars)})
			if !ok {
				c.status = max(c.status, 1)
			}
			return nil
		}
		if !ok {
			return fmt.Errorf("no match: %s", strconv.QuoteToGraphic(redactInput(in.text)))
		}
		q := append(c.scratch[:0], i.String()...)
		q = append(q, '\n')
		for _, name := range names {
			v, defined := vars[name]
			if !defined {
				continue
			}
			q = append(q, "  "...)
			q = append(q, name...)
			q = append(q, ' ')
			switch v := v.(type) {
			case string:
				q = appendQuoted(q, v)
			case []string:
				q = append(q, '[')
				for k, m := range v {
					if k > 0 {
						q = append(q, ' ')
					}
					q = appendQuoted(q, m)
				}
				q = append(q, ']')
			case [][2]string: // an associative array: [key=value ...]
				q = append(q, '[')
				for k, kv := range v {
					if k > 0 {
						q = append(q, ' ')
					}
					q = append(appendQuoted(q, kv[0]), '=')
					q = appendQuoted(q, kv[1])
				}
				q = append(q, ']')
			}
			q = append(q, '\n')
		}
		c.out.Write(q)
		c.scratch = q
		return nil
	})
}
