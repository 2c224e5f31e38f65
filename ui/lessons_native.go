//go:build !js

package ui

import "github.com/ccplay/ccplay/public/lessons"

// loadEmbedded is the native lesson loader: the files embedded in package
// lessons, delivered at once.
func loadEmbedded(id, lang string, done func([]byte, error)) { done(lessons.Read(id, lang)) }

// defaultLoader is the loader a new App's lessons start with.
var defaultLoader = loadEmbedded
