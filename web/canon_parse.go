package web

// browserHref returns the href of input as Parse reads it.
func browserHref(input string) (string, error) {
	u, err := Parse(input)
	if err != nil {
		return "", err
	}
	return u.String(), nil
}
