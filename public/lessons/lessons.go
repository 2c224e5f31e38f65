// Package lessons embeds the playground's lesson files (<id>.<lang>.txt,
// read with ui.ParseLesson) for native builds: the server's first paint
// and the tests. The browser fetches the same files from public/lessons/,
// so they stay out of app.wasm.
package lessons

import "embed"

//go:embed *.txt
var files embed.FS

// Read returns lesson id's file in language lang ("zh" or "en").
func Read(id, lang string) ([]byte, error) { return files.ReadFile(id + "." + lang + ".txt") }
