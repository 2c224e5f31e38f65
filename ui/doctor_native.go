//go:build !js

package ui

import "github.com/ccplay/ccplay/public/examples"

// defaultExampleLoader reads an example log from the copies embedded in
// package examples, delivered at once.
func defaultExampleLoader(file string, done func([]byte, error)) { done(examples.Read(file)) }
