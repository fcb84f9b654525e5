module github.com/iri-go/iri

go 1.22
