module github.com/iri-go/iri

go 1.22

require (
	golang.org/x/net v0.35.0
	golang.org/x/text v0.22.0
)
