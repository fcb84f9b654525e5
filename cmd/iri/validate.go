package main

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/iri-go/iri/web"
)

var validateCommand = command{
	name:     "validate",
	synopsis: "[-base URL] [URL...]",
	summary:  "list the URL Standard's validation errors of each URL (what works only by error recovery)",
	details: "Prints each input that is not a valid URL string once, then one line per validation error:\n" +
		"its name in the URL Standard and its byte offset in the input; a parse failure as \"fails: \" and\n" +
		"its message. -base reads each input as a link of a document at URL. Exit status 1 when an input\n" +
		"has a validation error or fails to parse.",
	flags: withFlags(webFlags, runValidate),
}

// validateJSON is what iri validate prints with -json: the validation
// errors, and the parse failure, if any, in the shape of errorJSON (error,
// offset, rule). Offsets are in the input.
type validateJSON struct {
	Input   string                `json:"input"`
	Line    int                   `json:"line,omitempty"`
	InputGo string                `json:"input_go,omitempty"`
	Valid   bool                  `json:"valid"`
	Errors  []validationErrorJSON `json:"errors"`
	Error   string                `json:"error,omitempty"`
	Offset  *int                  `json:"offset,omitempty"`
	Rule    string                `json:"rule,omitempty"`
}

type validationErrorJSON struct {
	Code   string `json:"code"`
	Offset int    `json:"offset"`
}

func runValidate(c *context, args []string, o webOptions) int {
	base, _, ok := o.parseBase(c)
	if !ok {
		return 2
	}
	return c.each(args, func(in input) error {
		errs, err := base.Validate(in.text)
		if len(errs) > 0 || err != nil {
			c.status = max(c.status, 1)
		}
		if c.json {
			out := validateJSON{Input: in.text, Line: in.line, InputGo: goLiteral(in.text), Valid: len(errs) == 0 && err == nil,
				Errors: []validationErrorJSON{}}
			for _, e := range errs {
				out.Errors = append(out.Errors, validationErrorJSON{e.Code, e.Offset})
			}
			var pe *web.Error
			if errors.As(err, &pe) {
				out.Error, out.Offset, out.Rule = err.Error(), &pe.Offset, pe.Rule
			}
			c.writeJSON(out)
			return nil
		}
		if len(errs) == 0 && err == nil {
			return nil
		}
		c.out.WriteString(linePrefix(in.line))
		c.out.WriteString(quoteControls(in.text))
		c.out.WriteByte('\n')
		for _, e := range errs {
			fmt.Fprintf(c.out, "  %s at byte %s\n", e.Code, strconv.Itoa(e.Offset))
		}
		if err != nil {
			fmt.Fprintf(c.out, "  fails: %s\n", quoteControls(err.Error()))
		}
		return nil
	})
}
