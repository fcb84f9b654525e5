package web

import "errors"

// browserHref returns the href of input as Parse reads it.
// TODO(canon): Parse lands with the web package; until then the browser
// reading is not available.
func browserHref(input string) (string, error) {
	return "", errors.New("web: the URL parser is not there yet")
}
